#include <algorithm>
#include <array>
#include <cassert>
#include <string>

#include "checker/execution/block_classes.hpp"
#include "checker/execution/bounds_check.hpp"
#include "checker/execution/executor_parts.hpp"
#include "checker/execution/fold_core.hpp"
#include "checker/execution/link_loads.hpp"
#include "checker/execution/memory_estimate.hpp"
#include "checker/execution/proven_fold_cores.hpp"
#include "checker/execution/provenance.hpp"
#include "checker/execution/report_header.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/rotation_symmetry.hpp"
#include "models/xor_symmetry.hpp"

namespace trivcheck {

ExecutionState::ExecutionState(const Schedule& schedule, ContributionSets& sets, bool rank_orbit,
                               const RankTranslations& translations, bool cells)
    : ranks_(schedule.ranks),
      blocks_(schedule.blocks),
      buffers_(schedule.buffer_count()),
      rank_orbit_(rank_orbit),
      translations_(translations),
      sets_(sets) {
    if (!cells) return;
    // Scratch buffers start empty; only the vector (buffer 0) holds inputs.
    cells_.assign(static_cast<std::size_t>(stored_ranks()) * static_cast<std::size_t>(buffers_) *
                      static_cast<std::size_t>(blocks_),
                  ContributionSets::empty);
    const SetId own = sets.single(0);
    for (int r = 0; r < stored_ranks(); ++r) {
        // All-gather inputs exist only at the block's owner; every other collective starts
        // everywhere (a stored rank's vector is the first `blocks` of its cells).
        if (schedule.collective != Collective::allgather) {
            std::fill_n(cells_.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(r) *
                                                                     slots_per_rank()),
                        blocks_, own);
            continue;
        }
        for (int b = 0; b < blocks_; ++b)
            if (schedule.owner_of_block(b) == stored_rank(r))
                cell(stored_rank(r), main_buffer, b) = own;
    }
}

bool ExecutionState::holds_contributor(int rank, int buffer, int block, int contributor) const {
    return sets_.contains(relative_value(rank, buffer, block),
                          translations_.difference(contributor, rank));
}

RankTranslations execution_translations(const Schedule& schedule, const StepSource& source) {
    if (source.translations) return *source.translations;
    const RankTranslations translations = execution_translations(schedule, source.orbit);
    return source.symmetry_steps.empty() ? translations
                                         : translations.with_symmetry_steps(source.symmetry_steps);
}

RankTranslations execution_translations(const Schedule& schedule, bool orbit) {
    if (schedule.topology.kind == TopologyKind::ring)
        return RankTranslations::ring(schedule.ranks, orbit ? schedule.blocks : 1);
    // Every rank stored: values relative by translation all the same, so that a torus's
    // reports name the contributors its orbit names; blocks are never translated.
    if (!orbit)
        return schedule.topology.kind == TopologyKind::torus
                   ? RankTranslations(schedule.topology.dims, {})
                   : RankTranslations::ring(schedule.ranks, 1);
    std::optional<RankTranslations> translations = RankTranslations::of(schedule);
    if (!translations)
        throw std::invalid_argument(schedule.name + ": not a rank orbit of its topology");
    return *translations;
}

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

/// Cells, one pending write per delivered block, per-slot scratch, and the memo tables.
std::uint64_t execution_memory(std::uint64_t stored_ranks, std::uint64_t step_blocks,
                               const Schedule& schedule) {
    const auto slots = static_cast<std::uint64_t>(schedule.buffer_count()) *
                       static_cast<std::uint64_t>(schedule.blocks);
    return stored_ranks * slots * sizeof(SetId) + step_blocks * 16 + slots * 16 +
           per_rank_figures_memory(schedule) + (std::uint64_t{64} << 20);
}

std::uint64_t orbit_memory(const RotationOrbit& orbit) {
    return execution_memory(static_cast<std::uint64_t>(orbit_translations(orbit).representatives()),
                            largest_step_blocks(orbit.model, 1), orbit.model);
}

std::uint64_t estimate_memory(const Schedule& schedule, bool orbit) {
    const std::size_t divisor = orbit ? static_cast<std::size_t>(schedule.ranks) : 1;
    return execution_memory(orbit ? 1 : static_cast<std::uint64_t>(schedule.ranks),
                            largest_step_blocks(schedule, divisor), schedule);
}

}  // namespace

std::uint64_t estimate_execution_memory(const Schedule& schedule, bool use_symmetry) {
    return estimate_memory(schedule, use_symmetry && has_rank_symmetry(schedule));
}

