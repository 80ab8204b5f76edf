#include "models/trivance/trivance.hpp"

#include <memory>
#include <stdexcept>
#include <utility>

#include "models/ring_arithmetic.hpp"
#include "models/time_reversal.hpp"
#include "models/trivance/trivance_b_level_drops.hpp"
#include "models/trivance/trivance_b_plans.hpp"
#include "models/trivance/trivance_fold.hpp"
#include "models/trivance/trivance_synthesized.hpp"

namespace trivcheck {

std::vector<int> trivance_distances(int n) {
    std::vector<int> distances;
    const int s = floor_log(n, 3);
    for (int k = 0; k < s; ++k) distances.push_back(static_cast<int>(power(3, k)));
    const int full = static_cast<int>(power(3, s));
    if (full != n) distances.push_back((n - full + 1) / 2);
    return distances;
}

namespace {

Schedule trivance_base(const GeneratorRequest& request, const char* form) {
    if (request.topology.kind != TopologyKind::ring)
        throw NotApplicable("trivance is generated for rings only");
    const int n = request.topology.rank_count();
    if (n < 2) throw NotApplicable("trivance needs at least 2 ranks");
    Schedule schedule;
    schedule.name = std::string("trivance-") + form + "-" + std::to_string(n);
    schedule.algo = "trivance";
    schedule.form = form;
    schedule.topology = request.topology;
    schedule.ranks = n;
    return schedule;
}

/// The published full steps, then the last step a planner found
/// (models/trivance/trivance_synthesized.hpp). A power of 3 needs no last step.
Schedule trivance_latency_synthesized(const GeneratorRequest& request) {
    const int n = trivance_base(request, "L").ranks;
    if (is_power_of(n, 3)) {
        Schedule published = expand(trivance_latency_orbit(request));
        published.name = "trivance-L-synthesized-" + std::to_string(n);
        return published;
    }
    if (!request.last_step_planner)
        throw std::invalid_argument(
            "trivance L --last-step synthesized needs a last-step planner (the trivcheck "
            "commands supply Z3's)");
    const std::optional<LastStepPlan> plan = request.last_step_planner(n);
    if (!plan)
        throw NotApplicable(
            "no exactly-once last step exists in the pieces model for n = " + std::to_string(n) +
            " (Z3: unsat); --last-step fold is exact for "
            "every n at one step more");
    return expand(trivance_synthesized_orbit(*plan));
}

Schedule trivance_latency(const GeneratorRequest& request) {
    if (request.last_step == "synthesized") return trivance_latency_synthesized(request);
    if (request.last_step == "fold") return trivance_latency_fold(trivance_base(request, "L"));
    if (request.last_step != "published")
        throw std::invalid_argument("unknown trivance last step '" + request.last_step +
                                    "' (have: published, fold, synthesized)");
    return expand(trivance_latency_orbit(request));
}

/// The plan `request.layout` names, and the rule that picks its free directions:
/// the stored best plan, the rule's plan and the short-first layout use the balanced rule their
/// cost assumes; the short-last layout keeps `request.tree` (first_come by default).
std::pair<TrivanceBPlan, TreeRule> requested_plan(const GeneratorRequest& request, int n) {
    if (request.layout == "best") return {best_known_plan(n), TreeRule::balanced};
    if (request.layout == "short_first") return {short_first_plan(n), TreeRule::balanced};
    if (request.layout == "rule") return {rule_plan_with_level_drops(n).plan, TreeRule::balanced};
    if (is_plan_text(request.layout)) {
        TrivanceBPlan plan = parse_plan_text(n, request.layout);
        if (!phase_link_blocks(plan))
            throw NotApplicable(
                "trivance B plan " + request.layout +
                (plan.senders.empty()
                     ? " leaves ranks of a ring of " + std::to_string(n) + " unreached"
                     : " is not exact on a ring of " + std::to_string(n) +
                           " (a displacement unreached or adopted twice, or "
                           "an adopter not yet placed)"));
        return {std::move(plan), TreeRule::balanced};
    }
    if (request.layout != "short_last")
        throw std::invalid_argument(
            "unknown trivance B layout '" + request.layout +
            "' (have: best, rule, short_last, short_first, or a plan such as "
            "1,3,9,7/6)");
    TreeRule rule = TreeRule::first_come;
    if (!parse_tree_rule(request.tree, rule))
        throw std::invalid_argument("unknown trivance tree rule '" + request.tree +
                                    "' (have: first_come, balanced)");
    return {short_last_plan(n), rule};
}

std::string layout_name(const GeneratorRequest& request) {
    if (request.layout == "best") return "";
    if (is_plan_text(request.layout)) return "plan-" + request.layout + "-";
    if (request.layout == "short_last" && request.tree != "first_come")
        return request.layout + "-" + request.tree + "-";
    return request.layout + "-";
}

/// Per reduce-scatter step, the displacements that send + and - (several
/// times, or none, where the tree is not exact).
struct StepSends {
    std::vector<std::vector<int>> plus;
    std::vector<std::vector<int>> minus;
};

StepSends sends_of_tree(const ReductionTree& tree, std::size_t steps) {
    StepSends sends{std::vector<std::vector<int>>(steps), std::vector<std::vector<int>>(steps)};
    for (std::size_t x = 1; x < tree.send_step.size(); ++x) {
        const auto t = static_cast<std::size_t>(tree.send_step[x]);
        (tree.direction[x] > 0 ? sends.plus : sends.minus)[t].push_back(static_cast<int>(x));
    }
    return sends;
}

/// A plan whose every step is partial, its children as its adopters name
/// them, whether or not that is exact.
StepSends sends_as_written(const TrivanceBPlan& plan) {
    StepSends sends{std::vector<std::vector<int>>(plan.steps.size()),
                    std::vector<std::vector<int>>(plan.steps.size())};
    for (std::size_t t = 0; t < plan.steps.size(); ++t) {
        const StepSenders* senders = plan.partial(t);
        if (!senders)
            throw std::invalid_argument("trivance B plan " + plan_text(plan) +
                                        " is not exact, and not every step is partial");
        for (int parent : senders->plus)
            sends.plus[t].push_back(wrap(parent - plan.steps[t].plus, plan.n));
        for (int parent : senders->minus)
            sends.minus[t].push_back(wrap(parent + plan.steps[t].minus, plan.n));
    }
    return sends;
}

/// Rank r sends block b = r - x for every displacement x that sends at step
/// t; as a pattern relative to r that is {-x}, shared by all ranks. The
/// all-gather is the time reversal, with copies.
void add_plan_steps(Schedule& schedule, const TrivanceBPlan& plan, const StepSends& sends) {
    const int n = plan.n;
    const auto pattern = [n](const std::vector<int>& displacements) {
        std::vector<int> blocks;
        for (int x : displacements) blocks.push_back(wrap(-x, n));
        return BlockSet(blocks, n).pattern();
    };
    std::vector<Step> reduce_scatter;
    for (std::size_t t = 0; t < plan.steps.size(); ++t) {
        const StepDistances distances = plan.steps[t];
        auto plus = pattern(sends.plus[t]);
        auto minus = pattern(sends.minus[t]);
        Step step{"reduce_scatter", {}};
        step.transfers.reserve(2 * static_cast<std::size_t>(n));
        for (int r = 0; r < n; ++r) {
            if (!plus->empty())
                step.transfers.push_back({r, wrap(r + distances.plus, n), BlockSet(plus, r, n),
                                          Op::reduce, Route::plus});
            if (!minus->empty())
                step.transfers.push_back({r, wrap(r - distances.minus, n), BlockSet(minus, r, n),
                                          Op::reduce, Route::minus});
        }
        reduce_scatter.push_back(std::move(step));
    }
    schedule.steps = reduce_scatter;
    for (Step& step : time_reversed_copies(reduce_scatter, "allgather"))
        schedule.steps.push_back(std::move(step));
}

Schedule trivance_bandwidth(const GeneratorRequest& request) {
    Schedule schedule = trivance_base(request, "B");
    const int n = schedule.ranks;
    const auto [plan, rule] = requested_plan(request, n);
    Schedule built = trivance_b_plan_schedule(plan, rule);
    built.topology = schedule.topology;
    built.name = "trivance-B-" + layout_name(request) + std::to_string(n);
    return built;
}

}  // namespace

RotationOrbit trivance_latency_orbit(const GeneratorRequest& request) {
    RotationOrbit orbit{trivance_base(request, "L")};
    Schedule& schedule = orbit.model;
    const int n = schedule.ranks;
    schedule.blocks = 1;
    // Rank 0 sends its whole accumulator to d and to -d; every rank r does the same turned by r.
    const BlockSet whole = BlockSet::all(1);
    for (int d : trivance_distances(n))
        schedule.steps.push_back({"allreduce",
                                  {{0, wrap(d, n), whole, Op::reduce, Route::plus},
                                   {0, wrap(-d, n), whole, Op::reduce, Route::minus}}});
    return orbit;
}

Schedule trivance_b_plan_schedule(const TrivanceBPlan& plan, TreeRule rule) {
    const int n = plan.n;
    if (n < 2) throw std::invalid_argument("trivance B needs at least 2 ranks");
    GeneratorRequest request{"trivance", Form::B, Topology::ring(n)};
    Schedule schedule = trivance_base(request, "B");
    schedule.blocks = n;
    schedule.name = "trivance-B-plan-" + std::to_string(n);
    const std::optional<std::vector<TreeStep>> steps = plan_tree_steps(plan);
    add_plan_steps(schedule, plan,
                   steps ? sends_of_tree(reduction_tree_of(n, *steps, rule), plan.steps.size())
                         : sends_as_written(plan));
    return schedule;
}

Schedule generate_trivance(const GeneratorRequest& request) {
    return request.form == Form::L ? trivance_latency(request) : trivance_bandwidth(request);
}

}  // namespace trivcheck
