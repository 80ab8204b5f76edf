#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>

#include "checker/core/exit_code.hpp"
#include "checker/core/sizes_per_thread.hpp"
#include "checker/execution/executor.hpp"
#include "checker/execution/pieces_execution.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/search/size_class.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/jobs_option.hpp"
#include "cli/number_checks.hpp"
#include "cli/synthesis/synth_plans.hpp"
#include "cli/synthesis/synth_tree_choices.hpp"
#include "cli/synthesis/synthesis_document.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance.hpp"
#include "models/trivance/trivance_synthesized.hpp"
#include "proofs/pieces_model.hpp"

namespace trivcheck::cli {

namespace {

struct SynthOptions {
    std::string form = "L";
    std::string sizes;
    bool json = false;
    unsigned timeout_ms = 10000;
    unsigned seed = 0;
    int jobs = 0;
    bool directions = false;
    PlanSynthesisOptions plans;
};

/// What one n got: a plan the pieces executor verified, a proof that none
/// exists, nothing to synthesize (power of 3), or no answer.
struct SizeOutcome {
    int n = 0;
    std::string answer;
    std::optional<LastStepPlan> plan;
    int published_distance = 0;
    /// The solver proved no plan of this load or less exists (found only).
    int refuted_load = 0;
    /// Scratch buffers of the schedule built from the plan (found only).
    int scratch_buffers = 0;
    std::string detail;
};

std::string piece_list(const std::vector<bool>& chosen, const std::vector<Piece>& pieces) {
    std::string text = "{";
    for (std::size_t i = 0; i < chosen.size(); ++i)
        if (chosen[i]) text += (text.size() > 1 ? ", " : "") + piece_name(pieces[i]);
    return text + "}";
}

nlohmann::ordered_json piece_json(const std::vector<bool>& chosen,
                                  const std::vector<Piece>& pieces) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < chosen.size(); ++i)
        if (chosen[i]) list.push_back(piece_name(pieces[i]));
    return list;
}

SizeOutcome synthesize_size(int n, proofs::LastStepSynthesizer& synthesizer) {
    SizeOutcome outcome;
    outcome.n = n;
    if (is_power_of(n, 3)) {
        outcome.answer = "not_applicable";
        outcome.detail = "n is a power of 3: the published schedule is exact";
        return outcome;
    }
    outcome.published_distance = trivance_distances(n).back();
    const proofs::SynthesisAnswer answer = synthesizer.synthesize(n);
    if (answer.status == proofs::SynthesisStatus::unknown) {
        outcome.answer = "unknown";
        outcome.detail = answer.reason;
        return outcome;
    }
    if (answer.status == proofs::SynthesisStatus::none) {
        outcome.answer = "none";
        outcome.detail =
            "no exactly-once last step exists in the pieces model for n = " + std::to_string(n);
        return outcome;
    }
    outcome.plan = answer.plan;
    // The solver's plan is only reported as a solution once the independent
    // pieces executor has counted every contribution at every rank.
    // pieces executor has counted every contribution at every rank, and the
    // symbolic executor has checked the schedule `--last-step synthesized` builds from it.
    if (const auto miscount = execute_pieces_plan(*answer.plan)) {
        outcome.answer = "refuted";
        outcome.detail = "the solver's plan fails the pieces executor: " + describe(*miscount);
        return outcome;
    }
    const RotationOrbit schedule = trivance_synthesized_orbit(*answer.plan);
    outcome.scratch_buffers = static_cast<int>(schedule.model.buffers.size());
    const Report report = execute(schedule);
    if (report.verdict != Verdict::holds) {
        outcome.answer = "refuted";
        outcome.detail = "the schedule built from the solver's plan fails the symbolic executor: " +
                         report.violations.front().detail;
    } else {
        outcome.answer = "found";
        outcome.detail =
            "verified exactly once at every rank by the pieces executor and by the symbolic "
            "executor on the schedule --last-step synthesized builds (" +
            std::to_string(report.steps()) + " steps, " + std::to_string(outcome.scratch_buffers) +
            " scratch buffers)";
    }
    outcome.refuted_load = answer.refuted_load;
    return outcome;
}

/// Every size in order, one synthesizer (one Z3 context) per thread.
std::vector<SizeOutcome> synthesize_sizes(const std::vector<int>& sizes,
                                          const proofs::SynthesisSettings& settings, int jobs) {
    return answer_sizes_per_thread<SizeOutcome>(
        sizes, jobs, [&] { return std::make_unique<proofs::LastStepSynthesizer>(settings); },
        [](proofs::LastStepSynthesizer& synthesizer, int n) {
            return synthesize_size(n, synthesizer);
        });
}

/// The summary's row for one outcome: "found" split by whether the least load
/// equals the published d.
std::string summary_answer(const SizeOutcome& outcome) {
    if (outcome.answer != "found") return outcome.answer;
    return outcome.plan->link_load() == outcome.published_distance ? "found_at_published_load"
                                                                   : "found_above_published_load";
}