int Executor::phase_index(const std::string& phase) {
    for (std::size_t i = 0; i < report_.phase_bytes.size(); ++i)
        if (report_.phase_bytes[i].first == phase) return static_cast<int>(i);
    report_.phase_bytes.push_back({phase, {}});
    phase_blocks_.emplace_back(static_cast<std::size_t>(state_.stored_ranks()), 0);
    return static_cast<int>(report_.phase_bytes.size() - 1);
}

void Executor::record(Violation violation, std::int64_t rotations) {
    if (!listing_) {
        report_.violation_counts[violation.kind] += rotations;
        ++counted_records_;
    }
    if (has_room()) report_.violations.push_back(std::move(violation));
}

Report Executor::run() {
    assert(report_.violations.empty() && report_.phase_bytes.empty());
    report_ = report_header(schedule_);
    total_blocks_.assign(static_cast<std::size_t>(state_.stored_ranks()), 0);
    const std::size_t slots = state_.slots_per_rank();
    delivery_slots_.assign(slots, DeliverySlot{});
    double_counted_.assign(slots, 0);
    // Growing the step buffer by doubling costs more than the whole reduction at large n.
    pending_.reserve(largest_step_blocks(schedule_, source_.model_divisor));
    for (const Step& step : schedule_.steps)
        has_local_operations_ = has_local_operations_ || !step.local.empty();

    for (int step = 0; step < static_cast<int>(schedule_.steps.size()); ++step) {
        run_step(step);
        if (options_.observer) options_.observer->after_step(step, state_);
    }
    if (!source_.figures_only) check_postconditions();

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
    // Tracing in an orbit without its whole schedule knows rings only.
    const bool traceable = source_.whole != nullptr ||
                           (source_.orbit_only && lists_whole() && translations_.is_ring());
    for (Violation& violation : report_.violations) {
        if (violation.kind != ViolationKind::double_count ||
            traced >= options_.max_traced_violations || !traceable)
            continue;
        violation.paths = source_.whole ? trace_copies(*source_.whole, violation)
                                        : trace_copies(*source_.orbit_only, violation);
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
    const std::size_t listed_before = report_.violations.size();
    const std::int64_t counted_before = counted_records_;
    run_local_operations(step_index, step);

    if (source_.orbit) {
        collect_orbit_arrivals(step_index, step);
        measure_orbit_step(step, phase, figures);
    } else {
        // Arrivals by receiver are for deliveries, which a figures-only run skips.
        if (!source_.figures_only) collect_whole_arrivals(step);
        check_ports(step_index, step);
        measure_whole_step(step, phase, figures);
    }
    std::sort(figures.distances.begin(), figures.distances.end());
    const StepLinkLoad load = loads_.finish_step();
    figures.link_chunks_max = load.chunks_max;
    figures.link_chunks_min = load.chunks_min;
    figures.link_blocks_max = load.blocks_max;
    if (load.busiest_link >= 0) figures.busiest_link = loads_.link_name(load.busiest_link);

    if (!source_.figures_only) deliver_step(step_index, step, listed_before, counted_before);

    if (schedule_.blocks == 1) {
        std::int64_t low = schedule_.ranks;
        std::int64_t high = 0;
        for (int r = 0; r < state_.stored_ranks(); ++r) {
            // What a rank holds, in any of its buffers (they may overlap: a union, not a sum).
            const int rank = state_.stored_rank(r);
            SetId held = state_.relative_value(rank, 0);
            for (int buffer = 1; buffer < state_.buffers(); ++buffer)
                held = sets_.unite(held, state_.relative_value(rank, buffer, 0)).set;
            const std::int64_t count = sets_.size(held);
            low = std::min(low, count);
            high = std::max(high, count);
        }
        figures.coverage_min = low;
        figures.coverage_max = high;
    }
    report_.per_step.push_back(std::move(figures));
}

void Executor::deliver_step(int step_index, const Step& step, std::size_t listed_before,
                            std::int64_t counted_before) {
    pending_.clear();
    if (!source_.orbit) {
        sends_this_step_.assign(static_cast<std::size_t>(schedule_.ranks), 0);
        for (const Transfer& transfer : step.transfers)
            sends_this_step_[static_cast<std::size_t>(transfer.src)] = 1;
    }
    for (int stored = 0; stored < state_.stored_ranks(); ++stored) {
        const auto index = static_cast<std::size_t>(stored);
        const Arrival* first = arrivals_.data() + first_arrival_[index];
        const Arrival* last = arrivals_.data() + first_arrival_[index + 1];
        if (first != last) deliver(step_index, state_.stored_rank(stored), first, last);
    }
    if (lists_whole() && counted_records_ != counted_before &&
        static_cast<int>(listed_before) < options_.max_recorded_violations)
        list_whole_step(step_index, step, listed_before);
    for (const PendingWrite& write : pending_) state_.cells_[write.cell] = write.value;
}

namespace {

void refuse_above_limit(const Schedule& schedule, std::uint64_t estimate,
                        const ExecuteOptions& options) {
    const std::uint64_t limit = memory_limit_or_default(options.memory_limit_bytes);
    if (estimate > limit)
        throw ResourceLimit(
            "checking " + schedule.name + " needs about " + std::to_string(estimate >> 20) +
            " MiB of state, more than the limit of " + std::to_string(limit >> 20) + " MiB");
}

/// The report of `schedule` from the first block of each class, when that
/// applies (an all-reduce without local operations whose blocks fall into
/// fewer classes, nobody watching the steps) and the schedule holds; nothing
/// otherwise, and the whole schedule is executed to list what is wrong.
std::optional<Report> execute_by_block_classes(const Schedule& schedule,
                                               const ExecuteOptions& options) {
    if (schedule.collective != Collective::allreduce || options.observer || schedule.blocks < 2 ||
        schedule.uses_buffers())
        return std::nullopt;
    const BlockClasses classes = block_classes(schedule);
    if (classes.count == schedule.blocks) return std::nullopt;
    const std::vector<std::uint8_t> representatives = classes.representatives();
    StepSource source;
    source.whole = &schedule;
    source.representatives = &representatives;
    Executor executor(schedule, options, source);
    Report report = executor.run();
    if (report.verdict != Verdict::holds) return std::nullopt;
    return report;
}

/// The report of a folded all-reduce whose core holds (fold_core.hpp): the
/// figures from the messages alone, once the core is proven; nothing when it
/// does not fold, or its core does not hold, or the messages break a port or
/// a bound (then the whole schedule is executed to list what is wrong).
std::optional<Report> execute_by_fold_core(const Schedule& schedule,
                                           const ExecuteOptions& options) {
    if (options.observer) return std::nullopt;
    const std::optional<FoldedSchedule> folded = FoldedSchedule::of(schedule);
    if (!folded || !proven_fold_cores().holds(*folded, options)) return std::nullopt;
    assert(schedule.blocks >= 2);
    StepSource source;
    source.whole = &schedule;
    source.figures_only = true;
    Executor executor(schedule, options, source);
    Report report = executor.run();
    if (report.verdict != Verdict::holds) return std::nullopt;
    return report;
}

}  // namespace

Report execute(const Schedule& schedule, const ExecuteOptions& options) {
    // The symmetry is looked for once: proving it costs a pass over every block sent.
    const bool topology_orbit = options.use_symmetry && has_topology_symmetry(schedule);
    const std::optional<RankTranslations> xor_orbit =
        options.use_symmetry && !topology_orbit ? xor_symmetry(schedule) : std::nullopt;
    const bool orbit = topology_orbit || xor_orbit;
    // A fold needs the cells of its core only (estimated when the core runs): the
    // whole schedule's are counted only if it goes on.
    if (!orbit && options.use_symmetry)
        if (std::optional<Report> report = execute_by_fold_core(schedule, options))
            return std::move(*report);
    refuse_above_limit(schedule, estimate_memory(schedule, orbit), options);
    StepSource source;
    source.whole = &schedule;
    if (orbit) {
        source.orbit = true;
        source.model_divisor = static_cast<std::size_t>(schedule.ranks);
        if (xor_orbit) source.translations = &*xor_orbit;
    } else if (options.use_symmetry) {
        // Runs again below, over every block, when the classes find a violation:
        // one block per class cannot list the others' violations or trace them.
        if (std::optional<Report> report = execute_by_block_classes(schedule, options))
            return std::move(*report);
    }
    Executor executor(schedule, options, source);
    return executor.run();
}

Report execute(const RotationOrbit& orbit, const ExecuteOptions& options) {
    const Schedule& model = orbit.model;
    const bool ring = model.topology.kind == TopologyKind::ring && model.ranks >= 2 &&
                      (model.blocks == 1 || model.blocks % model.ranks == 0);
    if (!ring && !(model.topology.kind == TopologyKind::torus && RankTranslations::of(model)))
        throw std::invalid_argument(model.name +
                                    ": a rank orbit needs a ring and 1 or k*n blocks, or a "
                                    "torus and D or k*N blocks");
    if (!options.use_symmetry) return execute(expand(orbit), options);
    refuse_above_limit(orbit.model, orbit_memory(orbit), options);
    StepSource source;
    source.orbit = true;
    source.orbit_only = &orbit;
    source.symmetry_steps = orbit.symmetry_steps;
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
