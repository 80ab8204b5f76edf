// Torus lifts as rank orbits under a subgroup of the translations
// (models/torus_lift.hpp): Swing's rings commute with the even rotations, so
// its lift is an orbit of the representatives (coordinates below 2) under the
// even translations, and expanding it gives the lifted schedule's transfers,
// each rank's in the same order.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"
#include "models/torus_lift.hpp"
#include "tests/models/same_transfers.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

using testing::torus;

std::vector<Schedule> rings_of(const std::string& algo, Form form, const Topology& topology) {
    std::vector<Schedule> rings;
    for (int extent : topology.dims)
        rings.push_back(generate(GeneratorRequest{algo, form, Topology::ring(extent)}));
    return rings;
}

}  // namespace

TEST_CASE("torus lift orbit: Swing B and L on tori expand to the lift, even translations") {
    for (const Topology& topology : {torus({4, 4}), torus({8, 4}), torus({4, 4, 4}), torus({8, 8}),
                                     torus({2, 4}), torus({2, 8}), torus({16, 4})})
        for (Form form : {Form::B, Form::L}) {
            CAPTURE(topology.describe());
            CAPTURE(to_string(form));
            const std::vector<Schedule> rings = rings_of("swing", form, topology);
            const std::optional<RotationOrbit> orbit =
                lift_rings_to_torus_orbit(rings, topology, form);
            REQUIRE(orbit.has_value());
            CHECK(orbit->symmetry_steps == std::vector<int>(topology.dims.size(), 2));
            const Schedule whole = lift_rings_to_torus(rings, topology, form);
            testing::check_same_transfers(expand(*orbit), whole);
            // The model: the representatives' transfers, one 2^D-th... of N, per step.
            const RankTranslations translations = orbit_translations(*orbit);
            CHECK(translations.representatives() == 1 << topology.dims.size());
            for (std::size_t k = 0; k < whole.steps.size(); ++k) {
                const Step& model = orbit->model.steps[k];
                CHECK(model.transfers.size() *
                          static_cast<std::size_t>(translations.symmetries()) ==
                      whole.steps[k].transfers.size());
                int last = -1;
                for (const Transfer& transfer : model.transfers) {
                    CHECK(transfer.src >= last);  // by sender, ascending
                    last = transfer.src;
                    CHECK(translations.representative(
                              translations.representative_index(transfer.src)) == transfer.src);
                }
            }
        }
}

TEST_CASE("torus lift orbit: rings symmetric by every rotation keep rank 0's orbit") {
    const std::vector<std::pair<std::string, Form>> symmetric{
        {"ring", Form::B}, {"trivance", Form::B}, {"trivance", Form::L}};
    int orbits = 0;
    for (const Topology& topology : {torus({3, 3}), torus({4, 4}), torus({9, 3})})
        for (const auto& [algo, form] : symmetric) {
            CAPTURE(topology.describe());
            CAPTURE(algo);
            CAPTURE(to_string(form));
            const std::vector<Schedule> rings = rings_of(algo, form, topology);
            const std::optional<RotationOrbit> orbit =
                lift_rings_to_torus_orbit(rings, topology, form);
            if (!orbit) continue;
            ++orbits;
            CHECK(orbit->symmetry_steps.empty());
            for (const Step& step : orbit->model.steps)
                for (const Transfer& transfer : step.transfers) CHECK(transfer.src == 0);
            testing::check_same_transfers(expand(*orbit),
                                          lift_rings_to_torus(rings, topology, form));
        }
    CHECK(orbits >= 6);
}

TEST_CASE("torus lift orbit: recursive doubling B, Swing on 2x2 and on a folded ring have none") {
    const Topology square = torus({4, 4});
    CHECK_FALSE(
        lift_rings_to_torus_orbit(rings_of("recursive_doubling", Form::B, square), square, Form::B)
            .has_value());
    // Rings of 2 only: their step is 2, every rank a representative, no orbit to gain.
    const Topology twos = torus({2, 2});
    for (Form form : {Form::B, Form::L})
        CHECK_FALSE(
            lift_rings_to_torus_orbit(rings_of("swing", form, twos), twos, form).has_value());
    // A dimension folded (6 is no power of two): its ring is not symmetric.
    const Topology folded = torus({4, 6});
    CHECK_FALSE(
        lift_rings_to_torus_orbit(rings_of("swing", Form::B, folded), folded, Form::B).has_value());
}
