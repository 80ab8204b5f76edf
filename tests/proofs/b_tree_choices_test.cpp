#include "proofs/trivance_b/b_tree_choices.hpp"

#include <doctest/doctest.h>

#include <set>

#include "checker/explanations/check.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/trivance/trivance.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::run_trivcheck;

// Trivance B's free direction choices (docs/model.md; docs/synthesis.md "B form choices").

namespace {

/// The displacements placed at each step, recomputed as sets without any
/// direction: placed_t = (eligible_t ± d_t) minus what is placed, eligible_t
/// the owner and everything placed at a later step.
std::vector<std::set<int>> placed_sets(int n, const std::vector<int>& distances) {
    std::vector<std::set<int>> sets(distances.size());
    std::set<int> eligible{0};
    std::set<int> placed{0};
    for (int t = static_cast<int>(distances.size()) - 1; t >= 0; --t) {
        const int d = distances[static_cast<std::size_t>(t)];
        std::set<int>& now = sets[static_cast<std::size_t>(t)];
        for (int parent : eligible)
            for (int child : {wrap(parent - d, n), wrap(parent + d, n)})
                if (!placed.count(child)) now.insert(child);
        placed.insert(now.begin(), now.end());
        eligible.insert(now.begin(), now.end());
    }
    return sets;
}

proofs::TreeChoiceAnswer solve(int n) {
    proofs::TreeChoiceSolver solver({10000, 0, 0});
    return solver.solve(n);
}

GeneratorRequest balanced_request(int n) {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::B;
    request.topology = Topology::ring(n);
    request.layout = "short_last";
    request.tree = "balanced";
    return request;
}

}  // namespace

TEST_CASE("tree steps: what each step places does not depend on directions, n = 2..300") {
    for (int n = 2; n <= 300; ++n) {
        CAPTURE(n);
        const std::vector<int> distances = trivance_distances(n);
        const std::vector<std::set<int>> expected = placed_sets(n, distances);
        const std::vector<TreeStep> steps = trivance_tree_steps(n, distances);
        REQUIRE(steps.size() == distances.size());
        for (const TreeStep& step : steps) {
            CAPTURE(step.step);
            // A parent is eligible at t when it is the owner or placed at a later step.
            const auto eligible = [&](int parent) {
                if (parent == 0) return true;
                for (std::size_t later = static_cast<std::size_t>(step.step) + 1;
                     later < expected.size(); ++later)
                    if (expected[later].count(parent)) return true;
                return false;
            };
            std::set<int> placed;
            DirectionCounts forced;
            for (const PlacedDisplacement& child : step.placed) {
                placed.insert(child.displacement);
                CHECK(child.plus_possible ==
                      eligible(wrap(child.displacement + step.plus_distance, n)));
                CHECK(child.minus_possible ==
                      eligible(wrap(child.displacement - step.minus_distance, n)));
                CHECK((child.plus_possible || child.minus_possible));
                if (!child.two_way()) ++(child.plus_possible ? forced.plus : forced.minus);
            }
            CHECK(placed == expected[static_cast<std::size_t>(step.step)]);
            CHECK(placed.size() == step.placed.size());
            // Mirror symmetry (x -> -x maps the tree's eligible sets to themselves).
            CHECK(forced.plus == forced.minus);
        }
        // Both rules: same send steps, every direction towards an eligible parent.
        const ReductionTree first_come =
            trivance_reduction_tree(n, distances, TreeRule::first_come);
        const ReductionTree balanced = trivance_reduction_tree(n, distances, TreeRule::balanced);
        CHECK(first_come.send_step == balanced.send_step);
        for (const ReductionTree* tree : {&first_come, &balanced})
            for (int x = 1; x < n; ++x) {
                const int t = tree->send_step[static_cast<std::size_t>(x)];
                const int d = distances[static_cast<std::size_t>(t)];
                const int parent = wrap(x + tree->direction[static_cast<std::size_t>(x)] * d, n);
                const int parent_step = tree->send_step[static_cast<std::size_t>(parent)];
                CHECK((parent == 0 || parent_step > t));
            }
    }
}

