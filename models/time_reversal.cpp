#include "models/time_reversal.hpp"

namespace trivcheck {

Route reversed(Route route) {
    switch (route) {
        case Route::plus:
            return Route::minus;
        case Route::minus:
            return Route::plus;
        case Route::shortest:
            return Route::shortest;
    }
    return Route::shortest;
}

std::vector<Step> time_reversed_copies(const std::vector<Step>& steps, const std::string& phase) {
    std::vector<Step> reversed_steps;
    reversed_steps.reserve(steps.size());
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
        Step step{phase, {}};
        step.transfers.reserve(it->transfers.size());
        for (const Transfer& sent : it->transfers)
            step.transfers.push_back(
                {sent.dst, sent.src, sent.blocks, Op::copy, reversed(sent.route)});
        reversed_steps.push_back(std::move(step));
    }
    return reversed_steps;
}

}  // namespace trivcheck
