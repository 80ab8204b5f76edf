#include "checker/search/observable_behaviour.hpp"

#include <algorithm>
#include <tuple>

#include "checker/execution/executor.hpp"
#include "checker/execution/link_loads.hpp"

namespace trivcheck {

namespace {

/// Keeps the state after the last step, bit by bit.
class FinalStateObserver : public StepObserver {
  public:
    FinalStateObserver(int last_step, std::vector<std::uint64_t>& bits)
        : last_step_(last_step), bits_(bits) {}
    void after_step(int step, const ExecutionState& state) override {
        if (step != last_step_) return;
        const auto n = static_cast<std::size_t>(state.ranks());
        const auto blocks = static_cast<std::size_t>(state.blocks());
        bits_.assign((n * blocks * n + 63) / 64, 0);
        for (std::size_t r = 0; r < n; ++r)
            for (std::size_t b = 0; b < blocks; ++b)
                for (std::size_t c = 0; c < n; ++c)
                    if (state.holds_contributor(static_cast<int>(r), static_cast<int>(b),
                                                static_cast<int>(c))) {
                        const std::size_t bit = (r * blocks + b) * n + c;
                        bits_[bit / 64] |= std::uint64_t{1} << (bit % 64);
                    }
    }

  private:
    int last_step_;
    std::vector<std::uint64_t>& bits_;
};

bool same_figures(const StepFigures& a, const StepFigures& b) {
    return std::tie(a.phase, a.distances, a.coverage_min, a.coverage_max, a.messages_max,
                    a.blocks_max, a.link_chunks_max, a.link_chunks_min, a.link_blocks_max) ==
           std::tie(b.phase, b.distances, b.coverage_min, b.coverage_max, b.messages_max,
                    b.blocks_max, b.link_chunks_max, b.link_chunks_min, b.link_blocks_max);
}

using TransferKey = std::tuple<int, int, std::vector<int>, int, int>;

std::vector<TransferKey> sorted_keys(const Step& step) {
    std::vector<TransferKey> keys;
    for (const Transfer& transfer : step.transfers)
        keys.emplace_back(transfer.src, transfer.dst, transfer.blocks.sorted(),
                          static_cast<int>(transfer.op), static_cast<int>(transfer.route));
    std::sort(keys.begin(), keys.end());
    return keys;
}

}  // namespace

ObservableBehaviour observe(const Schedule& schedule, std::uint64_t final_state_bits) {
    ObservableBehaviour behaviour;
    const auto n = static_cast<std::uint64_t>(schedule.ranks);
    const auto blocks = static_cast<std::uint64_t>(schedule.blocks);
    behaviour.final_cells_kept = !schedule.steps.empty() && n * blocks * n <= final_state_bits;
    FinalStateObserver final_state(static_cast<int>(schedule.steps.size()) - 1,
                                   behaviour.final_cells);
    ExecuteOptions options;
    options.max_traced_violations = 0;
    if (behaviour.final_cells_kept) options.observer = &final_state;
    behaviour.report = execute(schedule, options);

    LinkLoads loads(schedule.topology);
    loads.keep_per_link(true);
    for (const Step& step : schedule.steps) {
        std::vector<std::int64_t> traffic(4 * static_cast<std::size_t>(n), 0);
        for (const Transfer& transfer : step.transfers) {
            const auto size = static_cast<std::int64_t>(transfer.blocks.size());
            loads.add(transfer.src, transfer.dst, transfer.route, size);
            const auto src = static_cast<std::size_t>(transfer.src) * 4;
            const auto dst = static_cast<std::size_t>(transfer.dst) * 4;
            traffic[src] += 1;
            traffic[dst + 1] += 1;
            traffic[src + 2] += size;
            traffic[dst + 3] += size;
        }
        loads.finish_step();
        behaviour.link_chunks.push_back(loads.last_step_chunks());
        behaviour.link_blocks.push_back(loads.last_step_blocks());
        behaviour.rank_traffic.push_back(std::move(traffic));
    }
    return behaviour;
}

std::optional<std::string> first_difference(const ObservableBehaviour& a,
                                            const ObservableBehaviour& b) {
    const Report& x = a.report;
    const Report& y = b.report;
    if (x.verdict != y.verdict || x.violation_counts != y.violation_counts)
        return "a different verdict or violations";
    if (x.steps() != y.steps()) return "a different number of steps";
    for (int k = 0; k < x.steps(); ++k) {
        const auto i = static_cast<std::size_t>(k);
        if (!same_figures(x.per_step[i], y.per_step[i]))
            return "different figures in step " + std::to_string(k);
        if (a.link_chunks[i] != b.link_chunks[i] || a.link_blocks[i] != b.link_blocks[i])
            return "different link loads in step " + std::to_string(k);
        if (a.rank_traffic[i] != b.rank_traffic[i])
            return "different messages or blocks per rank in step " + std::to_string(k);
    }
    if (!a.final_cells_kept || !b.final_cells_kept) return "final state too large to compare";
    if (a.final_cells != b.final_cells) return "a different final state";
    return std::nullopt;
}

bool same_transfers(const Schedule& a, const Schedule& b) {
    if (a.steps.size() != b.steps.size()) return false;
    for (std::size_t k = 0; k < a.steps.size(); ++k)
        if (a.steps[k].phase != b.steps[k].phase ||
            sorted_keys(a.steps[k]) != sorted_keys(b.steps[k]))
            return false;
    return true;
}

}  // namespace trivcheck
