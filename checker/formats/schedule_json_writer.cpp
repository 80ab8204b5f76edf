// Writing half of checker/formats/schedule_json.hpp: a deterministic layout that
// parse_schedule_json (checker/formats/schedule_json.cpp) reads back exactly.

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "checker/core/block_list_text.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/schedule_json.hpp"

namespace trivcheck {
namespace {

using json = nlohmann::json;

void append_string(std::string& out, std::string_view text) { out += json_text(json(text)); }

void append_number(std::string& out, double value) { out += json_text(json(value)); }

template <class Number>
void append_numbers(std::string& out, const std::vector<Number>& values) {
    out += '[';
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i > 0) out += ", ";
        if constexpr (std::is_floating_point_v<Number>)
            append_number(out, values[i]);
        else
            out += std::to_string(values[i]);
    }
    out += ']';
}

/// One value for every step is written as a plain number.
template <class Number>
void append_per_step(std::string& out, const std::vector<Number>& values) {
    if (values.size() != 1) return append_numbers(out, values);
    if constexpr (std::is_floating_point_v<Number>)
        append_number(out, values[0]);
    else
        out += std::to_string(values[0]);
}

/// The blocks in ascending order. A shared pattern is sorted, so its rotation
/// is two ascending runs: linear time instead of BlockSet::sorted()'s sort,
/// which matters when every rank's sets are rotations of n-block patterns.
std::vector<int> ascending(const BlockSet& blocks) {
    if (blocks.empty()) return {};
    const std::vector<int>& pattern = *blocks.pattern();
    if (std::adjacent_find(pattern.begin(), pattern.end(), std::greater_equal<int>()) !=
        pattern.end())
        return blocks.sorted();
    const int offset = blocks.offset();
    const int modulus = blocks.modulus();
    auto wrap = std::lower_bound(pattern.begin(), pattern.end(), modulus - offset);
    std::vector<int> sorted;
    sorted.reserve(pattern.size());
    for (auto block = wrap; block != pattern.end(); ++block)
        sorted.push_back(*block + offset - modulus);
    for (auto block = pattern.begin(); block != wrap; ++block) sorted.push_back(*block + offset);
    return sorted;
}

void append_blocks(std::string& out, const BlockSet& blocks) {
    // Short lists read best as lists; long ones (a rank's share of n blocks)
    // would bury the schedule's shape in numbers.
    constexpr std::size_t kListedBlocks = 8;
    std::vector<int> sorted = ascending(blocks);
    if (sorted.size() <= kListedBlocks) return append_numbers(out, sorted);
    out += '"';
    out += format_block_list(sorted);
    out += '"';
}

void append_bounds(std::string& out, const Bounds& bounds) {
    bool first = true;
    auto key = [&](const char* name) {
        out += first ? "" : ", ";
        first = false;
        out += '"';
        out += name;
        out += "\": ";
    };
    out += '{';
    if (bounds.steps) {
        key("steps");
        out += std::to_string(*bounds.steps);
    }
    if (!bounds.link_chunks.empty()) {
        key("link_chunks");
        append_per_step(out, bounds.link_chunks);
    }
    if (!bounds.link_bytes.empty()) {
        key("link_bytes");
        append_per_step(out, bounds.link_bytes);
    }
    if (bounds.bytes_per_rank_per_phase) {
        key("bytes_per_rank_per_phase");
        append_number(out, *bounds.bytes_per_rank_per_phase);
    }
    if (bounds.theta) {
        key("theta");
        append_number(out, *bounds.theta);
    }
    out += '}';
}

void append_topology(std::string& out, const Topology& topology) {
    out += "{\"kind\": ";
    append_string(out, to_string(topology.kind));
    out += ", \"dims\": ";
    append_numbers(out, topology.dims);
    if (topology.kind == TopologyKind::graph) {
        out += ", \"edges\": [";
        for (std::size_t i = 0; i < topology.edges.size(); ++i) {
            if (i > 0) out += ", ";
            out += '[' + std::to_string(topology.edges[i].first) + ", " +
                   std::to_string(topology.edges[i].second) + ']';
        }
        out += ']';
    }
    out += '}';
}

/// `, "<key>": "<name>"`, left out for the main buffer (the default).
void append_buffer(std::string& out, const Schedule& schedule, const char* key, int buffer) {
    if (buffer == main_buffer) return;
    out += ", \"";
    out += key;
    out += "\": ";
    append_string(out, schedule.buffer_name(buffer));
}

void append_transfer(std::string& out, const Schedule& schedule, const Transfer& transfer) {
    out += "{\"src\": ";
    out += std::to_string(transfer.src);
    out += ", \"dst\": ";
    out += std::to_string(transfer.dst);
    out += ", \"blocks\": ";
    append_blocks(out, transfer.blocks);
    out += ", \"op\": \"";
    out += to_string(transfer.op);
    out += '"';
    if (transfer.route != Route::shortest) {
        out += ", \"route\": \"";
        out += to_string(transfer.route);
        out += '"';
    }
    append_buffer(out, schedule, "src_buffer", transfer.src_buffer);
    append_buffer(out, schedule, "dst_buffer", transfer.dst_buffer);
    out += '}';
}

