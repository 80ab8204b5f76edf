#include "checker/executor.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <fstream>
#include <string>

#include "checker/bounds_check.hpp"
#include "checker/link_loads.hpp"
#include "checker/provenance.hpp"
#include "checker/report_header.hpp"
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

namespace {

/// Blocks delivered to the stored ranks in the busiest step: the size of the step buffer.
std::uint64_t largest_step_blocks(const Schedule& schedule, std::size_t model_divisor) {
    std::uint64_t largest = 0;
    for (const Step& step : schedule.steps) {
        std::uint64_t blocks = 0;
        for (const Transfer& transfer : step.transfers) blocks += transfer.blocks.size();
        largest = std::max(largest, blocks / model_divisor);
    }
    return largest;
}

/// Cells, one pending write per delivered block, per-block scratch, and the memo tables.
std::uint64_t execution_memory(std::uint64_t stored_cells, std::uint64_t step_blocks, int blocks) {
    return stored_cells * sizeof(SetId) + step_blocks * 12 +
           static_cast<std::uint64_t>(blocks) * 16 + (std::uint64_t{64} << 20);
}

std::uint64_t orbit_memory(const Schedule& model) {
    return execution_memory(static_cast<std::uint64_t>(model.blocks), largest_step_blocks(model, 1),
                            model.blocks);
}

}  // namespace

std::uint64_t estimate_execution_memory(const Schedule& schedule) {
    const std::uint64_t cells =
        static_cast<std::uint64_t>(schedule.ranks) * static_cast<std::uint64_t>(schedule.blocks);
    const bool orbit = is_rotation_symmetric(schedule);
    const std::size_t divisor = orbit ? static_cast<std::size_t>(schedule.ranks) : 1;
    return execution_memory(orbit ? static_cast<std::uint64_t>(schedule.blocks) : cells,
                            largest_step_blocks(schedule, divisor), schedule.blocks);
}

/// One message a stored rank reduces in a step: `transfer` turned by `shift`
/// ranks (0 unless the step is a rank orbit's model), sent by `src`; `index`
/// is its place in the whole step.
struct Arrival {
    const Transfer* transfer;
    int shift;
    int src;
    std::uint32_t index;
};

/// How the executor reads the schedule's steps.
struct StepSource {
    /// Whole steps (every transfer), or a rank orbit's model: the first
    /// 1/model_divisor of each step stands for its n rotations.
    bool orbit = false;
    std::size_t model_divisor = 1;
    /// The whole schedule, for tracing copies; null when only the orbit exists.
    const Schedule* whole = nullptr;
};

/// Runs one schedule; lives for one call of execute().
class Executor {
  public:
    Executor(const Schedule& schedule, const ExecuteOptions& options, const StepSource& source)
        : schedule_(schedule),
          options_(options),
          source_(source),
          sets_(schedule.ranks),
          state_(schedule, sets_, source.orbit),
          loads_(schedule.topology) {}

    Report run();

  private:
    struct PendingWrite {
        int rank;
        int block;
        SetId value;
    };

    void run_step(int step_index);
    /// Link loads, message and byte figures of the whole step.
    void measure_whole_step(const Step& step, int phase, StepFigures& figures);
    void measure_orbit_step(const Step& step, int phase, StepFigures& figures);
    /// Groups the step's messages by stored receiver into arrivals_ and first_arrival_.
    void collect_whole_arrivals(const Step& step);
    void collect_orbit_arrivals(int step_index, const Step& step);
    void check_ports(int step_index, const Step& step);
    void report_port_overuse(int step_index, int rank, bool sending, int count,
                             std::vector<Hop> transfers);
    void deliver(int step_index, int dst, const Arrival* first, const Arrival* last);
    void record_double_count(int step_index, int dst, int block, int relative_contributor,
                             const Arrival* first, const Arrival* last);
    void check_postconditions();
    /// `rotations`: how many ranks the violation stands for (n when found at
    /// rank 0 of a rank orbit, where every rotation of it happens too).
    void record(Violation violation, std::int64_t rotations = 1);
    std::int64_t orbit_weight() const { return source_.orbit ? schedule_.ranks : 1; }
    int phase_index(const std::string& phase);
    std::size_t model_size(const Step& step) const {
        return step.transfers.size() / source_.model_divisor;
    }
    /// Block `i` of the arrival's message, turned with it.
    int arriving_block(const Arrival& arrival, std::size_t i) const {
        const int block = arrival.transfer->blocks.at(i);
        return arrival.shift == 0
                   ? block
                   : rotate_block(block, arrival.shift, schedule_.ranks, schedule_.blocks);
    }
    bool arrival_carries(const Arrival& arrival, int block) const {
        const int unturned = arrival.shift == 0
                                 ? block
                                 : rotate_block(block, schedule_.ranks - arrival.shift,
                                                schedule_.ranks, schedule_.blocks);
        return arrival.transfer->blocks.contains(unturned);
    }