nlohmann::ordered_json outcome_json(const SizeOutcome& outcome) {
    nlohmann::ordered_json json;
    json["n"] = outcome.n;
    json["class"] = to_string(classify_size(outcome.n));
    json["answer"] = outcome.answer;
    if (outcome.published_distance > 0) json["published_distance"] = outcome.published_distance;
    if (outcome.plan) {
        const LastStepPlan& plan = *outcome.plan;
        const std::vector<Piece> pieces = trivance_pieces(outcome.n);
        json["link_load"] = plan.link_load();
        // Optimality: the solver answered UNSAT for every load up to this.
        json["unsat_at_load_at_most"] = outcome.refuted_load;
        json["right_distance"] = plan.right_distance;
        json["left_distance"] = plan.left_distance;
        json["keep"] = piece_json(plan.keep, pieces);
        json["right_peer_sends"] = piece_json(plan.from_right, pieces);
        json["left_peer_sends"] = piece_json(plan.from_left, pieces);
        json["extra_buffers"] = plan.extra_buffers();
        if (outcome.scratch_buffers > 0) json["scratch_buffers"] = outcome.scratch_buffers;
    }
    json["detail"] = outcome.detail;
    return json;
}

std::string outcome_text(const SizeOutcome& outcome) {
    std::ostringstream text;
    text << "n = " << outcome.n << ": ";
    if (!outcome.plan) return text.str() + outcome.answer + ": " + outcome.detail + "\n";
    const LastStepPlan& plan = *outcome.plan;
    const std::vector<Piece> pieces = trivance_pieces(outcome.n);
    text << outcome.answer << ", link load " << plan.link_load() << " (published d "
         << outcome.published_distance;
    if (outcome.refuted_load > 0) text << "; UNSAT at load <= " << outcome.refuted_load;
    text << "), d_R " << plan.right_distance << ", d_L " << plan.left_distance << ", keep "
         << piece_list(plan.keep, pieces) << ", right peer sends "
         << piece_list(plan.from_right, pieces) << ", left peer sends "
         << piece_list(plan.from_left, pieces) << ", extra memory " << plan.extra_buffers()
         << " x m per rank; " << outcome.detail << "\n";
    return text.str();
}

/// The summary's answers, in print order; powers of 3 count as not applicable.
const std::vector<std::string>& summary_answers() {
    static const std::vector<std::string> answers{
        "found_at_published_load", "found_above_published_load", "none", "unknown", "refuted"};
    return answers;
}

/// answer -> count for each size class that occurs, classes in a fixed order.
nlohmann::ordered_json summary_json(const std::vector<SizeOutcome>& outcomes) {
    nlohmann::ordered_json summary = nlohmann::ordered_json::object();
    for (SizeClass size_class : {SizeClass::power_of_2, SizeClass::other, SizeClass::power_of_3}) {
        nlohmann::ordered_json counts = nlohmann::ordered_json::object();
        if (size_class == SizeClass::power_of_3)
            counts["not_applicable"] = 0;
        else
            for (const std::string& answer : summary_answers()) counts[answer] = 0;
        bool occurs = false;
        for (const SizeOutcome& outcome : outcomes)
            if (classify_size(outcome.n) == size_class) {
                occurs = true;
                counts[summary_answer(outcome)] = counts[summary_answer(outcome)].get<int>() + 1;
            }
        if (occurs) summary[to_string(size_class)] = counts;
    }
    return summary;
}

std::string summary_text(const nlohmann::ordered_json& summary) {
    std::ostringstream text;
    text << "summary:\n";
    for (const auto& [size_class, counts] : summary.items()) {
        text << "  " << size_class << ":";
        const char* separator = " ";
        for (const auto& [answer, count] : counts.items()) {
            // unknown and refuted are printed only when they happened.
            if ((answer == "unknown" || answer == "refuted") && count.get<int>() == 0) continue;
            std::string words = answer;
            std::replace(words.begin(), words.end(), '_', ' ');
            text << separator << words << " " << count.get<int>();
            separator = ", ";
        }
        text << "\n";
    }
    return text.str();
}

int run_synth(const SynthOptions& options) {
    std::vector<int> sizes;
    int jobs = 0;
    const int refused = run_reporting_errors([&]() -> int {
        jobs = usable_jobs(options.jobs);
        sizes = parse_size_spec(options.sizes);
        return exit_holds;
    });
    if (refused != exit_holds) return refused;
    // An output asked for and not written is an error: only the plan search writes a table.
    if (!options.plans.table_file.empty() && (options.form != "B" || options.directions)) {
        std::cerr << "error: --table writes the B form's plans: it needs --form B, without "
                     "--directions\n";
        return exit_usage;
    }
    if (options.form == "B" && options.directions)
        return run_tree_choice_synthesis(sizes, options.json, {options.timeout_ms, options.seed, 0},
                                         jobs);
    if (options.form == "B") {
        PlanSynthesisOptions plans = options.plans;
        plans.json = options.json;
        plans.jobs = jobs;
        plans.timeout_ms = options.timeout_ms;
        return run_plan_synthesis(sizes, plans);
    }
    const proofs::SynthesisSettings settings{options.timeout_ms, options.seed};
    const auto start = std::chrono::steady_clock::now();
    const std::vector<SizeOutcome> outcomes = synthesize_sizes(sizes, settings, jobs);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int exit_code = exit_holds;
    for (const SizeOutcome& outcome : outcomes) {
        if (outcome.answer == "refuted") exit_code = exit_violated;
        if (outcome.answer == "unknown" && exit_code == exit_holds) exit_code = exit_unknown;
    }
    const nlohmann::ordered_json summary = summary_json(outcomes);
    if (options.json) {
        nlohmann::ordered_json results = nlohmann::ordered_json::array();
        for (const SizeOutcome& outcome : outcomes) results.push_back(outcome_json(outcome));
        std::cout << synthesis_document("pieces", std::move(results), summary);
    } else {
        for (const SizeOutcome& outcome : outcomes) std::cout << outcome_text(outcome);
        std::cout << summary_text(summary);
    }
    // Wall time varies run to run, so it stays out of the (golden) output.
    std::cerr << "synthesised " << sizes.size() << " sizes in " << seconds << " s\n";
    return exit_code;
}

}  // namespace