/// Both buffers always, main too: a local operation is about two buffers.
void append_local(std::string& out, const Schedule& schedule, const LocalOp& operation) {
    out += "{\"rank\": ";
    out += std::to_string(operation.rank);
    out += ", \"src_buffer\": ";
    append_string(out, schedule.buffer_name(operation.src_buffer));
    out += ", \"dst_buffer\": ";
    append_string(out, schedule.buffer_name(operation.dst_buffer));
    out += ", \"blocks\": ";
    append_blocks(out, operation.blocks);
    out += ", \"op\": \"";
    out += to_string(operation.op);
    out += "\"}";
}

/// Writes the whole file into `out`; with `drain`, hands `out` over whenever
/// it passes a megabyte, so a file of any size is written in bounded memory.
/// `every_rank` marks each step as standing for its rotations (an orbit's model).
void write_schedule(const Schedule& schedule, std::string& out,
                    const std::function<void(std::string&)>& drain, bool every_rank) {
    constexpr std::size_t kDrainSize = std::size_t{1} << 20;
    auto line = [&](const char* key) {
        out += "  \"";
        out += key;
        out += "\": ";
    };
    out += "{\n";
    line("schema");
    append_string(out, kScheduleSchema);
    out += ",\n";
    // Labels are written only when set, so an unlabelled schedule reads back
    // unlabelled.
    for (auto [key, value] : {std::pair{"name", &schedule.name}, std::pair{"algo", &schedule.algo},
                              std::pair{"form", &schedule.form}}) {
        if (value->empty()) continue;
        line(key);
        append_string(out, *value);
        out += ",\n";
    }
    line("collective");
    append_string(out, to_string(schedule.collective));
    out += ",\n";
    line("topology");
    append_topology(out, schedule.topology);
    out += ",\n";
    line("ranks");
    out += std::to_string(schedule.ranks) + ",\n";
    line("blocks");
    out += std::to_string(schedule.blocks) + ",\n";
    line("ports");
    out += std::to_string(schedule.ports) + ",\n";
    if (!schedule.buffers.empty()) {
        line("buffers");
        out += '[';
        for (std::size_t i = 0; i < schedule.buffers.size(); ++i) {
            if (i > 0) out += ", ";
            append_string(out, schedule.buffers[i]);
        }
        out += "],\n";
    }
    if (schedule.bounds) {
        line("bounds");
        append_bounds(out, *schedule.bounds);
        out += ",\n";
    }
    line("steps");
    if (schedule.steps.empty()) {
        out += "[]\n}\n";
        return;
    }
    out += "[\n";
    for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
        const Step& step = schedule.steps[k];
        out += "    {";
        if (!step.phase.empty()) {
            out += "\"phase\": ";
            append_string(out, step.phase);
            out += ", ";
        }
        if (every_rank) out += "\"every_rank\": true, ";
        if (!step.local.empty()) {
            // Before the transfers, as they run before the sends.
            out += "\"local\": [";
            for (std::size_t i = 0; i < step.local.size(); ++i) {
                out += i == 0 ? "\n      " : ",\n      ";
                append_local(out, schedule, step.local[i]);
                if (drain && out.size() >= kDrainSize) drain(out);
            }
            out += "\n    ], ";
        }
        out += "\"transfers\": [";
        for (std::size_t i = 0; i < step.transfers.size(); ++i) {
            out += i == 0 ? "\n      " : ",\n      ";
            append_transfer(out, schedule, step.transfers[i]);
            if (drain && out.size() >= kDrainSize) drain(out);
        }
        out += step.transfers.empty() ? "]}" : "\n    ]}";
        out += k + 1 < schedule.steps.size() ? ",\n" : "\n";
    }
    out += "  ]\n}\n";
}

/// write_schedule into the file at `path`, a megabyte at a time.
void write_file(const Schedule& schedule, bool every_rank, const std::string& path) {
    write_file_text(path, [&](std::string& out, const std::function<void(std::string&)>& drain) {
        write_schedule(schedule, out, drain, every_rank);
    });
}

}  // namespace

std::string write_schedule_json(const Schedule& schedule) {
    std::string out;
    write_schedule(schedule, out, nullptr, false);
    return out;
}

std::string write_orbit_json(const RotationOrbit& orbit) {
    std::string out;
    write_schedule(orbit.model, out, nullptr, true);
    return out;
}

void write_schedule_file(const Schedule& schedule, const std::string& path) {
    write_file(schedule, false, path);
}

void write_orbit_file(const RotationOrbit& orbit, const std::string& path) {
    write_file(orbit.model, true, path);
}

}  // namespace trivcheck
