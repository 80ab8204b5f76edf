#include "models/schedule.hpp"

#include <algorithm>

namespace trivcheck {

std::size_t Schedule::transfer_count() const {
    std::size_t count = 0;
    for (const Step& step : steps) count += step.transfers.size();
    return count;
}

const std::string& Schedule::buffer_name(int buffer) const {
    return trivcheck::buffer_name(buffers, buffer);
}

int buffer_number(const std::vector<std::string>& scratch_names, const std::string& name) {
    if (name == "main") return main_buffer;
    const auto found = std::find(scratch_names.begin(), scratch_names.end(), name);
    if (found == scratch_names.end()) return -1;
    return 1 + static_cast<int>(found - scratch_names.begin());
}

const std::string& buffer_name(const std::vector<std::string>& scratch_names, int buffer) {
    static const std::string main_name = "main";
    return buffer == main_buffer ? main_name
                                 : scratch_names.at(static_cast<std::size_t>(buffer - 1));
}

bool Schedule::uses_buffers() const {
    if (!buffers.empty()) return true;
    for (const Step& step : steps)
        if (!step.local.empty()) return true;
    return false;
}

const char* to_string(Collective collective) {
    switch (collective) {
        case Collective::allreduce:
            return "allreduce";
        case Collective::reduce_scatter:
            return "reduce_scatter";
        case Collective::allgather:
            return "allgather";
    }
    return "?";
}

const char* to_string(Op op) { return op == Op::reduce ? "reduce" : "copy"; }

const char* to_string(Route route) {
    switch (route) {
        case Route::shortest:
            return "shortest";
        case Route::plus:
            return "+";
        case Route::minus:
            return "-";
    }
    return "?";
}

std::optional<Collective> parse_collective(const std::string& text) {
    for (Collective c : {Collective::allreduce, Collective::reduce_scatter, Collective::allgather})
        if (text == to_string(c)) return c;
    return std::nullopt;
}

std::optional<Op> parse_op(const std::string& text) {
    if (text == "reduce") return Op::reduce;
    if (text == "copy") return Op::copy;
    return std::nullopt;
}

std::optional<Route> parse_route(const std::string& text) {
    if (text == "+") return Route::plus;
    if (text == "-") return Route::minus;
    if (text == "shortest") return Route::shortest;
    return std::nullopt;
}

}  // namespace trivcheck
