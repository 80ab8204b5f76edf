#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>

#include "checker/core/exit_code.hpp"
#include "checker/formats/json_text.hpp"
#include "cli/command.hpp"
#include "cli/jobs_option.hpp"
#include "cli/number_checks.hpp"
#include "cli/progress_bar.hpp"
#include "cli/prove_output.hpp"
#include "proofs/prover.hpp"

namespace trivcheck::cli {

namespace {

struct ProveOptions {
    proofs::ProveSettings settings;
    std::string smt2_directory;
    bool json = false;
    int jobs = 0;
};

/// A progress bar over the queries (on a terminal only), labelled with the
/// obligation and s of the query just decided.
proofs::ProveProgress progress_bar(std::optional<ProgressBar>& bar) {
    return {[&bar](std::size_t total) { bar.emplace(total); },
            [&bar](const proofs::QueryOutcome& outcome) {
                bar->advance(outcome.obligation +
                             (outcome.s >= 0 ? " s=" + std::to_string(outcome.s) : ""));
            }};
}

int run_prove(ProveOptions options) {
    if (!options.smt2_directory.empty()) options.settings.smt2_directory = options.smt2_directory;
    std::vector<proofs::QueryOutcome> outcomes;
    try {
        options.settings.jobs = usable_jobs(options.jobs);
        std::optional<ProgressBar> bar;
        outcomes = proofs::prove(options.settings, progress_bar(bar));
    } catch (const std::invalid_argument& error) {  // --jobs below 0, an unknown obligation.
        std::cerr << "error: " << error.what() << "\n";
        return exit_usage;
    } catch (const std::filesystem::filesystem_error& error) {
        std::cerr << "error: " << error.what() << "\n";
        return exit_usage;
    } catch (const std::runtime_error& error) {  // An SMT-LIB2 file that cannot be written.
        std::cerr << "error: " << error.what() << "\n";
        return exit_usage;
    }
    if (options.json)
        std::cout << json_text(prove_report_json(outcomes, options.settings), 2) << "\n";
    else
        std::cout << prove_report_text(outcomes);
    return proofs::prove_exit_code(outcomes);
}

}  // namespace

void register_prove_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<ProveOptions>();
    CLI::App* command = app.add_subcommand(
        "prove",
        "Prove Trivance's properties with Z3 for every n up to 3^(max-s + 1), n symbolic.\n"
        "  trivcheck prove --max-s 30\n"
        "  trivcheck prove --only last_step_covers --emit-smt2 out/\n"
        "Exit 0 every query gave its expected answer, 1 one did not, 4 the solver gave up.");
    command->add_option("--only", options->settings.only, "Run only this obligation (repeatable)")
        ->check(CLI::IsMember(proofs::obligation_names()));
    command
        ->add_option("--max-s", options->settings.max_s,
                     "Largest s: ranges 3^s < n < 3^(s+1) for s = 0..S (and n = 3^s)")
        ->check(CLI::Range(0, 38))
        ->capture_default_str();
    command
        ->add_option("--smt-timeout-ms", options->settings.solver.timeout_ms,
                     "Timeout of each solver call; a timeout is Unknown (exit 4)")
        ->check(at_least(0))
        ->capture_default_str();
    command
        ->add_option("--jobs", options->jobs,
                     "Threads deciding queries at once, each with its own Z3 contexts "
                     "(default 0: every core); verdicts and their order do not depend on it")
        ->capture_default_str();
    command->add_option("--seed", options->settings.solver.seed, "Solver random seed")
        ->check(at_least(0))
        ->capture_default_str();
    command->add_flag("--json", options->json, "Print the trivcheck.proofs/1 JSON report");
    command
        ->add_option("--emit-smt2", options->smt2_directory,
                     "Write every query to DIR as an SMT-LIB2 file (scripts/recheck-smt2 "
                     "re-checks them with cvc5)")
        ->check(a_path());
    command->callback([options, &result] { result.exit_code = run_prove(*options); });
}

}  // namespace trivcheck::cli