    const Schedule& schedule_;
    const ExecuteOptions& options_;
    StepSource source_;
    ContributionSets sets_;
    ExecutionState state_;
    LinkLoads loads_;
    Report report_;
    std::vector<std::vector<std::int64_t>> phase_blocks_;  // [phase][stored rank]
    std::vector<std::int64_t> total_blocks_;               // [stored rank]
    // The step's arrivals grouped by stored receiver: those of rank r are
    // arrivals_[first_arrival_[r] .. first_arrival_[r + 1]).
    std::vector<Arrival> arrivals_;
    std::vector<std::uint32_t> first_arrival_;
    // Per-delivery scratch, indexed by block and stamped to avoid clearing.
    std::vector<std::uint32_t> stamp_;
    std::vector<SetId> incoming_;
    std::vector<SetId> copied_;   // meaningful only where has_copy_ is set
    std::vector<char> has_copy_;  // a copy arrived this step (it may carry nothing)
    std::vector<int> touched_;
    std::uint32_t current_stamp_ = 0;
    std::vector<PendingWrite> pending_;
    std::array<int, 3> last_double_count_{-1, -1, -1};  // step, rank, block
};

int Executor::phase_index(const std::string& phase) {
    for (std::size_t i = 0; i < report_.phase_bytes.size(); ++i)
        if (report_.phase_bytes[i].first == phase) return static_cast<int>(i);
    report_.phase_bytes.push_back({phase, {}});
    phase_blocks_.emplace_back(static_cast<std::size_t>(state_.stored_ranks()), 0);
    return static_cast<int>(report_.phase_bytes.size() - 1);
}

void Executor::record(Violation violation, std::int64_t rotations) {
    report_.violation_counts[violation.kind] += rotations;
    if (static_cast<int>(report_.violations.size()) < options_.max_recorded_violations)
        report_.violations.push_back(std::move(violation));
}

Report Executor::run() {
    assert(report_.violations.empty() && report_.phase_bytes.empty());
    report_ = report_header(schedule_);
    total_blocks_.assign(static_cast<std::size_t>(state_.stored_ranks()), 0);
    stamp_.assign(static_cast<std::size_t>(schedule_.blocks), 0);
    incoming_.assign(static_cast<std::size_t>(schedule_.blocks), ContributionSets::empty);
    copied_.assign(static_cast<std::size_t>(schedule_.blocks), ContributionSets::empty);
    has_copy_.assign(static_cast<std::size_t>(schedule_.blocks), 0);
    // Growing the step buffer by doubling costs more than the whole reduction at large n.
    pending_.reserve(largest_step_blocks(schedule_, source_.model_divisor));

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
        if (violation.kind != "double_count" || traced >= options_.max_traced_violations ||
            source_.whole == nullptr)
            continue;
        violation.paths = trace_copies(*source_.whole, violation.step, violation.rank,
                                       violation.block, violation.contributor);
        ++traced;
    }
    report_.verdict = report_.violation_counts.empty() ? Verdict::holds : Verdict::violated;
    return std::move(report_);
}

