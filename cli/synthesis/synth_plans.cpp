#include "cli/synthesis/synth_plans.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "checker/core/exit_code.hpp"
#include "checker/core/sizes_per_thread.hpp"
#include "checker/costs/formula_figures.hpp"
#include "checker/execution/executor.hpp"
#include "checker/formats/file_text.hpp"
#include "cli/progress_bar.hpp"
#include "cli/synthesis/synthesis_document.hpp"
#include "models/generator.hpp"
#include "models/trivance/trivance_b_level_drops.hpp"
#include "models/trivance/trivance_b_plans.hpp"
#include "models/trivance/trivance_b_search.hpp"
#include "proofs/trivance_b/b_lower_bound.hpp"
#include "proofs/trivance_b/b_symmetric_tree_bound.hpp"

namespace trivcheck::cli {

namespace {

struct PlanOutcome {
    int n = 0;
    PlanSearchResult found;
    std::int64_t short_last_blocks = 0;
    std::int64_t short_first_blocks = 0;
    RulePlan rule;
    std::int64_t rule_blocks = 0;
    /// "same", "differs" or "none" (n above the table).
    std::string stored = "none";
    /// The executor's verdict on the generated schedule, when asked.
    std::string verified;
    /// The lower bounds for any reduce-then-gather schedule, when asked:
    /// with trivcheck's port counts, then with one message each way round.
    std::vector<proofs::ThetaLowerBound> lower_bounds;
    /// The bound for rotation-symmetric two-peer trees (n up to
    /// symmetric_tree_bound_up_to), when asked.
    std::optional<proofs::SymmetricTreeBound> tree_bound;
};

double two_phase_theta(std::int64_t phase_blocks, int n) {
    return 2.0 * static_cast<double>(phase_blocks) / static_cast<double>(n);
}

/// Table 1's byte factor for Trivance B, as the cost model's formulas give it.
double paper_theta(int n) {
    std::string why;
    const Competitor trivance_b{"trivance-B", "trivance", Form::B};
    return formula_figures(trivance_b, Topology::ring(n), why).value().theta;
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4f", value);
    return text;
}

PlanOutcome synthesize_plan(int n, const PlanSynthesisOptions& options) {
    PlanOutcome outcome;
    outcome.n = n;
    outcome.found = search_best_plan(n, options.proof_limit);
    outcome.short_last_blocks = phase_link_blocks(short_last_plan(n)).value();
    outcome.short_first_blocks = phase_link_blocks(short_first_plan(n)).value();
    outcome.rule = rule_plan_with_level_drops(n);
    outcome.rule_blocks = phase_link_blocks(outcome.rule.plan).value();
    if (const std::optional<TrivanceBPlan> stored = stored_trivance_b_plan(n))
        outcome.stored = *stored == outcome.found.plan ? "same" : "differs";
    if (options.verify) {
        GeneratorRequest request;
        request.algo = "trivance";
        request.form = Form::B;
        request.topology = Topology::ring(n);
        request.layout = plan_text(outcome.found.plan);
        const Schedule schedule = generate(request);
        const Report report = execute(schedule);
        outcome.verified = to_string(report.verdict);
    }
    if (options.lower_bound)
        for (PortRule ports : {PortRule::counts, PortRule::one_each_way})
            outcome.lower_bounds.push_back(
                proofs::tree_theta_lower_bound(n, ports, options.timeout_ms));
    if (options.lower_bound && n <= symmetric_tree_bound_up_to) {
        // The each-way bound holds for every plan of the space (one message
        // each way a step), so its blocks a link a phase, rounded up, are the floor.
        const double each_way_blocks = outcome.lower_bounds[1].theta * n / 2.0;
        const auto floor = static_cast<std::int64_t>(std::ceil(each_way_blocks - 1e-6));
        proofs::SolverSettings settings;
        settings.resource_limit = options.tree_bound_rlimit;
        // A backstop only: the resource limit ends each query first.
        settings.timeout_ms = 600000;
        outcome.tree_bound = proofs::symmetric_tree_bound(
            n, std::min(floor, outcome.found.phase_link_blocks), outcome.found.phase_link_blocks,
            settings, symmetric_tree_exact_up_to, symmetric_tree_counts_up_to);
    }
    return outcome;
}

/// Θ of the plan found over a lower bound.
double bound_ratio(const PlanOutcome& outcome, const proofs::ThetaLowerBound& bound) {
    return two_phase_theta(outcome.found.phase_link_blocks, outcome.n) / bound.theta;
}

nlohmann::ordered_json bound_json(const proofs::ThetaLowerBound& bound) {
    return {{"theta", bound.theta},
            {"ceiling", std::isfinite(bound.ceiling) ? nlohmann::ordered_json(bound.ceiling)
                                                     : nlohmann::ordered_json(nullptr)},
            {"unknown_reason", bound.unknown_reason.empty()
                                   ? nlohmann::ordered_json(nullptr)
                                   : nlohmann::ordered_json(bound.unknown_reason)}};
}

nlohmann::ordered_json tree_bound_json(const PlanOutcome& outcome) {
    if (!outcome.tree_bound) return nullptr;
    const proofs::SymmetricTreeBound& bound = *outcome.tree_bound;
    return {{"theta", bound.theta},
            {"phase_link_blocks", bound.blocks},
            {"meets_plan", bound.blocks == outcome.found.phase_link_blocks},
            {"proven_by", bound.proven_by},
            {"queries", bound.queries},
            {"unknown", bound.unknown}};
}

/// Θ of the rule's plan over Θ of the plan found.
double rule_ratio(const PlanOutcome& outcome) {
    return static_cast<double>(outcome.rule_blocks) /
           static_cast<double>(outcome.found.phase_link_blocks);
}

std::string outcome_text(const PlanOutcome& outcome) {
    const int n = outcome.n;
    const double best = two_phase_theta(outcome.found.phase_link_blocks, n);
    std::ostringstream text;
    text << "n = " << n << ": theta " << number(best) << " m, plan "
         << plan_text(outcome.found.plan) << " ("
         << (outcome.found.proven_least ? "least: exhaustive search" : "best found, not proven")
         << "); short_last " << number(two_phase_theta(outcome.short_last_blocks, n))
         << ", short_first " << number(two_phase_theta(outcome.short_first_blocks, n)) << ", rule "
         << number(two_phase_theta(outcome.rule_blocks, n)) << " (" << outcome.rule.name << " "
         << plan_text(outcome.rule.plan) << ", x" << number(rule_ratio(outcome)) << "), 2/3 log3 n "
         << number(paper_theta(n)) << " (x" << number(best / paper_theta(n)) << ")";
    for (std::size_t i = 0; i < outcome.lower_bounds.size(); ++i) {
        const proofs::ThetaLowerBound& bound = outcome.lower_bounds[i];
        text << (i == 0 ? ", lower bound " : ", one message each way round ") << number(bound.theta)
             << " (x" << number(bound_ratio(outcome, bound)) << ")";
        if (!bound.unknown_reason.empty())
            text << " (multipliers not optimal: " << bound.unknown_reason << ")";
    }
    if (outcome.tree_bound) {
        const proofs::SymmetricTreeBound& bound = *outcome.tree_bound;
        text << ", symmetric trees " << number(bound.theta);
        if (bound.blocks == outcome.found.phase_link_blocks)
            text << " (meets the plan: least)";
        else
            text << " (x" << number(best / bound.theta) << ")";
    }
    text << "; stored plan " << outcome.stored;
    if (!outcome.verified.empty()) text << "; executor: " << outcome.verified;
    return text.str() + "\n";
}

nlohmann::ordered_json outcome_json(const PlanOutcome& outcome) {
    const int n = outcome.n;
    return {{"n", n},
            {"plan", plan_text(outcome.found.plan)},
            {"phase_link_blocks", outcome.found.phase_link_blocks},
            {"theta", two_phase_theta(outcome.found.phase_link_blocks, n)},
            {"proven_least", outcome.found.proven_least},
            {"short_last_theta", two_phase_theta(outcome.short_last_blocks, n)},
            {"short_first_theta", two_phase_theta(outcome.short_first_blocks, n)},
            {"rule", outcome.rule.name},
            {"rule_plan", plan_text(outcome.rule.plan)},
            {"rule_theta", two_phase_theta(outcome.rule_blocks, n)},
            {"paper_theta", paper_theta(n)},
            {"lower_bound", outcome.lower_bounds.empty() ? nlohmann::ordered_json(nullptr)
                                                         : bound_json(outcome.lower_bounds[0])},
            {"lower_bound_one_each_way", outcome.lower_bounds.empty()
                                             ? nlohmann::ordered_json(nullptr)
                                             : bound_json(outcome.lower_bounds[1])},
            {"lower_bound_symmetric_trees", tree_bound_json(outcome)},
            {"stored", outcome.stored},
            {"verified", outcome.verified.empty() ? nlohmann::ordered_json(nullptr)
                                                  : nlohmann::ordered_json(outcome.verified)}};
}

/// The generator's table: one plan_text a line, for n = 2, 3, ...; the rule's
/// plan with level drops as stored_rule_plan (its adopters are recomputed).
std::string table_text(const std::vector<PlanOutcome>& outcomes) {
    std::ostringstream text;
    text << "// Trivance B plans for n = 2.." << outcomes.back().n
         << ", one a line from n = 2; written by scripts/trivance-b-plans\n"
            "// (trivcheck synth --form B --table FILE). Do not edit by hand.\n";
    for (const PlanOutcome& outcome : outcomes) {
        const bool rule =
            !outcome.found.plan.senders.empty() && outcome.found.plan == outcome.rule.plan;
        text << '"' << (rule ? stored_rule_plan : plan_text(outcome.found.plan)) << "\",  // "
             << outcome.n << "\n";
    }
    return text.str();
}

/// ": 17, 19, ..." or nothing for no sizes.
std::string sizes_text(const std::vector<int>& sizes) {
    std::ostringstream text;
    for (std::size_t i = 0; i < sizes.size(); ++i) text << (i == 0 ? ": " : ", ") << sizes[i];
    return text.str();
}

bool is_whole_table(const std::vector<int>& sizes) {
    if (sizes.size() != static_cast<std::size_t>(stored_trivance_b_plans_up_to - 1)) return false;
    for (std::size_t i = 0; i < sizes.size(); ++i)
        if (sizes[i] != static_cast<int>(i) + 2) return false;
    return true;
}

}  // namespace

int run_plan_synthesis(const std::vector<int>& sizes, const PlanSynthesisOptions& options) {
    if (!options.table_file.empty() && !is_whole_table(sizes)) {
        std::cerr << "error: --table needs --n 2.." << stored_trivance_b_plans_up_to
                  << ", the sizes the generator's table holds\n";
        return exit_usage;
    }
    const auto start = std::chrono::steady_clock::now();
    struct NoWorker {};
    ProgressBar progress(sizes.size());
    const std::vector<PlanOutcome> outcomes = answer_sizes_per_thread<PlanOutcome>(
        sizes, options.jobs, [] { return std::make_unique<NoWorker>(); },
        [&](NoWorker&, int n) {
            PlanOutcome outcome = synthesize_plan(n, options);
            progress.advance("n=" + std::to_string(n));
            return outcome;
        });
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int proven = 0, differing = 0, failed = 0, beats_paper = 0, within_10 = 0, unbounded = 0;
    int tree_bounded = 0, tree_meets = 0;
    double bound_most = 0;
    int bound_most_at = 0;
    double rule_most = 0, rule_sum = 0;
    std::vector<int> rule_above_5_percent;
    for (const PlanOutcome& outcome : outcomes) {
        proven += outcome.found.proven_least;
        differing += outcome.stored == "differs";
        failed += !outcome.verified.empty() && outcome.verified != "holds";
        const double ratio =
            two_phase_theta(outcome.found.phase_link_blocks, outcome.n) / paper_theta(outcome.n);
        beats_paper += ratio <= 1.0;
        within_10 += ratio <= 1.10;
        rule_most = std::max(rule_most, rule_ratio(outcome));
        rule_sum += rule_ratio(outcome);
        if (rule_ratio(outcome) > 1.05) rule_above_5_percent.push_back(outcome.n);
        for (const proofs::ThetaLowerBound& bound : outcome.lower_bounds)
            unbounded += !bound.unknown_reason.empty();
        if (outcome.tree_bound) {
            ++tree_bounded;
            tree_meets += outcome.tree_bound->blocks == outcome.found.phase_link_blocks;
        }
        if (!outcome.lower_bounds.empty() &&
            bound_ratio(outcome, outcome.lower_bounds[0]) > bound_most) {
            bound_most = bound_ratio(outcome, outcome.lower_bounds[0]);
            bound_most_at = outcome.n;
        }
    }
    const double rule_mean = outcomes.empty() ? 0 : rule_sum / static_cast<double>(outcomes.size());
    nlohmann::ordered_json summary = {{"sizes", outcomes.size()},
                                      {"proven_least", proven},
                                      {"at_or_below_paper_theta", beats_paper},
                                      {"within_10_percent_of_paper_theta", within_10},
                                      {"stored_plan_differs", differing},
                                      {"rule_max_ratio", rule_most},
                                      {"rule_mean_ratio", rule_mean},
                                      {"rule_above_5_percent", rule_above_5_percent},
                                      {"executor_failures", failed}};
    if (options.lower_bound) {
        summary["lower_bound_max_ratio"] = bound_most;
        summary["lower_bound_max_ratio_at"] = bound_most_at;
        summary["lower_bound_unknown"] = unbounded;
        summary["symmetric_trees_bounded"] = tree_bounded;
        summary["symmetric_trees_bound_meets_plan"] = tree_meets;
    }
    if (options.json) {
        nlohmann::ordered_json results = nlohmann::ordered_json::array();
        for (const PlanOutcome& outcome : outcomes) results.push_back(outcome_json(outcome));
        std::cout << synthesis_document("trivance_b_plans", std::move(results), summary);
    } else {
        for (const PlanOutcome& outcome : outcomes) std::cout << outcome_text(outcome);
        std::cout << "summary: " << outcomes.size() << " n; least proven for " << proven
                  << "; theta at or below 2/3 log3 n for " << beats_paper << ", within 10% for "
                  << within_10 << "; stored plan differs for " << differing
                  << "; executor failures " << failed << "\n"
                  << "rule: theta over the plan found at most x" << number(rule_most) << ", mean x"
                  << number(rule_mean) << ", above x1.05 for " << rule_above_5_percent.size()
                  << " n" << sizes_text(rule_above_5_percent) << "\n";
        if (options.lower_bound)
            std::cout << "lower bound: theta over it at most x" << number(bound_most)
                      << " (n = " << bound_most_at << "); multipliers not proven best for "
                      << unbounded << " n\n"
                      << "symmetric trees: bound for " << tree_bounded
                      << " n (n <= " << symmetric_tree_bound_up_to
                      << "), meets the plan (least proven) for " << tree_meets << "\n";
    }
    std::cerr << "searched " << sizes.size() << " sizes in " << seconds << " s\n";
    if (!options.table_file.empty()) {
        try {
            write_file_text(options.table_file, table_text(outcomes));
        } catch (const std::runtime_error& error) {
            std::cerr << "error: " << error.what() << "\n";
            return exit_input_error;
        }
    }
    // Writing the table replaces the stored plans, so a difference is expected then.
    const bool stale = differing > 0 && options.table_file.empty();
    if (stale || failed > 0) return exit_violated;
    return unbounded > 0 ? exit_unknown : exit_holds;
}

}  // namespace trivcheck::cli