TEST_CASE("balanced rule: max(c+, c-) = max(forced+, forced-, ceil(placed / 2))") {
    for (int n = 2; n <= 300; ++n) {
        for (const TreeStep& step : trivance_tree_steps(n, trivance_distances(n))) {
            CAPTURE(n);
            CAPTURE(step.step);
            int forced_plus = 0, forced_minus = 0;
            for (const PlacedDisplacement& child : step.placed)
                if (!child.two_way()) ++(child.plus_possible ? forced_plus : forced_minus);
            const int placed = static_cast<int>(step.placed.size());
            const DirectionCounts counts =
                count_directions(choose_directions(step, TreeRule::balanced));
            CHECK(counts.plus + counts.minus == placed);
            CHECK(counts.most() == std::max({forced_plus, forced_minus, (placed + 1) / 2}));
        }
    }
}

TEST_CASE("first_come: x and -x send opposite ways at the same step, n = 2..2000") {
    // Why balancing never gains (docs/synthesis.md "B form choices"): with
    // every direction mirrored, c+ and c- differ only by n/2, which is its own
    // mirror, so max(c+, c-) = ceil(placed / 2), the least any choice allows.
    for (int n = 2; n <= 2000; ++n) {
        CAPTURE(n);
        const ReductionTree tree =
            trivance_reduction_tree(n, trivance_distances(n), TreeRule::first_come);
        for (int x = 1; x < n; ++x) {
            const auto mirror = static_cast<std::size_t>(n - x);
            CAPTURE(x);
            CHECK(tree.send_step[mirror] == tree.send_step[static_cast<std::size_t>(x)]);
            if (2 * x != n)
                CHECK(tree.direction[mirror] == -tree.direction[static_cast<std::size_t>(x)]);
        }
    }
}

TEST_CASE("n = 16: the rules send two displacements opposite ways at the same load") {
    const std::vector<TreeStep> steps = trivance_tree_steps(16, trivance_distances(16));
    REQUIRE(steps.size() == 3);
    const TreeStep& step = steps[0];
    CHECK(step.plus_distance == 1);
    const std::vector<int> first_come = choose_directions(step, TreeRule::first_come);
    const std::vector<int> balanced = choose_directions(step, TreeRule::balanced);
    std::vector<int> differing;
    for (std::size_t i = 0; i < step.placed.size(); ++i)
        if (first_come[i] != balanced[i]) differing.push_back(step.placed[i].displacement);
    CHECK(differing == std::vector<int>{14, 2});
    CHECK(count_directions(first_come).most() == count_directions(balanced).most());
    const ReductionTree tree =
        trivance_reduction_tree(16, trivance_distances(16), TreeRule::balanced);
    CHECK(tree.direction[14] == +1);
    CHECK(tree.direction[2] == -1);
}

TEST_CASE("tree choices solver: exact figures for n = 40") {
    const proofs::TreeChoiceAnswer answer = solve(40);
    REQUIRE(answer.status == proofs::TreeChoiceStatus::solved);
    REQUIRE(answer.steps.size() == 4);
    struct Expected {
        int distance, placed, forced_plus, forced_minus, two_way, most;
    };
    // d = 1, 3, 9 and the last step ceil((40 - 27) / 2) = 7.
    const Expected expected[] = {
        {1, 13, 4, 4, 5, 7}, {3, 18, 9, 9, 0, 9}, {9, 6, 3, 3, 0, 3}, {7, 2, 1, 1, 0, 1}};
    for (std::size_t t = 0; t < 4; ++t) {
        CAPTURE(t);
        const proofs::TreeStepChoices& step = answer.steps[t];
        CHECK(step.step == static_cast<int>(t));
        CHECK(step.distance == expected[t].distance);
        CHECK(step.placed == expected[t].placed);
        CHECK(step.forced_plus == expected[t].forced_plus);
        CHECK(step.forced_minus == expected[t].forced_minus);
        CHECK(step.two_way == expected[t].two_way);
        CHECK(step.first_come_most == expected[t].most);
        CHECK(step.balanced_most == expected[t].most);
        CHECK(step.optimum_most == expected[t].most);
    }
    // 2 (1*7 + 3*9 + 9*3 + 7*1) = 136 blocks of m/40: Θ = 3.4.
    CHECK(answer.optimum_link_blocks() == 136);
    CHECK(answer.first_come_link_blocks() == 136);
}

