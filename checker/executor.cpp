#include "checker/executor.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <fstream>
#include <string>

#include "checker/bounds_check.hpp"
#include "checker/link_loads.hpp"
#include "checker/provenance.hpp"
#include "checker/rotation_symmetry.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

ExecutionState::ExecutionState(const Schedule& schedule, ContributionSets& sets, bool rank_orbit)
    : ranks_(schedule.ranks), blocks_(schedule.blocks), rank_orbit_(rank_orbit), sets_(sets) {
    cells_.assign(static_cast<std::size_t>(stored_ranks()) * static_cast<std::size_t>(blocks_),
                  ContributionSets::empty);
    const SetId own = sets.single(0);
    for (int r = 0; r < stored_ranks(); ++r)
        for (int b = 0; b < blocks_; ++b) {
            // All-gather inputs exist only at the block's owner; every other collective starts
            // everywhere.
            const bool starts_here =
                schedule.collective != Collective::allgather || schedule.owner_of_block(b) == r;
            cell(r, b) = starts_here ? own : ContributionSets::empty;
        }
}

bool ExecutionState::holds_contributor(int rank, int block, int contributor) const {
    return sets_.contains(relative_value(rank, block), wrap(contributor - rank, ranks_));
}

namespace {

std::uint64_t available_memory_bytes() {
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    std::uint64_t kilobytes = 0;
    std::string unit;
    while (meminfo >> key >> kilobytes >> unit)
        if (key == "MemAvailable:") return kilobytes * 1024;
    return std::uint64_t{8} << 30;
}

}  // namespace

std::uint64_t estimate_execution_memory(const Schedule& schedule) {
    const std::uint64_t cells =
        static_cast<std::uint64_t>(schedule.ranks) * static_cast<std::uint64_t>(schedule.blocks);
    std::uint64_t largest_step_blocks = 0;
    for (const Step& step : schedule.steps) {
        std::uint64_t blocks = 0;
        for (const Transfer& transfer : step.transfers) blocks += transfer.blocks.size();
        largest_step_blocks = std::max(largest_step_blocks, blocks);
    }
    const bool orbit = is_rotation_symmetric(schedule);
    const std::uint64_t stored_cells = orbit ? static_cast<std::uint64_t>(schedule.blocks) : cells;
    if (orbit) largest_step_blocks /= static_cast<std::uint64_t>(schedule.ranks);
    // Cells, one pending write per delivered block, per-rank scratch, and the memo tables.
    return stored_cells * sizeof(SetId) + largest_step_blocks * 12 +
           static_cast<std::uint64_t>(schedule.blocks) * 16 + (std::uint64_t{64} << 20);
}

/// Runs one schedule; lives for one call of execute().
class Executor {
  public:
    Executor(const Schedule& schedule, const ExecuteOptions& options)
        : schedule_(schedule),
          options_(options),
          sets_(schedule.ranks),
          state_(schedule, sets_, is_rotation_symmetric(schedule)),
          loads_(schedule.topology) {}

    Report run();

  private:
    struct PendingWrite {
        int rank;
        int block;
        SetId value;
    };

    void run_step(int step_index);
    void check_ports(int step_index, const std::vector<std::uint32_t>& order);
    void deliver(int step_index, int dst, const std::uint32_t* first, const std::uint32_t* last);
    void record_double_count(int step_index, int dst, int block, int relative_contributor,
                             const std::uint32_t* first, const std::uint32_t* last);
    void check_postconditions();
    /// `rotations`: how many ranks the violation stands for (n when found at
    /// rank 0 of a rank orbit, where every rotation of it happens too).
    void record(Violation violation, std::int64_t rotations = 1);
    std::int64_t orbit_weight() const { return state_.stored_ranks() == 1 ? schedule_.ranks : 1; }
    int phase_index(const std::string& phase);

