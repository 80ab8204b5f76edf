#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/reports/report_text.hpp"
#include "checker/search/generator_difference.hpp"
#include "checker/search/mutant_shrink.hpp"
#include "checker/search/schedule_shrink.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/mutation/msccl_shrink.hpp"
#include "cli/number_checks.hpp"
#include "cli/percent.hpp"
#include "cli/schedule_source.hpp"

namespace trivcheck::cli {

namespace {

struct ShrinkOptions {
    ScheduleSource source;
    std::string output;
    std::string kind;
    std::string mutation;
    int site = -1;
    bool no_delta = false;
    bool as_file = false;
};

std::string sizes(const Schedule& schedule) {
    return std::to_string(schedule.ranks) + " ranks, " + std::to_string(schedule.steps.size()) +
           " steps, " + std::to_string(schedule.blocks) + " blocks, " +
           std::to_string(schedule.transfer_count()) + " transfers";
}

/// The schedule to shrink, and what is known of how it was made.
struct ShrinkInput {
    Schedule schedule;
    /// The generator that made it (or the one its file names), for the summary.
    GeneratorRequest request;
    /// Set for `--mutation`: the correct schedule and the mistake made in it.
    std::optional<Schedule> original;
    const MutationOperator* mutation = nullptr;
    MutationPlace place;
};

/// `--mutation OP [--site I]`: the generator's schedule with OP's mistake at
/// its I-th place (default: the middle one); throws CLI::ValidationError.
ShrinkInput make_mutant(const ShrinkOptions& options, std::ostream& out) {
    ShrinkInput input;
    input.request = to_request(options.source);
    input.original = generate(input.request);
    input.mutation = find_mutation_operator(options.mutation);
    const std::vector<Mutant> places = input.mutation->mutate(*input.original, SiteChoice::all());
    if (places.empty())
        throw CLI::ValidationError("--mutation",
                                   options.mutation + " cannot be made in " + input.original->name);
    const int count = static_cast<int>(places.size());
    const int site = options.site < 0 ? count / 2 : options.site;
    if (site >= count)
        throw CLI::ValidationError(
            "--site", input.original->name + " has " + std::to_string(count) + " places for " +
                          options.mutation + ": 0.." + std::to_string(count - 1));
    const Mutant& mutant = places[static_cast<std::size_t>(site)];
    input.schedule = mutant.schedule;
    input.schedule.name = input.original->name + "-" + options.mutation;
    input.place = mutant.place;
    out << "mutant " << terminal_text(input.schedule.name) << ": " << mutant.site << " (place "
        << site << " of " << count << ", numbered from 0)\n";
    return input;
}

/// A file that is its generator's ring schedule with one of mutate's
/// mistakes in it is shrunk as that mutant: its n first.
void recognise_generated_mutant(ShrinkInput& input, std::ostream& out) {
    if (input.request.algo.empty() || input.schedule.topology.kind != TopologyKind::ring) return;
    input.request.topology = input.schedule.topology;
    Schedule original;
    try {
        original = generate(input.request);
    } catch (const std::exception&) {
        return;  // no such generator or size: compared with nothing
    }
    std::optional<RecognisedMutation> found = recognise_mutation(original, input.schedule);
    if (!found) return;
    out << "recognised " << terminal_text(input.schedule.name) << " as " << original.name
        << " with " << found->op->name << " at " << found->mutant.site << "\n";
    input.original = std::move(original);
    input.mutation = found->op;
    input.place = found->mutant.place;
}

ShrinkInput load_input(const ShrinkOptions& options, std::ostream& out) {
    if (!options.mutation.empty()) return make_mutant(options, out);
    ShrinkInput input;
    input.schedule = load_schedule(options.source);
    // A generated file names its generator: the summary compares with it.
    input.request.algo = input.schedule.algo;
    if (!parse_form(input.schedule.form, input.request.form)) input.request.algo.clear();
    if (!options.as_file) recognise_generated_mutant(input, out);
    return input;
}

std::string smaller_sizes(int checked) {
    return std::to_string(checked) + (checked == 1 ? " smaller size" : " smaller sizes") +
           " checked";
}

/// "smallest n: 3 (block_dropped at step 0, 0 -> 1: block 1 left out; 1 smaller size checked)"
std::string smallest_n_text(const ShrinkInput& input, const MutantSizeSearch& search) {
    if (!search.smallest)
        return "smallest n: " + std::to_string(input.schedule.ranks) +
               " (no smaller n fails the same way; " + smaller_sizes(search.checked) + ")";
    return "smallest n: " + std::to_string(search.smallest->n) + " (" + input.mutation->name +
           " at " + search.smallest->mutant.site + "; " + smaller_sizes(search.checked) + ")";
}

int run_shrink(const ShrinkOptions& given) {
    // --kind was checked against the registry's names when it was parsed.
    const std::optional<ViolationKind> wanted =
        given.kind.empty() ? std::nullopt : violation_kind_named(given.kind);
    ShrinkOptions options = given;  // its source keeps the file's text once read
    return run_reporting_errors([&]() -> int {
        if (const std::optional<mscclpp::Plan> plan = load_mscclpp_plan(options.source))
            return shrink_mscclpp_plan(*plan, options.source.file, options.output, wanted);
        if (const std::optional<msccl::Program> program = load_msccl_program(options.source))
            return shrink_msccl_program(*program, options.source.file, options.output, wanted);
        const bool to_stdout = options.output.empty() || options.output == "-";
        std::ostream& out = to_stdout ? std::cerr : std::cout;
        if (!options.mutation.empty() && !options.source.file.empty())
            throw CLI::ValidationError("--mutation", "needs --algo and --topo, not a FILE");
        const ShrinkInput input = load_input(options, out);
        const Schedule& schedule = input.schedule;
        const Report before = check_schedule(schedule);
        if (before.verdict == Verdict::holds) {
            std::cout << terminal_text(schedule.name) << " holds: nothing to shrink\n";
            return exit_holds;
        }
        const ViolationKind kind = kind_to_keep(before, wanted);
        const std::optional<FailureSignature> signature = signature_of(before, kind, !wanted);
        if (!signature) {
            std::cerr << "error: " << terminal_text(schedule.name) << " has no " << to_string(kind)
                      << " violation\n";
            return exit_usage;
        }
        FailureSignature kept = *signature;
        ShrinkResult result{schedule, 0, 0};
        if (input.original) {
            // The generator's n first, then only what changes no final value.
            const MutantShrink shrink = shrink_mutant(
                input.request, *input.original, *input.mutation, Mutant{schedule, "", input.place},
                *signature, false, !options.no_delta);
            out << smallest_n_text(input, shrink.search) << "\n";
            kept = shrink.kept;
            result = shrink.shrunk;
        } else if (!options.no_delta) {
            result = shrink_schedule(schedule, kept);
        }
        if (to_stdout)
            std::cout << write_schedule_json(result.schedule);
        else
            write_schedule_file(result.schedule, options.output);
        const Report after = check_schedule(result.schedule);
        out << "shrunk " << terminal_text(schedule.name) << " keeping " << describe(*signature)
            << ": " << sizes(schedule) << " -> " << sizes(result.schedule);
        if (!options.no_delta)
            out << " (" << result.tests << " candidates, " << result.rounds << " rounds)";
        out << "\n  cells that meet the postcondition: " << percent(held_share(before)) << " -> "
            << percent(held_share(after)) << " (kept at least " << percent(kept.least_held)
            << ")\n";
        if (signature->least_held < non_degenerate_share)
            out << "  the input itself gets fewer than " << percent(non_degenerate_share)
                << " of its cells right, so no shrink of it can (docs/counterexamples.md)\n";
        out << "  left: " << difference_summary(result.schedule, input.request) << "\n";
        if (const Violation* violation = kept_violation(after, kept))
            out << describe_violation(*violation);
        return exit_violated;
    });
}

std::vector<std::string> shrinkable_kind_names() {
    std::vector<std::string> names;
    for (const ViolationKindEntry& kind : violation_kinds())
        if (kind.shrinkable) names.emplace_back(kind.name);
    return names;
}

std::vector<std::string> operator_names() {
    std::vector<std::string> names;
    for (const MutationOperator& op : mutation_operators()) names.emplace_back(op.name);
    return names;
}

}  // namespace

void register_shrink_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<ShrinkOptions>();
    CLI::App* command = app.add_subcommand(
        "shrink",
        "Delta-debug a failing schedule: remove ranks, steps, blocks and transfers while it\n"
        "fails the same way (same kind and cause, two thirds of its cells still right), and\n"
        "write the minimal schedule (docs/counterexamples.md).\n"
        "  trivcheck shrink broken.json -o small.json\n"
        "  trivcheck shrink broken.json --kind double_count -o small.json\n"
        "A generator's schedule with one of mutate's mistakes (made by --mutation, or a file\n"
        "recognised as one): the generator's n shrinks first (the mistake carried to the same\n"
        "place at smaller n), then the rest:\n"
        "  trivcheck shrink --algo trivance --form B --topo ring:27 --mutation block_dropped\n"
        "An MSCCL-IR file (.xml) loses thread blocks, then steps, while the violation persists:\n"
        "  trivcheck shrink race.xml --kind race -o small.xml\n"
        "An MSCCL++ execution plan loses thread blocks, then operations:\n"
        "  trivcheck shrink plan.json --kind stale_read -o small.json\n"
        "Exit 1 the shrunk schedule fails (always, for a failing input), 0 the input holds,\n"
        "2 usage, 3 bad input file, 4 too large to check.");
    command->add_option("file", options->source.file,
                        "A trivcheck.schedule/1 JSON file, an MSCCL-IR file or an MSCCL++ plan");
    add_generator_options(*command, options->source);
    command->add_option("-o,--output", options->output,
                        "Where to write the shrunk schedule (default: standard output)");
    command
        ->add_option("--kind", options->kind,
                     "Violation kind to keep (default: the first the check reports)")
        ->check(CLI::IsMember(shrinkable_kind_names()));
    command
        ->add_option("--mutation", options->mutation,
                     "Make this mistake of `trivcheck mutate` in the generated schedule")
        ->check(CLI::IsMember(operator_names()));
    command
        ->add_option("--site", options->site,
                     "Which place of the mistake, 0.. in step order (default: the middle one)")
        ->check(at_least(0));
    command->add_flag("--as-file", options->as_file,
                      "Delta-debug a file as it is, even when it is a generated schedule with "
                      "one of mutate's mistakes");
    command->add_flag("--no-delta", options->no_delta,
                      "Only shrink the generator's n (--mutation), no delta debugging after");
    command->callback([options, &result] { result.exit_code = run_shrink(*options); });
}

}  // namespace trivcheck::cli