void Executor::run_step(int step_index) {
    const Step& step = schedule_.steps[static_cast<std::size_t>(step_index)];
    StepFigures figures;
    figures.step = step_index;
    figures.phase = step.phase;
    const int phase = phase_index(step.phase);

    if (source_.orbit) {
        collect_orbit_arrivals(step_index, step);
        measure_orbit_step(step, phase, figures);
    } else {
        collect_whole_arrivals(step);
        check_ports(step_index, step);
        measure_whole_step(step, phase, figures);
    }
    std::sort(figures.distances.begin(), figures.distances.end());
    const StepLinkLoad load = loads_.finish_step();
    figures.link_chunks_max = load.chunks_max;
    figures.link_chunks_min = load.chunks_min;
    figures.link_blocks_max = load.blocks_max;
    if (load.busiest_link >= 0) figures.busiest_link = loads_.link_name(load.busiest_link);

    pending_.clear();
    for (int dst = 0; dst < state_.stored_ranks(); ++dst) {
        const Arrival* first = arrivals_.data() + first_arrival_[static_cast<std::size_t>(dst)];
        const Arrival* last = arrivals_.data() + first_arrival_[static_cast<std::size_t>(dst) + 1];
        if (first != last) deliver(step_index, dst, first, last);
    }
    for (const PendingWrite& write : pending_) state_.cell(write.rank, write.block) = write.value;

    if (schedule_.blocks == 1) {
        std::int64_t low = schedule_.ranks;
        std::int64_t high = 0;
        for (int r = 0; r < state_.stored_ranks(); ++r) {
            const std::int64_t count = state_.contributor_count(r, 0);
            low = std::min(low, count);
            high = std::max(high, count);
        }
        figures.coverage_min = low;
        figures.coverage_max = high;
    }
    report_.per_step.push_back(std::move(figures));
}

void Executor::collect_whole_arrivals(const Step& step) {
    // Counting sort by receiver keeps the transfers' order within a receiver.
    const auto n = static_cast<std::size_t>(schedule_.ranks);
    first_arrival_.assign(n + 1, 0);
    for (const Transfer& transfer : step.transfers)
        ++first_arrival_[static_cast<std::size_t>(transfer.dst) + 1];
    for (std::size_t r = 0; r < n; ++r) first_arrival_[r + 1] += first_arrival_[r];
    arrivals_.resize(step.transfers.size());
    std::vector<std::uint32_t> next(first_arrival_.begin(), first_arrival_.end() - 1);
    for (std::uint32_t i = 0; i < step.transfers.size(); ++i) {
        const Transfer& transfer = step.transfers[i];
        arrivals_[next[static_cast<std::size_t>(transfer.dst)]++] = {&transfer, 0, transfer.src, i};
    }
}

void Executor::collect_orbit_arrivals(int step_index, const Step& step) {
    // Rank 0 receives each model transfer turned so that its receiver is 0.
    const int n = schedule_.ranks;
    const std::size_t count = model_size(step);
    arrivals_.clear();
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = step.transfers[j];
        const int shift = wrap(-transfer.dst, n);
        arrivals_.push_back(
            {&transfer, shift, wrap(transfer.src + shift, n),
             static_cast<std::uint32_t>(static_cast<std::size_t>(shift) * count + j)});
    }
    // The whole step lists them by index: the order a receiver reduces them in.
    std::sort(arrivals_.begin(), arrivals_.end(),
              [](const Arrival& a, const Arrival& b) { return a.index < b.index; });
    first_arrival_ = {0, static_cast<std::uint32_t>(arrivals_.size())};
    // Every rank sends and receives exactly `count` messages: rank 0 stands for all.
    const int messages = static_cast<int>(count);
    if (messages <= schedule_.ports) return;
    std::vector<Hop> sent;
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = step.transfers[j];
        const int shift = wrap(-transfer.src, n);
        sent.push_back({step_index, static_cast<int>(static_cast<std::size_t>(shift) * count + j),
                        0, wrap(transfer.dst + shift, n)});
    }
    std::vector<Hop> received;
    for (const Arrival& arrival : arrivals_)
        received.push_back({step_index, static_cast<int>(arrival.index), arrival.src, 0});
    std::sort(sent.begin(), sent.end(),
              [](const Hop& a, const Hop& b) { return a.index < b.index; });
    report_port_overuse(step_index, 0, true, messages, std::move(sent));
    report_port_overuse(step_index, 0, false, messages, std::move(received));
}