    const Schedule& schedule_;
    const ExecuteOptions& options_;
    ContributionSets sets_;
    ExecutionState state_;
    LinkLoads loads_;
    Report report_;
    std::vector<std::vector<std::int64_t>> phase_blocks_;  // [phase][rank]
    std::vector<std::int64_t> total_blocks_;
    // Per-delivery scratch, indexed by block and stamped to avoid clearing.
    std::vector<std::uint32_t> stamp_;
    std::vector<SetId> incoming_;
    std::vector<SetId> copied_;
    std::vector<int> touched_;
    std::uint32_t current_stamp_ = 0;
    std::vector<PendingWrite> pending_;
    std::array<int, 3> last_double_count_{-1, -1, -1};  // step, rank, block
};

int Executor::phase_index(const std::string& phase) {
    for (std::size_t i = 0; i < report_.phase_bytes.size(); ++i)
        if (report_.phase_bytes[i].first == phase) return static_cast<int>(i);
    report_.phase_bytes.push_back({phase, {}});
    phase_blocks_.emplace_back(static_cast<std::size_t>(schedule_.ranks), 0);
    return static_cast<int>(report_.phase_bytes.size() - 1);
}

void Executor::record(Violation violation, std::int64_t rotations) {
    report_.violation_counts[violation.kind] += rotations;
    if (static_cast<int>(report_.violations.size()) < options_.max_recorded_violations)
        report_.violations.push_back(std::move(violation));
}

Report Executor::run() {
    report_.name = schedule_.name;
    report_.algo = schedule_.algo;
    report_.form = schedule_.form;
    report_.collective = schedule_.collective;
    report_.topology = schedule_.topology.describe();
    report_.ranks = schedule_.ranks;
    report_.blocks = schedule_.blocks;
    total_blocks_.assign(static_cast<std::size_t>(schedule_.ranks), 0);
    stamp_.assign(static_cast<std::size_t>(schedule_.blocks), 0);
    incoming_.assign(static_cast<std::size_t>(schedule_.blocks), ContributionSets::empty);
    copied_.assign(static_cast<std::size_t>(schedule_.blocks), ContributionSets::empty);
    // Growing the step buffer by doubling costs more than the whole reduction at large n.
    std::size_t largest_step_blocks = 0;
    for (const Step& step : schedule_.steps) {
        std::size_t blocks = 0;
        for (const Transfer& transfer : step.transfers)
            if (transfer.dst < state_.stored_ranks()) blocks += transfer.blocks.size();
        largest_step_blocks = std::max(largest_step_blocks, blocks);
    }
    pending_.reserve(largest_step_blocks);

    for (int step = 0; step < static_cast<int>(schedule_.steps.size()); ++step) {
        run_step(step);
        if (options_.observer) options_.observer->after_step(step, state_);
    }
    check_postconditions();

    for (std::size_t p = 0; p < phase_blocks_.size(); ++p) {
        const auto [low, high] =
            std::minmax_element(phase_blocks_[p].begin(), phase_blocks_[p].end());
        report_.phase_bytes[p].second = {*low, *high};
    }
    report_.total_blocks_per_rank_max =
        *std::max_element(total_blocks_.begin(), total_blocks_.end());
    std::int64_t theta_blocks = 0;
    for (const StepFigures& figures : report_.per_step) theta_blocks += figures.link_blocks_max;
    report_.theta = report_.blocks_to_m(theta_blocks);
    if (schedule_.bounds)
        for (Violation& violation : check_bounds(*schedule_.bounds, report_))
            record(std::move(violation));

    int traced = 0;
    for (Violation& violation : report_.violations) {
        if (violation.kind != "double_count" || traced >= options_.max_traced_violations) continue;
        violation.paths = trace_copies(schedule_, violation.step, violation.rank, violation.block,
                                       violation.contributor);
        ++traced;
    }
    report_.verdict = report_.violation_counts.empty() ? Verdict::holds : Verdict::violated;
    return std::move(report_);
}