namespace {

/// For every n in [first, last]: both rules at the solver's proved optimum at
/// every step, and the balanced tree, executed, holds with each step's busiest
/// link carrying d_t times that optimum in blocks.
void check_rules_against_solver_and_executor(int first, int last) {
    proofs::TreeChoiceSolver solver({10000, 0, 0});
    for (int n = first; n <= last; ++n) {
        CAPTURE(n);
        const proofs::TreeChoiceAnswer answer = solver.solve(n);
        REQUIRE(answer.status == proofs::TreeChoiceStatus::solved);
        const Report report = check_generated(balanced_request(n));
        CHECK(report.verdict == Verdict::holds);
        const std::size_t steps = answer.steps.size();
        REQUIRE(report.per_step.size() == 2 * steps);
        for (std::size_t t = 0; t < steps; ++t) {
            CAPTURE(t);
            const proofs::TreeStepChoices& step = answer.steps[t];
            CHECK(step.balanced_most == step.optimum_most);
            CHECK(step.first_come_most == step.optimum_most);
            const std::int64_t blocks = std::int64_t{step.distance} * step.optimum_most;
            // Reduce-scatter step t and its time reversal, all-gather step 2K - 1 - t.
            CHECK(report.per_step[t].link_blocks_max == blocks);
            CHECK(report.per_step[2 * steps - 1 - t].link_blocks_max == blocks);
        }
        CHECK(report.theta ==
              doctest::Approx(static_cast<double>(answer.optimum_link_blocks()) / n));
    }
}

}  // namespace

TEST_CASE("tree choices: both rules at the solver's optimum; balanced tree executed, n = 2..300") {
    check_rules_against_solver_and_executor(2, 300);
}

TEST_CASE("tree choices: the same for n = 301..1000" * doctest::test_suite("slow")) {
    check_rules_against_solver_and_executor(301, 1000);
}

TEST_CASE("generator: --layout and --tree name the variant; an unknown rule or layout is refused") {
    CHECK(generate(balanced_request(16)).name == "trivance-B-short_last-balanced-16");
    GeneratorRequest request = balanced_request(16);
    request.tree = "first_come";
    CHECK(generate(request).name == "trivance-B-short_last-16");
    request.tree = "random";
    CHECK_THROWS_AS(generate(request), std::invalid_argument);
    request.tree = "first_come";
    request.layout = "best";
    CHECK(generate(request).name == "trivance-B-16");
    request.layout = "short_first";
    CHECK(generate(request).name == "trivance-B-short_first-16");
    request.layout = "1,3,3/4";
    CHECK(generate(request).name == "trivance-B-plan-1,3,3/4-16");
    request.layout = "widest";
    CHECK_THROWS_AS(generate(request), std::invalid_argument);
}

TEST_CASE(
    "synth --form B --directions CLI: summary, exit 0, independent of --jobs; list shows --tree") {
    const auto one = run_trivcheck("synth --form B --directions --n 2..40 --jobs 1");
    const auto two = run_trivcheck("synth --form B --directions --n 2..40 --jobs 2");
    CHECK(one.exit_code == 0);
    CHECK(one.out == two.out);
    CHECK(one.out.find("n = 40: theta first_come 3.4 m, balanced 3.4 m, optimum 3.4 m; every "
                       "step at the optimum\n") != std::string::npos);
    CHECK(one.out.find("  first_come at the optimum theta: 39 of 39 n\n") != std::string::npos);
    CHECK(one.out.find("  balanced better than first_come: 0 n\n") != std::string::npos);
    const auto json = run_trivcheck("synth --form B --directions --n 16 --json");
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"model\": \"b_tree_choices\"") != std::string::npos);
    const auto balanced = run_trivcheck(
        "check --algo trivance --form B --topo ring:16 --layout short_last --tree balanced");
    CHECK(balanced.exit_code == 0);
    CHECK(run_trivcheck("list").out.find("--tree first_come|balanced (short_last)") !=
          std::string::npos);
}
