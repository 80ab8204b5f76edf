#include "cli/synthesis/synth_tree_choices.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <utility>
#include <vector>

#include "checker/core/exit_code.hpp"
#include "checker/core/sizes_per_thread.hpp"
#include "cli/synthesis/synthesis_document.hpp"
#include "proofs/trivance_b/b_tree_choices.hpp"

namespace trivcheck::cli {

namespace {

using proofs::TreeChoiceAnswer;
using proofs::TreeStepChoices;

/// Θ in units of m: link blocks of m/n bytes each.
double link_theta(std::int64_t link_blocks, int n) {
    return static_cast<double>(link_blocks) / static_cast<double>(n);
}

std::string theta_text(std::int64_t link_blocks, int n) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", link_theta(link_blocks, n));
    return text;
}

bool solved(const TreeChoiceAnswer& answer) {
    return answer.status == proofs::TreeChoiceStatus::solved;
}

/// A rule below the proved optimum, or the balanced rule above it, means the
/// model code or the encoding is wrong.
bool inconsistent(const TreeChoiceAnswer& answer) {
    for (const TreeStepChoices& step : answer.steps)
        if (step.balanced_most != step.optimum_most || step.first_come_most < step.optimum_most)
            return true;
    return false;
}

std::string result_text(const TreeChoiceAnswer& answer) {
    std::ostringstream text;
    text << "n = " << answer.n << ": ";
    if (!solved(answer)) return text.str() + "unknown: " + answer.reason + "\n";
    text << "theta first_come " << theta_text(answer.first_come_link_blocks(), answer.n)
         << " m, balanced " << theta_text(answer.balanced_link_blocks(), answer.n) << " m, optimum "
         << theta_text(answer.optimum_link_blocks(), answer.n) << " m; ";
    std::string differing;
    for (const TreeStepChoices& step : answer.steps) {
        if (step.first_come_most == step.optimum_most && step.balanced_most == step.optimum_most)
            continue;
        differing += (differing.empty() ? "" : "; ") + std::string("step ") +
                     std::to_string(step.step) + " (d " + std::to_string(step.distance) +
                     "): most per direction first_come " + std::to_string(step.first_come_most) +
                     ", balanced " + std::to_string(step.balanced_most) + ", optimum " +
                     std::to_string(step.optimum_most);
    }
    text << (differing.empty() ? "every step at the optimum" : differing) << "\n";
    return text.str();
}

nlohmann::ordered_json result_json(const TreeChoiceAnswer& answer) {
    nlohmann::ordered_json json;
    json["n"] = answer.n;
    json["answer"] = to_string(answer.status);
    if (!solved(answer)) {
        json["reason"] = answer.reason;
        return json;
    }
    // Exact figures beside Θ: link blocks (m/n bytes each) over both phases.
    json["link_blocks"] = {{"first_come", answer.first_come_link_blocks()},
                           {"balanced", answer.balanced_link_blocks()},
                           {"optimum", answer.optimum_link_blocks()}};
    json["theta"] = {{"first_come", link_theta(answer.first_come_link_blocks(), answer.n)},
                     {"balanced", link_theta(answer.balanced_link_blocks(), answer.n)},
                     {"optimum", link_theta(answer.optimum_link_blocks(), answer.n)}};
    json["steps"] = nlohmann::ordered_json::array();
    for (const TreeStepChoices& step : answer.steps)
        json["steps"].push_back({{"step", step.step},
                                 {"distance", step.distance},
                                 {"placed", step.placed},
                                 {"forced_plus", step.forced_plus},
                                 {"forced_minus", step.forced_minus},
                                 {"two_way", step.two_way},
                                 {"first_come_most", step.first_come_most},
                                 {"balanced_most", step.balanced_most},
                                 {"optimum_most", step.optimum_most}});
    return json;
}

struct Summary {
    int sizes = 0;
    int unknown = 0;
    int first_come_optimal = 0;
    int balanced_optimal = 0;
    int balanced_better = 0;
    int balanced_worse = 0;
    /// Largest Θ(first_come) - Θ(balanced) and its least n; 0 if none.
    double largest_improvement = 0;
    int largest_improvement_n = 0;
    int with_two_way = 0;
    int inconsistent = 0;
};

Summary summarise(const std::vector<TreeChoiceAnswer>& answers) {
    Summary summary;
    summary.sizes = static_cast<int>(answers.size());
    for (const TreeChoiceAnswer& answer : answers) {
        if (!solved(answer)) {
            ++summary.unknown;
            continue;
        }
        const std::int64_t first_come = answer.first_come_link_blocks();
        const std::int64_t balanced = answer.balanced_link_blocks();
        const std::int64_t optimum = answer.optimum_link_blocks();
        summary.first_come_optimal += first_come == optimum;
        summary.balanced_optimal += balanced == optimum;
        summary.balanced_better += balanced < first_come;
        summary.balanced_worse += balanced > first_come;
        const double improvement = link_theta(first_come - balanced, answer.n);
        if (improvement > summary.largest_improvement) {
            summary.largest_improvement = improvement;
            summary.largest_improvement_n = answer.n;
        }
        bool two_way = false;
        for (const TreeStepChoices& step : answer.steps) two_way = two_way || step.two_way > 0;
        summary.with_two_way += two_way;
        summary.inconsistent += inconsistent(answer);
    }
    return summary;
}

nlohmann::ordered_json summary_json(const Summary& summary) {
    return {{"sizes", summary.sizes},
            {"unknown", summary.unknown},
            {"with_two_way_displacements", summary.with_two_way},
            {"first_come_optimal", summary.first_come_optimal},
            {"balanced_optimal", summary.balanced_optimal},
            {"balanced_better_than_first_come", summary.balanced_better},
            {"balanced_worse_than_first_come", summary.balanced_worse},
            {"largest_theta_improvement", summary.largest_improvement},
            {"largest_theta_improvement_n", summary.largest_improvement_n},
            {"inconsistent_with_optimum", summary.inconsistent}};
}

std::string summary_text(const Summary& summary) {
    std::ostringstream text;
    const int solved_sizes = summary.sizes - summary.unknown;
    text << "summary: " << summary.sizes << " n, " << summary.with_two_way
         << " with a two-way displacement\n"
         << "  first_come at the optimum theta: " << summary.first_come_optimal << " of "
         << solved_sizes << " n\n"
         << "  balanced at the optimum theta: " << summary.balanced_optimal << " of "
         << solved_sizes << " n\n"
         << "  balanced better than first_come: " << summary.balanced_better << " n";
    if (summary.largest_improvement_n > 0) {
        char improvement[64];
        std::snprintf(improvement, sizeof improvement, "%.6g", summary.largest_improvement);
        text << " (largest: " << improvement << " m at n = " << summary.largest_improvement_n
             << ")";
    }
    text << "\n  balanced worse than first_come: " << summary.balanced_worse << " n\n";
    if (summary.unknown > 0) text << "  unknown: " << summary.unknown << " n\n";
    if (summary.inconsistent > 0)
        text << "  INCONSISTENT (a rule below the proved optimum, or balanced above it): "
             << summary.inconsistent << " n\n";
    return text.str();
}

}  // namespace