void Executor::run_step(int step_index) {
    const Step& step = schedule_.steps[static_cast<std::size_t>(step_index)];
    const int n = schedule_.ranks;
    StepFigures figures;
    figures.step = step_index;
    figures.phase = step.phase;
    const int phase = phase_index(step.phase);

    // Group transfers by receiver (counting sort keeps their order within a receiver).
    std::vector<std::uint32_t> first_of(static_cast<std::size_t>(n) + 1, 0);
    for (const Transfer& transfer : step.transfers)
        ++first_of[static_cast<std::size_t>(transfer.dst) + 1];
    for (int r = 0; r < n; ++r)
        first_of[static_cast<std::size_t>(r) + 1] += first_of[static_cast<std::size_t>(r)];
    std::vector<std::uint32_t> order(step.transfers.size());
    {
        std::vector<std::uint32_t> next(first_of.begin(), first_of.end() - 1);
        for (std::uint32_t i = 0; i < step.transfers.size(); ++i)
            order[next[static_cast<std::size_t>(step.transfers[i].dst)]++] = i;
    }
    check_ports(step_index, order);

    std::vector<int> messages(static_cast<std::size_t>(n), 0);
    for (const Transfer& transfer : step.transfers) {
        const auto blocks = static_cast<std::int64_t>(transfer.blocks.size());
        const int hops = loads_.add(transfer.src, transfer.dst, transfer.route, blocks);
        if (std::find(figures.distances.begin(), figures.distances.end(), hops) ==
            figures.distances.end())
            figures.distances.push_back(hops);
        ++messages[static_cast<std::size_t>(transfer.src)];
        figures.blocks_max = std::max(figures.blocks_max, blocks);
        phase_blocks_[static_cast<std::size_t>(phase)][static_cast<std::size_t>(transfer.src)] +=
            blocks;
        total_blocks_[static_cast<std::size_t>(transfer.src)] += blocks;
    }
    std::sort(figures.distances.begin(), figures.distances.end());
    figures.messages_max = *std::max_element(messages.begin(), messages.end());
    const StepLinkLoad load = loads_.finish_step();
    figures.link_chunks_max = load.chunks_max;
    figures.link_chunks_min = load.chunks_min;
    figures.link_blocks_max = load.blocks_max;
    if (load.busiest_link >= 0) figures.busiest_link = loads_.link_name(load.busiest_link);

    pending_.clear();
    for (int dst = 0; dst < state_.stored_ranks(); ++dst) {
        const std::uint32_t* first = order.data() + first_of[static_cast<std::size_t>(dst)];
        const std::uint32_t* last = order.data() + first_of[static_cast<std::size_t>(dst) + 1];
        if (first != last) deliver(step_index, dst, first, last);
    }
    for (const PendingWrite& write : pending_) state_.cell(write.rank, write.block) = write.value;

    if (schedule_.blocks == 1) {
        std::int64_t low = n;
        std::int64_t high = 0;
        for (int r = 0; r < n; ++r) {
            const std::int64_t count = state_.contributor_count(r, 0);
            low = std::min(low, count);
            high = std::max(high, count);
        }
        figures.coverage_min = low;
        figures.coverage_max = high;
    }
    report_.per_step.push_back(std::move(figures));
}

