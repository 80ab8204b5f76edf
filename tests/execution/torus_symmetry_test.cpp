// Translation symmetry on tori (issue 14, item 2): a torus schedule that
// commutes with every translation is executed for rank 0 alone. Against the
// plain path (ExecuteOptions::use_symmetry false: every rank of the lifted
// schedule, no orbit code), every algorithm and form on small tori must give
// the same report, violations included; the orbit the generator builds must
// expand to the lifted schedule transfer by transfer; and torus translations of
// contribution sets must move every contributor as the coordinates say.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "checker/core/contribution_sets.hpp"
#include "checker/explanations/check.hpp"
#include "checker/reports/report_json.hpp"
#include "models/orbit_generator.hpp"
#include "models/rotation_symmetry.hpp"
#include "tests/execution/fast_path_agreement.hpp"
#include "tests/models/same_transfers.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

using testing::torus;

/// Are the two schedules' steps the same, transfer by transfer and block by block?
void check_same_steps(const Schedule& a, const Schedule& b) {
    REQUIRE(a.steps.size() == b.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        const Step& x = a.steps[k];
        const Step& y = b.steps[k];
        CHECK(x.phase == y.phase);
        REQUIRE(x.transfers.size() == y.transfers.size());
        for (std::size_t i = 0; i < x.transfers.size(); ++i) {
            const Transfer& s = x.transfers[i];
            const Transfer& t = y.transfers[i];
            CAPTURE(k);
            CAPTURE(i);
            CHECK(s.src == t.src);
            CHECK(s.dst == t.dst);
            CHECK(s.op == t.op);
            CHECK(s.route == t.route);
            CHECK(s.src_buffer == t.src_buffer);
            CHECK(s.dst_buffer == t.dst_buffer);
            REQUIRE(s.blocks.size() == t.blocks.size());
            bool same_order = true;
            for (std::size_t j = 0; j < s.blocks.size(); ++j)
                same_order = same_order && s.blocks.at(j) == t.blocks.at(j);
            CHECK(same_order);
        }
        REQUIRE(x.local.size() == y.local.size());
        for (std::size_t i = 0; i < x.local.size(); ++i) {
            CHECK(x.local[i].rank == y.local[i].rank);
            CHECK(x.local[i].blocks == y.local[i].blocks);
            CHECK(x.local[i].op == y.local[i].op);
        }
    }
}

/// Compares the orbit and the plain path for every request on `topology`;
/// returns how many requests had a translation orbit or symmetry.
int check_shape(const Topology& topology) {
    return testing::check_fast_paths_agree(
        topology, [](const Schedule& schedule, const RotationOrbit& orbit) {
            if (!orbit.symmetry_steps.empty()) {
                // Symmetric under a subgroup only (Swing): the same transfers, ranks interleaved.
                CHECK_FALSE(is_translation_symmetric(schedule));
                testing::check_same_transfers(expand(orbit), schedule);
                return;
            }
            CHECK(is_translation_symmetric(schedule));
            check_same_steps(expand(orbit), schedule);
        });
}

}  // namespace

TEST_CASE("torus symmetry: every algorithm and form on small tori, orbit = every rank") {
    int symmetric = 0;
    for (const Topology& topology : {torus({3, 3}), torus({4, 4}), torus({2, 5}), torus({5, 7}),
                                     torus({3, 3, 3}), torus({2, 2, 2, 2}), torus({8, 4})})
        symmetric += check_shape(topology);
    CHECK(symmetric > 0);
}

TEST_CASE("torus symmetry: Trivance B and L on 3^s shapes are translation orbits") {
    for (const Topology& topology : {torus({3, 3}), torus({3, 9}), torus({3, 3, 3})})
        for (Form form : {Form::B, Form::L}) {
            CAPTURE(topology.describe());
            const GeneratorRequest request{"trivance", form, topology};
            const std::optional<RotationOrbit> orbit = generate_orbit(request);
            REQUIRE(orbit.has_value());
            // Rank 0's messages only: one N-th of each step.
            const Schedule whole = generate(request);
            for (std::size_t k = 0; k < whole.steps.size(); ++k)
                CHECK(orbit->model.steps[k].transfers.size() * topology.rank_count() ==
                      whole.steps[k].transfers.size());
            CHECK(check_orbit(*orbit).verdict == Verdict::holds);
        }
}

TEST_CASE("torus symmetry: a schedule that breaks a translation is not symmetric") {
    Schedule schedule = generate(GeneratorRequest{"trivance", Form::B, torus({3, 3})});
    REQUIRE(is_translation_symmetric(schedule));
    // Rank 4's first message goes elsewhere: every other rank's still match.
    Step& step = schedule.steps.front();
    const std::size_t per_rank = step.transfers.size() / 9;
    Transfer& moved = step.transfers[4 * per_rank];
    moved.dst = moved.dst == 0 ? 1 : 0;
    CHECK_FALSE(is_translation_symmetric(schedule));
    // Reversed steps are the same messages in another order: no longer an orbit's layout.
    Schedule reversed = generate(GeneratorRequest{"trivance", Form::B, torus({3, 3})});
    for (Step& each : reversed.steps) std::reverse(each.transfers.begin(), each.transfers.end());
    CHECK_FALSE(is_translation_symmetric(reversed));
    CHECK(report_to_json(check_schedule(reversed)).dump() ==
          report_to_json(check_schedule(reversed, ExecuteOptions{.use_symmetry = false})).dump());
}

TEST_CASE("torus symmetry: contribution sets move by translation coordinate by coordinate") {
    const std::vector<int> extents{3, 4, 2};
    const RankTranslations translations(extents, {});
    ContributionSets sets(extents);
    const int n = translations.ranks();
    const SetId set = sets.from_arcs({{1, 5}, {7, 8}, {10, 17}, {22, 24}});
    for (int delta = 0; delta < n; ++delta) {
        CAPTURE(delta);
        const SetId moved = sets.rotate(set, delta);
        CHECK(sets.size(moved) == sets.size(set));
        for (int c = 0; c < n; ++c)
            CHECK(sets.contains(moved, translations.add(c, delta)) == sets.contains(set, c));
    }
}
