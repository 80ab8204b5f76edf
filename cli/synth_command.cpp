#include <chrono>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "checker/exit_code.hpp"
#include "checker/pieces_execution.hpp"
#include "checker/size_class.hpp"
#include "checker/size_spec.hpp"
#include "cli/command.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/trivance.hpp"
#include "proofs/pieces_model.hpp"

namespace trivcheck::cli {

namespace {

struct SynthOptions {
    std::string sizes;
    bool json = false;
    unsigned timeout_ms = 10000;
    unsigned seed = 0;
};

/// What one n got: a plan the pieces executor verified, a proof that none
/// exists, nothing to synthesize (power of 3), or no answer.
struct SizeOutcome {
    int n = 0;
    std::string answer;
    std::optional<LastStepPlan> plan;
    int published_distance = 0;
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

SizeOutcome synthesize_size(int n, const proofs::SynthesisSettings& settings) {
    SizeOutcome outcome;
    outcome.n = n;
    if (is_power_of(n, 3)) {
        outcome.answer = "not_needed";
        outcome.detail = "n is a power of 3: the published schedule is exact";
        return outcome;
    }
    outcome.published_distance = trivance_distances(n).back();
    const proofs::SynthesisAnswer answer = proofs::synthesize_last_step(n, settings);
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
    if (const auto miscount = execute_pieces_plan(*answer.plan)) {
        outcome.answer = "refuted";
        outcome.detail = "the solver's plan fails the pieces executor: " + describe(*miscount);
    } else {
        outcome.answer = "found";
        outcome.detail = "verified exactly once at every rank by the pieces executor";
    }
    return outcome;
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
        json["right_distance"] = plan.right_distance;
        json["left_distance"] = plan.left_distance;
        json["keep"] = piece_json(plan.keep, pieces);
        json["right_peer_sends"] = piece_json(plan.from_right, pieces);
        json["left_peer_sends"] = piece_json(plan.from_left, pieces);
        json["extra_buffers"] = plan.extra_buffers();
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
         << outcome.published_distance << "), d_R " << plan.right_distance << ", d_L "
         << plan.left_distance << ", keep " << piece_list(plan.keep, pieces)
         << ", right peer sends " << piece_list(plan.from_right, pieces) << ", left peer sends "
         << piece_list(plan.from_left, pieces) << ", extra memory " << plan.extra_buffers()
         << " x m per rank; " << outcome.detail << "\n";
    return text.str();
}

/// answer -> count, per size class, in a fixed order.
using Summary = std::map<std::string, std::map<std::string, int>>;

int run_synth(const SynthOptions& options) {
    std::vector<int> sizes;
    try {
        sizes = parse_size_spec(options.sizes);
    } catch (const SizeSpecError& error) {
        std::cerr << "error: --n: " << error.what() << "\n";
        return exit_usage;
    }
    const proofs::SynthesisSettings settings{options.timeout_ms, options.seed};
    const auto start = std::chrono::steady_clock::now();
    Summary summary;
    nlohmann::ordered_json results = nlohmann::ordered_json::array();
    int exit_code = exit_holds;
    for (int n : sizes) {
        const SizeOutcome outcome = synthesize_size(n, settings);
        ++summary[to_string(classify_size(n))][outcome.answer];
        if (outcome.answer == "refuted") exit_code = exit_violated;
        if (outcome.answer == "unknown" && exit_code == exit_holds) exit_code = exit_unknown;
        if (options.json)
            results.push_back(outcome_json(outcome));
        else
            std::cout << outcome_text(outcome);
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.json) {
        nlohmann::ordered_json document;
        document["schema"] = "trivcheck.synthesis/1";
        document["model"] = "pieces";
        document["results"] = results;
        document["summary"] = summary;
        std::cout << document.dump(2) << "\n";
    } else {
        std::cout << "summary (size class: answer count):\n";
        for (const auto& [size_class, answers] : summary) {
            std::cout << "  " << size_class << ":";
            for (const auto& [answer, count] : answers) std::cout << " " << answer << " " << count;
            std::cout << "\n";
        }
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
        "Synthesise Trivance L's last step in the pieces model with Z3 (docs/synthesis.md):\n"
        "least link load, exactly once, verified by the pieces executor; or a proof that none\n"
        "exists.\n"
        "  trivcheck synth --n 10\n"
        "  trivcheck synth --n 2..1000 --json\n"
        "Exit 0 every n answered, 1 a solver plan failed verification, 2 usage, 4 unknown.");
    command->add_option("--n", options->sizes, "Ring sizes: N, A..B, lists (docs/sweep.md)")
        ->required();
    command->add_flag("--json", options->json, "Print trivcheck.synthesis/1 JSON");
    command->add_option("--smt-timeout-ms", options->timeout_ms,
                        "Solver timeout per n in milliseconds (unknown, exit 4, when exceeded)");
    command->add_option("--seed", options->seed, "Solver random seed");
    command->callback([options, &result] { result.exit_code = run_synth(*options); });
}

}  // namespace trivcheck::cli