void Executor::check_ports(int step_index, const std::vector<std::uint32_t>& order) {
    const Step& step = schedule_.steps[static_cast<std::size_t>(step_index)];
    const auto n = static_cast<std::size_t>(schedule_.ranks);
    std::vector<int> sent(n, 0);
    std::vector<int> received(n, 0);
    for (const Transfer& transfer : step.transfers) {
        ++sent[static_cast<std::size_t>(transfer.src)];
        ++received[static_cast<std::size_t>(transfer.dst)];
    }
    auto overuse = [&](int rank, bool sending, int count) {
        Violation violation{"port_overuse",
                            step_index,
                            rank,
                            -1,
                            -1,
                            0,
                            {},
                            {},
                            "rank " + std::to_string(rank) + (sending ? " sends " : " receives ") +
                                std::to_string(count) + " messages with " +
                                std::to_string(schedule_.ports) + " ports"};
        // Listing the transfers costs a pass over the step: only for violations shown in full.
        const bool shown =
            static_cast<int>(report_.violations.size()) < options_.max_recorded_violations;
        for (std::uint32_t i : order) {
            if (!shown) break;
            const Transfer& transfer = step.transfers[i];
            if ((sending ? transfer.src : transfer.dst) == rank)
                violation.transfers.push_back(
                    {step_index, static_cast<int>(i), transfer.src, transfer.dst});
        }
        std::sort(violation.transfers.begin(), violation.transfers.end(),
                  [](const Hop& a, const Hop& b) { return a.index < b.index; });
        record(std::move(violation));
    };
    for (std::size_t r = 0; r < n; ++r) {
        if (sent[r] > schedule_.ports) overuse(static_cast<int>(r), true, sent[r]);
        if (received[r] > schedule_.ports) overuse(static_cast<int>(r), false, received[r]);
    }
}

void Executor::deliver(int step_index, int dst, const std::uint32_t* first,
                       const std::uint32_t* last) {
    const Step& step = schedule_.steps[static_cast<std::size_t>(step_index)];
    const int n = schedule_.ranks;
    ++current_stamp_;
    touched_.clear();
    for (const std::uint32_t* it = first; it != last; ++it) {
        const Transfer& transfer = step.transfers[*it];
        const int delta = wrap(transfer.src - dst, n);
        bool unheld_reported = false;
        transfer.blocks.for_each([&](int block) {
            const auto b = static_cast<std::size_t>(block);
            const SetId sent = state_.relative_value(transfer.src, block);
            if (sent == ContributionSets::empty && !unheld_reported) {
                unheld_reported = true;
                record({"send_unheld",
                        step_index,
                        transfer.src,
                        block,
                        -1,
                        0,
                        {{step_index, static_cast<int>(*it), transfer.src, dst}},
                        {},
                        "rank " + std::to_string(transfer.src) + " sends block " +
                            std::to_string(block) + " but holds no contribution to it"},
                       orbit_weight());
            }
            const SetId value = sets_.rotate(sent, delta);
            if (stamp_[b] != current_stamp_) {
                stamp_[b] = current_stamp_;
                incoming_[b] = ContributionSets::empty;
                copied_[b] = ContributionSets::empty;
                touched_.push_back(block);
            }
            if (transfer.op == Op::copy) {
                // A copy replaces the value; of several copies in one step the first wins.
                if (copied_[b] == ContributionSets::empty) copied_[b] = value;
                return;
            }
            const UnionResult joined = sets_.unite(incoming_[b], value);
            if (joined.overlap >= 0)
                record_double_count(step_index, dst, block, joined.overlap, first, last);
            incoming_[b] = joined.set;
        });
    }
    for (int block : touched_) {
        const auto b = static_cast<std::size_t>(block);
        const SetId base =
            copied_[b] != ContributionSets::empty ? copied_[b] : state_.relative_value(dst, block);
        const UnionResult joined = sets_.unite(base, incoming_[b]);
        if (joined.overlap >= 0)
            record_double_count(step_index, dst, block, joined.overlap, first, last);
        pending_.push_back({dst, block, joined.set});
    }
}