int run_tree_choice_synthesis(const std::vector<int>& sizes, bool json,
                              const proofs::SolverSettings& settings, int jobs) {
    const auto start = std::chrono::steady_clock::now();
    const std::vector<TreeChoiceAnswer> answers = answer_sizes_per_thread<TreeChoiceAnswer>(
        sizes, jobs, [&] { return std::make_unique<proofs::TreeChoiceSolver>(settings); },
        [](proofs::TreeChoiceSolver& solver, int n) { return solver.solve(n); });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Summary summary = summarise(answers);
    if (json) {
        nlohmann::ordered_json results = nlohmann::ordered_json::array();
        for (const TreeChoiceAnswer& answer : answers) results.push_back(result_json(answer));
        std::cout << synthesis_document("b_tree_choices", std::move(results),
                                        summary_json(summary));
    } else {
        for (const TreeChoiceAnswer& answer : answers) std::cout << result_text(answer);
        std::cout << summary_text(summary);
    }
    // Wall time varies run to run, so it stays out of the (golden) output.
    std::cerr << "solved " << sizes.size() << " sizes in " << seconds << " s\n";
    if (summary.inconsistent > 0) return exit_violated;
    return summary.unknown > 0 ? exit_unknown : exit_holds;
}

}  // namespace trivcheck::cli
