#include "checker/msccl/asynchronous_check.hpp"

#include <limits>
#include <stdexcept>

#include "checker/core/resource_limit.hpp"
#include "checker/msccl/asynchronous_figures.hpp"
#include "checker/msccl/bounded_fifos.hpp"
#include "checker/msccl/deadlock_diagnosis.hpp"
#include "checker/msccl/ll_send_barrier.hpp"
#include "checker/msccl/order_checks.hpp"
#include "checker/msccl/parser_step_rules.hpp"
#include "checker/msccl/postconditions.hpp"
#include "checker/msccl/runtime_limits.hpp"
#include "checker/msccl/two_sided_run.hpp"

namespace trivcheck::msccl {

namespace {

/// Messages left in a FIFO after every thread block finished: one violation per connection.
void report_unreceived(const ProgramLayout& layout, const Scheduler& scheduler,
                       const SymbolicExecution& execution, ViolationSink& violations) {
    for (std::size_t index = 0; index < layout.connections().size(); ++index) {
        const std::span<const int> queued = scheduler.queued(static_cast<int>(index));
        if (queued.empty() || !violations.count(ViolationKind::unreceived_message)) continue;
        const Connection& connection = layout.connections()[index];
        const Message& first = execution.message(queued.front());
        Violation violation;
        violation.kind = ViolationKind::unreceived_message;
        violation.rank = connection.sender;
        violation.step = first.sender_step;
        violation.thread_block = layout.block(first.sender_block).id;
        violation.points = {execution.point(first.sender_block, first.sender_step, "sends")};
        violation.detail =
            std::to_string(queued.size()) + " message(s) from gpu " +
            std::to_string(connection.sender) + " to gpu " + std::to_string(connection.receiver) +
            " on channel " + std::to_string(connection.channel) +
            " are never received; the first was sent by gpu " + std::to_string(connection.sender) +
            " tb " + std::to_string(violation.thread_block) + " step " +
            std::to_string(first.sender_step);
        violations.record(std::move(violation));
    }
}

/// Bytes per chunk of every buffer (ChunkStore: its value, tree and event;
/// RaceDetector: its last write and read) and per input chunk (its
/// contribution set: an arc, its first arc and size; its value event), made
/// before the first step runs, whatever the steps are.
constexpr std::uint64_t bytes_per_cell = sizeof(SetId) + sizeof(TreeId) + 5 * sizeof(int);
constexpr std::uint64_t bytes_per_input_chunk =
    sizeof(Arc) + 2 * sizeof(std::uint32_t) + sizeof(ValueEvent);

/// The chunks of every gpu's buffers together (the run indexes them with an int).
std::uint64_t total_cells(const ProgramLayout& layout) {
    std::uint64_t cells = 0;
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
        for (Buffer buffer : {Buffer::input, Buffer::output, Buffer::scratch})
            cells += static_cast<std::uint64_t>(layout.physical_chunks(gpu, buffer));
    return cells;
}

/// Bytes the execution will hold, about: every chunk's cell and every input
/// chunk's value (above), the local clocks (an entry per
/// thread block of the same gpu) of every thread block (two copies: the
/// order side's and the value side's, and the ring between them,
/// two_sided_run.hpp) and of every send, one
/// send clock (an entry per sending thread block of the program) per thread
/// block (shared ones, and the ones finished thread blocks let go, make up
/// for those of messages and signals in flight), and per chunk a step
/// touches a value event (and a message copy when it is sent).
std::uint64_t memory_estimate(const ProgramLayout& layout) {
    std::uint64_t inputs = 0;
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
        inputs += static_cast<std::uint64_t>(layout.logical_chunks(gpu, Buffer::input));
    std::uint64_t local_entries = 0;
    std::uint64_t senders = 0;
    std::uint64_t chunk_operations = 0;
    for (int block = 0; block < layout.block_count(); ++block) {
        const std::uint64_t width = layout.gpu(layout.gpu_of(block)).thread_blocks.size();
        local_entries += 2 * width;
        senders += layout.links(block).send_connection >= 0 ? 1 : 0;
        for (const Step& step : layout.block(block).steps) {
            local_entries += step_sends(step.type) ? width : 0;
            chunk_operations += static_cast<std::uint64_t>(step.count);
        }
    }
    const std::uint64_t send_entries = static_cast<std::uint64_t>(layout.block_count()) * senders;
    return (local_entries + send_entries + shared_log_words) * sizeof(std::int32_t) +
           total_cells(layout) * bytes_per_cell + inputs * bytes_per_input_chunk +
           chunk_operations * (sizeof(ValueEvent) + 2 * sizeof(ChunkCell));
}

trivcheck::Collective report_collective(Collective collective) {
    switch (collective) {
        case Collective::allgather:
            return trivcheck::Collective::allgather;
        case Collective::reduce_scatter:
            return trivcheck::Collective::reduce_scatter;
        default:
            return trivcheck::Collective::allreduce;
    }
}

/// The report of one complete run.
Report program_report(const Program& program, const ProgramLayout& layout, const FlatSteps& steps,
                      const AsynchronousOptions& options, const Postcondition& postcondition,
                      const Scheduler& scheduler, const RunOutcome& outcome,
                      ViolationSink& violations) {
    Report report;
    report.name = program.name;
    report.algo = "msccl-ir";
    report.collective = report_collective(program.collective);
    report.topology = std::to_string(program.gpu_count) + " gpus";
    report.ranks = program.gpu_count;
    report.blocks = layout.buffer_chunks();
    AsynchronousFigures figures = measure_program(layout, scheduler);
    figures.critical_path = outcome.critical_path;
    figures.fifo_depth_needed = outcome.completed ? least_fifo_depth(layout, steps) : 0;
    figures.runtime = spelling(options.runtime);
    figures.postcondition = postcondition.name();
    figures.postcondition_missing_reason = postcondition.missing_reason();
    report.asynchronous = std::move(figures);
    report.violations = std::move(violations.recorded());
    report.violation_counts = violations.counts();
    report.verdict = report.violation_counts.empty() ? Verdict::holds : Verdict::violated;
    return report;
}

/// The program as the runtime runs it: its parser's step rules, then its buffers.
ParsedProgram as_runtime_runs(const Program& written, Runtime runtime) {
    ParsedProgram parsed = apply_parser_step_rules(written, runtime);
    ParsedProgram sized =
        apply_buffer_geometry(parsed.changed ? *parsed.changed : written, runtime);
    parsed.rules_applied.insert(parsed.rules_applied.end(), sized.rules_applied.begin(),
                                sized.rules_applied.end());
    if (sized.changed) parsed.changed = std::move(sized.changed);
    return parsed;
}

/// `report` with what the out-of-place run of the same file found, each
/// violation and rule line saying which run it comes from.
void merge_out_of_place(Report& report, Report out_of_place) {
    const std::string run = "run out of place (outofplace=\"1\"): ";
    // The runtime's limits judge the file as written: the first run reported them.
    std::erase_if(out_of_place.violations, [](const Violation& violation) {
        return violation.kind == ViolationKind::runtime_limit;
    });
    out_of_place.violation_counts.erase(ViolationKind::runtime_limit);
    for (Violation& violation : out_of_place.violations) {
        violation.detail = run + violation.detail;
        report.violations.push_back(std::move(violation));
    }
    for (const auto& [kind, count] : out_of_place.violation_counts)
        report.violation_counts[kind] += count;
    for (const std::string& rule : out_of_place.asynchronous->runtime_rules)
        report.asynchronous->runtime_rules.push_back(run + rule);
    if (!report.violation_counts.empty()) report.verdict = Verdict::violated;
}

Report check_one_way(const Program& written, const AsynchronousOptions& options) {
    // The runtime's limits judge the file as written; the run, the steps as its parser makes them.
    ParsedProgram parsed = as_runtime_runs(written, options.runtime);
    const Program& program = parsed.changed ? *parsed.changed : written;
    const ProgramLayout layout(program);
    std::optional<ProgramLayout> written_layout;
    if (parsed.changed) written_layout.emplace(written);
    const std::uint64_t cells = total_cells(layout);
    if (cells > std::numeric_limits<int>::max())
        throw ResourceLimit("checking " + program.name + " needs " + std::to_string(cells) +
                            " chunks of state, more than the " +
                            std::to_string(std::numeric_limits<int>::max()) +
                            " the checker can index");
    const std::uint64_t estimate = memory_estimate(layout);
    const std::uint64_t limit = memory_limit_or_default(options.memory_limit_bytes);
    if (estimate > limit)
        throw ResourceLimit(
            "checking " + program.name + " (" + std::to_string(program.gpu_count) + " gpus, " +
            std::to_string(cells) + " chunks) needs about " + std::to_string(estimate >> 20) +
            " MiB of state, more than the limit of " + std::to_string(limit >> 20) + " MiB");
    // First without the values' history; again with it when a double count
    // needs its chains (the runs are the same).
    const FlatSteps steps(layout);
    const Postcondition postcondition(layout, options.root, options.expected);
    for (const bool keep_history : {false, true}) {
        ViolationSink violations(options.max_recorded_violations);
        check_runtime_limits(written_layout ? *written_layout : layout, options.runtime,
                             violations);
        Scheduler scheduler(layout, steps);
        SymbolicExecution execution(layout, violations, keep_history);
        const RunOutcome outcome =
            run_two_sided(layout, steps, scheduler, execution, options.two_threads_from_steps);
        if (execution.history_needed()) continue;
        std::optional<BoundedFifoFigures> bounded;
        if (outcome.completed) {
            report_unreceived(layout, scheduler, execution, violations);
            check_postconditions(postcondition, layout, execution, violations);
            // A run that completes on unbounded FIFOs, with every receive of the
            // count its message was sent with, may still hang on the runtime's.
            if (options.runtime != Runtime::none &&
                !violations.counts().contains(ViolationKind::count_mismatch))
                bounded = check_bounded_fifos(layout, steps, options.runtime, violations);
            // microsoft/msccl's LL send ends with a barrier (sendWithBarrier); RCCL's does not.
            if (options.runtime == Runtime::rccl) check_ll_send_barriers(layout, steps, violations);
        } else {
            diagnose_deadlock(layout, scheduler, violations);
        }
        Report report = program_report(program, layout, steps, options, postcondition, scheduler,
                                       outcome, violations);
        report.asynchronous->runtime_rules = parsed.rules_applied;
        if (bounded) report.asynchronous->bounded_fifos = bounded_fifo_text(*bounded);
        if (outcome.completed) add_order_checks(layout, execution, report);
        return report;
    }
    throw std::logic_error("a run with the values' history asked for it");
}

}  // namespace

Report check_program(const Program& written, const AsynchronousOptions& options) {
    Report report = check_one_way(written, options);
    if (const std::optional<Program> twin = out_of_place_twin(written, options.runtime))
        merge_out_of_place(report, check_one_way(*twin, options));
    return report;
}

}  // namespace trivcheck::msccl
