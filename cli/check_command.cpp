#include <iostream>
#include <optional>

#include "checker/core/address_space_cap.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/core/required_checks.hpp"
#include "checker/core/resource_limit.hpp"
#include "checker/execution/memory_estimate.hpp"
#include "checker/execution/reduction_orders.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/expected_outputs_json.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/reports/report_text.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/number_checks.hpp"
#include "cli/sarif_check.hpp"
#include "cli/schedule_source.hpp"
#include "cli/size_range_check.hpp"
#include "cli/smt_check.hpp"
#include "library/check.hpp"
#include "proofs/smt_execution.hpp"
#include "proofs/verdict.hpp"

namespace trivcheck::cli {

namespace {

struct CheckOptions {
    ScheduleSource source;
    /// The files named; one is source.file, several need --format sarif.
    std::vector<std::string> files;
    bool json = false;
    /// text, json (as --json) or sarif (cli/sarif_check.hpp).
    std::string format = "text";
    double message_bytes = 0;
    int max_violations = 50;
    std::uint64_t memory_limit_mib = 0;
    /// --n: search these generated sizes for the smallest failing one.
    std::string sizes;
    bool no_shrink = false;
    bool no_symmetry = false;
    /// --orders: print each block's order of additions after the text report.
    bool orders = false;
    /// "symbolic" (checker/execution/executor.hpp) or "smt" (proofs/smt_execution.hpp).
    std::string engine = "symbolic";
    /// --runtime rccl or msccl: MSCCL-IR files are judged as that runtime runs them.
    std::string runtime;
    /// --strict: MSCCL-IR files are refused for what RCCL ignores (a lint).
    bool strict = false;
    /// --require: named checks that count toward the verdict (checker/core/required_checks.hpp).
    std::vector<std::string> required;
    /// --allow: MSCCL++ violation kinds accepted on purpose (relaxed_publication).
    std::vector<std::string> allowed;
    /// --root: MSCCL-IR broadcast, reduce, gather and scatter (RCCL takes it at run time).
    std::optional<int> root;
    /// --expect: an MSCCL-IR file's postcondition, replacing the collective's own.
    std::string expect;
    proofs::SolverSettings solver;
};

/// `--runtime`'s value as the runtime judged against (empty: none).
msccl::Runtime runtime_of(const std::string& name) {
    if (name == "rccl") return msccl::Runtime::rccl;
    if (name == "msccl") return msccl::Runtime::msccl;
    return msccl::Runtime::none;
}

/// What the library's check takes from the options (library/check.hpp).
CheckSettings check_settings(const CheckOptions& options) {
    CheckSettings settings;
    settings.execute.max_recorded_violations = options.max_violations;
    settings.execute.memory_limit_bytes = options.memory_limit_mib << 20;
    settings.execute.use_symmetry = !options.no_symmetry;
    settings.runtime = runtime_of(options.runtime);
    settings.required = options.required;
    for (const std::string& name : options.allowed)
        settings.allowed.push_back(*violation_kind_named(name));
    settings.root = options.root;
    return settings;
}

/// Checks an MSCCL-IR program or an MSCCL++ plan and prints its report with
/// the reader's warnings (stderr first, whatever the check does, and
/// `warnings` in the JSON); returns the exit code.
int run_asynchronous_check(const Input& input, const CheckSettings& settings, bool json_output) {
    for (const std::string& warning : reader_warnings(input))
        std::cerr << "warning: " << warning << "\n";
    const CheckResult result = check(input, settings);
    if (json_output) {
        nlohmann::ordered_json json = report_to_json(result.report);
        if (!result.warnings.empty()) json["warnings"] = result.warnings;
        std::cout << json_text(json, 2) << "\n";
    } else {
        std::cout << report_to_text(result.report);
    }
    return result.report.verdict == Verdict::holds ? exit_holds : exit_violated;
}

/// `check FILE.xml`: the asynchronous executor (checker/msccl/).
int run_msccl_check(msccl::Program program, const CheckOptions& options) {
    if (options.engine != "symbolic" || !options.sizes.empty())
        throw std::invalid_argument("MSCCL-IR files are checked by the symbolic engine only");
    CheckSettings settings = check_settings(options);
    if (!options.expect.empty())
        settings.expected = read_expected_outputs_file(options.expect, program);
    return run_asynchronous_check(std::move(program), settings, options.json);
}

/// `check PLAN.json`: an MSCCL++ execution plan (checker/mscclpp/).
int run_mscclpp_check(mscclpp::Plan plan, const CheckOptions& options) {
    if (options.engine != "symbolic" || !options.sizes.empty() || !options.runtime.empty() ||
        options.root || !options.expect.empty())
        throw std::invalid_argument(
            "MSCCL++ execution plans are checked by the symbolic engine only, without --n, "
            "--runtime, --root or --expect");
    // --strict makes the reader's warnings (an unknown collective's missing
    // postcondition among them) refusals, as for MSCCL-IR.
    if (options.strict && !plan.warnings.empty())
        throw InputError("", "", plan.warnings.front() + " (refused under --strict)");
    return run_asynchronous_check(std::move(plan), check_settings(options), options.json);
}

/// `check --json` that decides nothing still prints a report: verdict unknown, with the cause.
void print_unknown_report(const CheckOptions& options, const std::string& cause,
                          const std::string& reason) {
    if (!options.json) return;
    ScheduleSource source = options.source;
    if (source.file.empty() && !options.files.empty()) source.file = options.files.front();
    std::cout << json_text(unknown_report_json(describe_source(source), cause, reason), 2) << "\n";
}

/// Everything `check` does once its options are parsed; throws what
/// run_reporting_errors turns into exit codes.
int check_body(CheckOptions& options) {
    if (options.format == "json") options.json = true;
    // The named checks --require counts are made by the symbolic engine's single checks only.
    if (!options.required.empty() &&
        (options.format == "sarif" || options.engine != "symbolic" || !options.sizes.empty()))
        throw std::invalid_argument(
            "--require: one schedule or program, the symbolic engine, without --n or "
            "--format sarif");
    if (!options.allowed.empty() && options.format == "sarif")
        throw std::invalid_argument("--allow: one MSCCL++ plan, without --format sarif");
    if (options.format == "sarif") {
        if (options.files.empty() || !options.source.algo.empty())
            throw std::invalid_argument("--format sarif checks schedule files: name them");
        if (options.engine != "symbolic" || !options.sizes.empty() || options.json ||
            options.root || !options.expect.empty())
            throw std::invalid_argument(
                "--format sarif: the symbolic engine, without --n, --json, --root or --expect");
        return run_sarif_check(options.files, check_settings(options).execute,
                               runtime_of(options.runtime));
    }
    if (options.files.size() > 1)
        throw std::invalid_argument("several files need --format sarif; give one file");
    if (!options.files.empty()) options.source.file = options.files.front();
    if (std::optional<mscclpp::Plan> plan = load_mscclpp_plan(options.source))
        return run_mscclpp_check(std::move(*plan), options);
    if (std::optional<msccl::Program> program = load_msccl_program(options.source, options.strict))
        return run_msccl_check(std::move(*program), options);
    if (!options.runtime.empty() || options.root || !options.expect.empty())
        throw std::invalid_argument("--runtime, --root and --expect apply to MSCCL-IR files only");
    const ExecuteOptions execute_options = check_settings(options).execute;
    if (options.engine == "smt") {
        if (!options.sizes.empty())
            throw std::invalid_argument("--n searches sizes with the symbolic engine only");
        ScheduleOrOrbit loaded = load_schedule_or_orbit(options.source);
        if (const RotationOrbit* orbit = std::get_if<RotationOrbit>(&loaded))
            proofs::refuse_too_large_for_smt(orbit->model);  // before expanding it
        return run_smt_check(whole_schedule(std::move(loaded)), options.json, options.solver);
    }
    if (!options.sizes.empty())
        return run_size_range_check(options.source, options.sizes, options.json, execute_options);
    if (!options.source.algo.empty())
        refuse_generation_above_limit(to_request(options.source),
                                      "checking " + describe_source(options.source));
    const Input input = std::visit([](auto&& loaded) -> Input { return std::move(loaded); },
                                   load_schedule_or_orbit(options.source));
    const auto* orbit = std::get_if<RotationOrbit>(&input);
    const Schedule& schedule = orbit ? orbit->model : std::get<Schedule>(input);
    CheckResult result = check(input, check_settings(options));
    Report& report = result.report;
    // The smallest failing n is searched for the model's violations, not the required checks'.
    const bool model_violated = result.input_violated;
    const std::optional<double> m =
        options.message_bytes > 0 ? std::optional(options.message_bytes) : std::nullopt;
    // A failing generated ring is shrunk over n: the smallest n of its family that fails.
    std::optional<ScopedSearch> smaller;
    if (model_violated && !options.no_shrink && !options.source.algo.empty() &&
        schedule.topology.kind == TopologyKind::ring)
        smaller = search_smaller_same_family(to_request(options.source), report, execute_options);
    if (options.json) {
        nlohmann::ordered_json json = report_to_json(report, m);
        if (smaller)
            json["smallest_failing_same_class"] =
                failing_size_to_json(smaller->search, smaller->scope);
        std::cout << json_text(json, 2) << "\n";
    } else {
        std::cout << report_to_text(report, m);
        if (smaller) std::cout << "\n" << failing_size_to_text(smaller->search, smaller->scope);
        if (options.orders) {
            std::optional<ScheduleTrees> trees =
                orbit ? replay_trees(*orbit) : schedule_trees(schedule, !options.no_symmetry);
            std::cout << "\norder of additions"
                      << (trees ? ":" : ": not followed (too many deliveries)") << "\n";
            for (const std::string& line : reduction_order_lines(trees, 64, 160))
                std::cout << "  " << line << "\n";
        }
    }
    return report.verdict == Verdict::holds ? exit_holds : exit_violated;
}

int run_check(CheckOptions options) {
    const UnknownHandler on_unknown = [&](const std::string& cause, const std::string& reason) {
        print_unknown_report(options, cause, reason);
    };
    return run_reporting_errors(
        [&]() -> int {
            set_run_memory_limit(options.memory_limit_mib << 20);
            // An allocation past the limit is bad_alloc (exit 4), not the OOM killer.
            cap_address_space(options.memory_limit_mib << 20);
            try {
                return check_body(options);
            } catch (const ResourceLimit& error) {
                // A refusal names the file it refuses (a schedule may have no name of its own).
                const std::string& file = options.source.file;
                if (file.empty() || std::string_view(error.what()).starts_with(file)) throw;
                throw ResourceLimit(file + ": " + error.what());
            }
        },
        on_unknown);
}

}  // namespace

void register_check_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<CheckOptions>();
    CLI::App* command = app.add_subcommand(
        "check",
        "Execute a schedule symbolically and report its verdict, per-step figures and violations.\n"
        "  trivcheck check --algo trivance --form L --topo ring:27\n"
        "  trivcheck check my-schedule.json --json\n"
        "  trivcheck check --algo trivance --form L --n 2..64   (smallest failing n)\n"
        "  trivcheck check my-schedule.json --engine smt   (second engine: Z3, n <= 32)\n"
        "  trivcheck check allreduce.xml --runtime rccl   (MSCCL-IR, asynchronous)\n"
        "  trivcheck check allreduce_plan.json   (an MSCCL++ execution plan, told by its content)\n"
        "Exit 0 holds, 1 violated, 2 usage, 3 bad input file, 4 too large to check or solver "
        "unknown.");
    command->add_option(
        "file", options->files,
        "A trivcheck.schedule/1 JSON file (steps with \"every_rank\": true are "
        "executed as a rotation orbit, one rank for all), or an MSCCL-IR XML "
        "file (docs/msccl.md), or an MSCCL++ execution plan (docs/mscclpp.md); several with "
        "--format sarif");
    add_generator_options(*command, options->source);
    command->add_flag("--json", options->json,
                      "Print the trivcheck.report/1 JSON report (docs/report-format.md)");
    command
        ->add_option("--format", options->format,
                     "text (default), json (as --json), or sarif: one SARIF 2.1.0 log for "
                     "every file named, for code scanning (docs/ci.md)")
        ->check(CLI::IsMember({"text", "json", "sarif"}));
    command
        ->add_option("--m", options->message_bytes,
                     "Vector size m in bytes: report bytes instead of units of m")
        ->check(finite_positive());
    command
        ->add_option("--max-violations", options->max_violations,
                     "Violations reported in full (others are counted)")
        ->check(at_least(0));
    command->add_option("--n", options->sizes,
                        "With --algo and --form: report the smallest failing ring size among "
                        "these (2..64, pow3, ...; docs/sweep.md)");
    command
        ->add_option("--engine", options->engine,
                     "symbolic: the executor (default); smt: Z3 over contribution counts, "
                     "n <= 32; ports, unheld sends and ring bounds by reference checkers; what "
                     "it cannot check exits 4 (docs/engines.md)")
        ->check(CLI::IsMember({"symbolic", "smt"}));
    command
        ->add_option("--smt-timeout-ms", options->solver.timeout_ms,
                     "--engine smt: timeout of each solver call; a timeout is unknown (exit 4)")
        ->check(at_least(0));
    command->add_option("--seed", options->solver.seed, "--engine smt: solver random seed")
        ->check(at_least(0));
    command
        ->add_option("--smt-rlimit", options->solver.resource_limit,
                     "--engine smt: Z3 resource limit of each solver call (0: none); "
                     "reaching it is unknown (exit 4)")
        ->check(at_least(0));
    command
        ->add_option("--runtime", options->runtime,
                     "MSCCL-IR files: judge the file as this runtime runs it (rccl: ROCm/rccl's "
                     "MSCCL executor; msccl: microsoft/msccl), its limits included "
                     "(docs/msccl.md, Runtimes); without it, the model alone")
        ->check(CLI::IsMember({"rccl", "msccl"}));
    command->add_flag("--strict", options->strict,
                      "MSCCL-IR files: refuse (exit 3) unknown attributes and elements and steps "
                      "whose s is out of file order, which RCCL ignores and trivcheck by "
                      "default warns about; MSCCL++ plans: refuse (exit 3) what the reader "
                      "warns about (an unknown collective, which has no postcondition; a field "
                      "the executor ignores)");
    command
        ->add_option("--require", options->required,
                     "Count this named check toward the verdict: exit 1 when it is violated "
                     "(rank_consistency: every rank ends with the same order of additions; "
                     "determinism: no order of additions depends on the order unordered steps "
                     "run in; docs/consistency.md; postcondition: the file's collective has a "
                     "postcondition trivcheck checks, docs/robustness.md). Without it they are "
                     "reported, not counted")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->check(CLI::IsMember(requirable_check_names()));
    command
        ->add_option("--allow", options->allowed,
                     "MSCCL++ plans: accept this violation kind on purpose: its findings are "
                     "listed (allowed), not counted, and the plan holds if nothing else is "
                     "wrong (relaxed_publication: multimem stores published by relaxed "
                     "signals, as MSCCL++'s own NVLS all-reduce does; docs/mscclpp.md)")
        ->expected(1)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
        ->check(CLI::IsMember(allowable_kind_names()));
    command
        ->add_option("--root", options->root,
                     "MSCCL-IR broadcast, reduce, gather, scatter: the root gpu the "
                     "postcondition is relative to (RCCL takes it at run time and the file "
                     "cannot say); default 0")
        ->check(at_least(0));
    command->add_option("--expect", options->expect,
                        "MSCCL-IR files: the postcondition, what each output chunk must hold "
                        "(EXPECT.json, docs/msccl.md); replaces the collective's own, and is "
                        "the only one a custom collective has");
    command->add_flag("--no-shrink", options->no_shrink,
                      "Do not search smaller n of the same class when a generated ring fails");
    command
        ->add_option(
            "--memory-limit", options->memory_limit_mib,
            "Refuse (exit 4) above this many MiB; default 80% of free memory, never more than "
            "the address space left under ulimit -v")
        ->check(mebibytes());
    command->add_flag("--no-symmetry", options->no_symmetry,
                      "Execute every rank and every block even when the schedule is "
                      "rank-symmetric (rotations, torus translations, XOR), folds onto a core, "
                      "or its blocks fall into classes (the independent path those are tested "
                      "against; slower)");
    command->add_flag("--orders", options->orders,
                      "After the text report, each block's order of additions in short form "
                      "(the first 64 blocks; docs/consistency.md)");
    command->callback([options, &result] { result.exit_code = run_check(*options); });
}

}  // namespace trivcheck::cli