void register_synth_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<SynthOptions>();
    CLI::App* command = app.add_subcommand(
        "synth",
        "Synthesise schedules (docs/synthesis.md, docs/trivance-b.md).\n"
        "--form L (default): Trivance L's last step in the pieces model with Z3: least link\n"
        "load, exactly once, verified by the pieces executor; or a proof that none exists.\n"
        "--form B: the least-byte-factor Trivance B plan (the distances of each step, each way\n"
        "round) for each n, against the short-last and short-first layouts and 2/3 log3 n;\n"
        "proven least by exhaustive search where it finishes within --proof-limit.\n"
        "--form B --directions: the published layout's reduction-tree direction choices with Z3.\n"
        "  trivcheck synth --n 10\n"
        "  trivcheck synth --n 2..1000 --json\n"
        "  trivcheck synth --form B --n 256 --verify\n"
        "  trivcheck synth --form B --n 28,256,1000 --lower-bound\n"
        "  trivcheck synth --form B --n 2..4096 --table models/trivance/trivance_b_plans.inc\n"
        "Exit 0 every n answered, 1 a solver plan failed verification (L), a stored plan\n"
        "differs from the search's or a verified plan failed the executor (B), or a rule\n"
        "beat the proved optimum (B --directions), 2 usage, 4 unknown.");
    command
        ->add_option("--form", options->form,
                     "L (the last step of the latency-optimal form, default) or B (the "
                     "bandwidth-optimal form's tree choices)")
        ->check(CLI::IsMember({"L", "B"}));
    command->add_option("--n", options->sizes, "Ring sizes: N, A..B, lists (docs/sweep.md)")
        ->required();
    command->add_flag("--json", options->json, "Print trivcheck.synthesis/1 JSON");
    command
        ->add_option("--smt-timeout-ms", options->timeout_ms,
                     "Solver timeout in milliseconds, per n (L) or per solver call (B); unknown, "
                     "exit 4, when exceeded")
        ->check(at_least(0));
    command->add_option("--seed", options->seed, "Solver random seed")->check(at_least(0));
    command->add_flag("--directions", options->directions,
                      "B: solve the published layout's direction choices with Z3 instead of "
                      "searching plans");
    command
        ->add_option("--proof-limit", options->plans.proof_limit,
                     "B: partial plans the exhaustive search may cost per n to prove the least "
                     "(default 100000); every n <= 81 is proven whatever the limit (28..81: about "
                     "6 minutes of CPU in all); from n = 82 (five steps) no limit ends in practice")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 40));
    command->add_flag("--verify", options->plans.verify,
                      "B: run the symbolic executor on each plan's schedule");
    command->add_flag(
        "--lower-bound", options->plans.lower_bound,
        "B: also bound Θ from below, with trivcheck's port counts and with one message "
        "each way round, for any schedule that reduces each byte at one "
        "rank and gathers it from there (docs/trivance-b.md); Z3 picks the bound's "
        "multipliers, about 1 s of CPU an n to 1,000 and 20 s at 4,096; for n <= 200 also a "
        "bound for rotation-symmetric two-peer trees (every plan of the space), proven by Z3 "
        "queries (--tree-bound-rlimit each)");
    command
        ->add_option("--tree-bound-rlimit", options->plans.tree_bound_rlimit,
                     "B --lower-bound: Z3 resource limit (rlimit) of each query of the "
                     "symmetric-tree bound (default " +
                         std::to_string(default_tree_bound_rlimit) +
                         ", a few seconds of CPU); a query that reaches it proves nothing and "
                         "the bound stays at what the others proved; unlike a time limit it "
                         "ends at the same point on every machine")
        ->check(at_least(1));
    command
        ->add_option("--table", options->plans.table_file,
                     "B: write the plans as the generator's stored table (needs --form B and "
                     "--n 2..4096)")
        ->check(a_path());
    command->add_option("--jobs", options->jobs,
                        "Threads, one Z3 context each (default 0: all cores); output order and "
                        "answers do not depend on it");
    command->callback([options, &result] { result.exit_code = run_synth(*options); });
}

}  // namespace trivcheck::cli