void Executor::record_double_count(int step_index, int dst, int block, int relative_contributor,
                                   const std::uint32_t* first, const std::uint32_t* last) {
    const Step& step = schedule_.steps[static_cast<std::size_t>(step_index)];
    const int n = schedule_.ranks;
    const int contributor = wrap(relative_contributor + dst, n);
    // Two overlaps at one reduction (incoming pair, then with the own value) are one violation.
    const std::array<int, 3> reduction{step_index, dst, block};
    if (reduction == last_double_count_) return;
    last_double_count_ = reduction;
    Violation violation{"double_count", step_index, dst, block, contributor, 0, {}, {}, {}};
    bool own_copy = false;
    for (const std::uint32_t* it = first; it != last; ++it) {
        const Transfer& transfer = step.transfers[*it];
        if (transfer.op == Op::copy || !transfer.blocks.contains(block)) continue;
        if (state_.holds_contributor(transfer.src, block, contributor))
            violation.transfers.push_back({step_index, static_cast<int>(*it), transfer.src, dst});
    }
    bool copied = false;
    for (const std::uint32_t* it = first; it != last; ++it) {
        const Transfer& transfer = step.transfers[*it];
        copied = copied || (transfer.op == Op::copy && transfer.blocks.contains(block));
    }
    own_copy = !copied && state_.holds_contributor(dst, block, contributor);
    violation.copies = static_cast<int>(violation.transfers.size()) + (own_copy ? 1 : 0);
    violation.detail = "rank " + std::to_string(dst) + " reduces contribution " +
                       std::to_string(contributor) + " of block " + std::to_string(block) + " " +
                       std::to_string(violation.copies) + " times" +
                       (own_copy ? " (its own partial holds one copy)" : "");
    record(std::move(violation), orbit_weight());
}

void Executor::check_postconditions() {
    const int n = schedule_.ranks;
    const SetId full = sets_.full();
    auto report_missing = [&](int rank, int block, const std::string& expectation) {
        const SetId value = state_.relative_value(rank, block);
        const int relative = schedule_.collective == Collective::allgather
                                 ? wrap(schedule_.owner_of_block(block) - rank, n)
                                 : sets_.first_missing(value);
        const int contributor = relative < 0 ? -1 : wrap(relative + rank, n);
        record({"missing",
                -1,
                rank,
                block,
                contributor,
                0,
                {},
                {},
                "rank " + std::to_string(rank) + " ends " + expectation + " block " +
                    std::to_string(block) + ": holds " + std::to_string(sets_.size(value)) +
                    " of " + std::to_string(schedule_.collective == Collective::allgather ? 1 : n) +
                    " contributions, lacks contributor " + std::to_string(contributor)},
               orbit_weight());
    };
    const int checked_ranks = state_.stored_ranks();
    for (int b = 0; b < schedule_.blocks; ++b) {
        const int owner = schedule_.owner_of_block(b);
        switch (schedule_.collective) {
            case Collective::allreduce:
                for (int r = 0; r < checked_ranks; ++r)
                    if (state_.relative_value(r, b) != full) report_missing(r, b, "without all of");
                break;
            case Collective::reduce_scatter:
                if (owner < checked_ranks && state_.relative_value(owner, b) != full)
                    report_missing(owner, b, "without all of its");
                break;
            case Collective::allgather: {
                for (int r = 0; r < checked_ranks; ++r) {
                    const SetId value = state_.relative_value(r, b);
                    if (sets_.size(value) != 1 || !state_.holds_contributor(r, b, owner))
                        report_missing(r, b, "without the final value of");
                }
                break;
            }
        }
    }
}

Report execute(const Schedule& schedule, const ExecuteOptions& options) {
    const std::uint64_t limit = options.memory_limit_bytes != 0 ? options.memory_limit_bytes
                                                                : available_memory_bytes() / 10 * 8;
    const std::uint64_t estimate = estimate_execution_memory(schedule);
    if (estimate > limit)
        throw ResourceLimit(
            "checking " + schedule.name + " needs about " + std::to_string(estimate >> 20) +
            " MiB of state, more than the limit of " + std::to_string(limit >> 20) + " MiB");
    Executor executor(schedule, options);
    return executor.run();
}

const char* to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::holds:
            return "holds";
        case Verdict::violated:
            return "violated";
        case Verdict::not_applicable:
            return "not_applicable";
    }
    return "?";
}

}  // namespace trivcheck