void Executor::measure_whole_step(const Step& step, int phase, StepFigures& figures) {
    std::vector<int> messages(static_cast<std::size_t>(schedule_.ranks), 0);
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
    figures.messages_max = *std::max_element(messages.begin(), messages.end());
}

void Executor::measure_orbit_step(const Step& step, int phase, StepFigures& figures) {
    // Each model transfer stands for n messages, one sent by every rank.
    const std::size_t count = model_size(step);
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = step.transfers[j];
        const auto blocks = static_cast<std::int64_t>(transfer.blocks.size());
        const int hops =
            loads_.add_all_rotations(transfer.src, transfer.dst, transfer.route, blocks);
        if (std::find(figures.distances.begin(), figures.distances.end(), hops) ==
            figures.distances.end())
            figures.distances.push_back(hops);
        figures.blocks_max = std::max(figures.blocks_max, blocks);
        phase_blocks_[static_cast<std::size_t>(phase)][0] += blocks;
        total_blocks_[0] += blocks;
    }
    figures.messages_max = static_cast<int>(count);
}

void Executor::report_port_overuse(int step_index, int rank, bool sending, int count,
                                   std::vector<Hop> transfers) {
    Violation violation{"port_overuse",
                        step_index,
                        rank,
                        -1,
                        -1,
                        0,
                        std::move(transfers),
                        {},
                        "rank " + std::to_string(rank) + (sending ? " sends " : " receives ") +
                            std::to_string(count) + " messages with " +
                            std::to_string(schedule_.ports) + " ports"};
    record(std::move(violation), orbit_weight());
}

void Executor::check_ports(int step_index, const Step& step) {
    const auto n = static_cast<std::size_t>(schedule_.ranks);
    std::vector<int> sent(n, 0);
    std::vector<int> received(n, 0);
    for (const Transfer& transfer : step.transfers) {
        ++sent[static_cast<std::size_t>(transfer.src)];
        ++received[static_cast<std::size_t>(transfer.dst)];
    }
    auto overuse = [&](int rank, bool sending, int count) {
        // Listing the transfers costs a pass over the step: only for violations shown in full.
        std::vector<Hop> transfers;
        const bool shown =
            static_cast<int>(report_.violations.size()) < options_.max_recorded_violations;
        for (std::uint32_t i = 0; shown && i < step.transfers.size(); ++i) {
            const Transfer& transfer = step.transfers[i];
            if ((sending ? transfer.src : transfer.dst) == rank)
                transfers.push_back({step_index, static_cast<int>(i), transfer.src, transfer.dst});
        }
        report_port_overuse(step_index, rank, sending, count, std::move(transfers));
    };
    for (std::size_t r = 0; r < n; ++r) {
        if (sent[r] > schedule_.ports) overuse(static_cast<int>(r), true, sent[r]);
        if (received[r] > schedule_.ports) overuse(static_cast<int>(r), false, received[r]);
    }
}

void Executor::deliver(int step_index, int dst, const Arrival* first, const Arrival* last) {
    ++current_stamp_;
    touched_.clear();
    for (const Arrival* arrival = first; arrival != last; ++arrival) {
        const Transfer& transfer = *arrival->transfer;
        const int delta = wrap(arrival->src - dst, schedule_.ranks);
        bool unheld_reported = false;
        for (std::size_t i = 0; i < transfer.blocks.size(); ++i) {
            const int block = arriving_block(*arrival, i);
            const auto b = static_cast<std::size_t>(block);
            const SetId sent = state_.relative_value(arrival->src, block);
            if (sent == ContributionSets::empty && !unheld_reported) {
                unheld_reported = true;
                record({"send_unheld",
                        step_index,
                        arrival->src,
                        block,
                        -1,
                        0,
                        {{step_index, static_cast<int>(arrival->index), arrival->src, dst}},
                        {},
                        "rank " + std::to_string(arrival->src) + " sends block " +
                            std::to_string(block) + " but holds no contribution to it"},
                       orbit_weight());
            }
            const SetId value = sets_.rotate(sent, delta);
            if (stamp_[b] != current_stamp_) {
                stamp_[b] = current_stamp_;
                incoming_[b] = ContributionSets::empty;
                has_copy_[b] = 0;
                touched_.push_back(block);
            }
            if (transfer.op == Op::copy) {
                // A copy replaces the value, even with nothing (SPEC §1); of several
                // copies in one step the first wins.
                if (!has_copy_[b]) {
                    has_copy_[b] = 1;
                    copied_[b] = value;
                }
                continue;
            }
            const UnionResult joined = sets_.unite(incoming_[b], value);
            if (joined.overlap >= 0)
                record_double_count(step_index, dst, block, joined.overlap, first, last);
            incoming_[b] = joined.set;
        }
    }
    for (int block : touched_) {
        const auto b = static_cast<std::size_t>(block);
        const SetId base = has_copy_[b] ? copied_[b] : state_.relative_value(dst, block);
        const UnionResult joined = sets_.unite(base, incoming_[b]);
        if (joined.overlap >= 0)
            record_double_count(step_index, dst, block, joined.overlap, first, last);
        pending_.push_back({dst, block, joined.set});
    }
}

void Executor::record_double_count(int step_index, int dst, int block, int relative_contributor,
                                   const Arrival* first, const Arrival* last) {
    const int contributor = wrap(relative_contributor + dst, schedule_.ranks);
    // Two overlaps at one reduction (incoming pair, then with the own value) are one violation.
    const std::array<int, 3> reduction{step_index, dst, block};
    if (reduction == last_double_count_) return;
    last_double_count_ = reduction;
    Violation violation{"double_count", step_index, dst, block, contributor, 0, {}, {}, {}};
    bool copied = false;
    for (const Arrival* arrival = first; arrival != last; ++arrival) {
        if (!arrival_carries(*arrival, block)) continue;
        if (arrival->transfer->op == Op::copy) {
            copied = true;
        } else if (state_.holds_contributor(arrival->src, block, contributor)) {
            violation.transfers.push_back(
                {step_index, static_cast<int>(arrival->index), arrival->src, dst});
        }
    }
    const bool own_copy = !copied && state_.holds_contributor(dst, block, contributor);
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

namespace {

void refuse_above_limit(const Schedule& schedule, std::uint64_t estimate,
                        const ExecuteOptions& options) {
    const std::uint64_t limit = options.memory_limit_bytes != 0 ? options.memory_limit_bytes
                                                                : available_memory_bytes() / 10 * 8;
    if (estimate > limit)
        throw ResourceLimit(
            "checking " + schedule.name + " needs about " + std::to_string(estimate >> 20) +
            " MiB of state, more than the limit of " + std::to_string(limit >> 20) + " MiB");
}

}  // namespace

Report execute(const Schedule& schedule, const ExecuteOptions& options) {
    refuse_above_limit(schedule, estimate_execution_memory(schedule), options);
    StepSource source;
    source.whole = &schedule;
    if (is_rotation_symmetric(schedule)) {
        source.orbit = true;
        source.model_divisor = static_cast<std::size_t>(schedule.ranks);
    }
    Executor executor(schedule, options, source);
    return executor.run();
}

Report execute(const RotationOrbit& orbit, const ExecuteOptions& options) {
    const Schedule& model = orbit.model;
    if (model.topology.kind != TopologyKind::ring || model.ranks < 2 ||
        (model.blocks != 1 && model.blocks % model.ranks != 0))
        throw std::invalid_argument(model.name +
                                    ": a rotation orbit needs a ring and 1 or k*n blocks");
    refuse_above_limit(orbit.model, orbit_memory(orbit.model), options);
    StepSource source;
    source.orbit = true;
    Executor executor(orbit.model, options, source);
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
