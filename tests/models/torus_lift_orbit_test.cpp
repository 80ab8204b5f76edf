// Torus lifts as rank orbits under a subgroup of the translations
// (models/torus_lift.hpp): Swing's rings commute with the even rotations, so
// its lift is an orbit of the representatives (coordinates below 2) under the
// even translations, and expanding it gives the lifted schedule's transfers,
// each rank's in the same order.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"
#include "models/torus_lift.hpp"

using namespace trivcheck;

namespace {

Topology torus(std::vector<int> dims) { return Topology{TopologyKind::torus, std::move(dims), {}}; }

std::vector<Schedule> rings_of(const std::string& algo, Form form, const Topology& topology) {
    std::vector<Schedule> rings;
    for (int extent : topology.dims)
        rings.push_back(generate(GeneratorRequest{algo, form, Topology::ring(extent)}));
    return rings;
}

/// A transfer as a comparable tuple, its blocks as a set.
using TransferKey = std::tuple<int, int, int, int, int, int, std::vector<int>>;

TransferKey key_of(const Transfer& transfer) {
    return {transfer.src,
            transfer.dst,
            static_cast<int>(transfer.op),
            static_cast<int>(transfer.route),
            static_cast<int>(transfer.src_buffer),
            static_cast<int>(transfer.dst_buffer),
            transfer.blocks.sorted()};
}

/// Per sender, its transfers of a step in their order.
std::map<int, std::vector<TransferKey>> by_sender(const Step& step) {
    std::map<int, std::vector<TransferKey>> senders;
    for (const Transfer& transfer : step.transfers)
        senders[transfer.src].push_back(key_of(transfer));
    return senders;
}

/// Are the two schedules' steps the same transfers (as multisets, and each
/// sender's in one order) and the same local operations (as multisets)?
void check_same_transfers(const Schedule& a, const Schedule& b) {
    CHECK(a.ranks == b.ranks);
    CHECK(a.blocks == b.blocks);
    REQUIRE(a.steps.size() == b.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        CAPTURE(k);
        const Step& x = a.steps[k];
        const Step& y = b.steps[k];
        CHECK(x.phase == y.phase);
        REQUIRE(x.transfers.size() == y.transfers.size());
        std::vector<TransferKey> xs;
        std::vector<TransferKey> ys;
        for (const Transfer& transfer : x.transfers) xs.push_back(key_of(transfer));
        for (const Transfer& transfer : y.transfers) ys.push_back(key_of(transfer));
        std::sort(xs.begin(), xs.end());
        std::sort(ys.begin(), ys.end());
        CHECK(xs == ys);
        CHECK(by_sender(x) == by_sender(y));
        REQUIRE(x.local.size() == y.local.size());
        using LocalKey = std::tuple<int, int, int, int, std::vector<int>>;
        std::vector<LocalKey> xl;
        std::vector<LocalKey> yl;
        for (const LocalOp& op : x.local)
            xl.emplace_back(op.rank, op.src_buffer, op.dst_buffer, static_cast<int>(op.op),
                            op.blocks.sorted());
        for (const LocalOp& op : y.local)
            yl.emplace_back(op.rank, op.src_buffer, op.dst_buffer, static_cast<int>(op.op),
                            op.blocks.sorted());
        std::sort(xl.begin(), xl.end());
        std::sort(yl.begin(), yl.end());
        CHECK(xl == yl);
    }
}

}  // namespace

TEST_CASE("torus lift orbit: Swing B and L on tori expand to the lift, even translations") {
    for (const Topology& topology : {torus({4, 4}), torus({8, 4}), torus({4, 4, 4}), torus({8, 8}),
                                     torus({2, 4}), torus({16, 4})})
        for (Form form : {Form::B, Form::L}) {
            CAPTURE(topology.describe());
            CAPTURE(to_string(form));
            const std::vector<Schedule> rings = rings_of("swing", form, topology);
            const std::optional<RotationOrbit> orbit =
                lift_rings_to_torus_orbit(rings, topology, form);
            REQUIRE(orbit.has_value());
            CHECK(orbit->symmetry_steps == std::vector<int>(topology.dims.size(), 2));
            const Schedule whole = lift_rings_to_torus(rings, topology, form);
            check_same_transfers(expand(*orbit), whole);
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
            check_same_transfers(expand(*orbit), lift_rings_to_torus(rings, topology, form));
        }
    CHECK(orbits >= 6);
}

TEST_CASE("torus lift orbit: recursive doubling B and a mixed Swing torus have none") {
    const Topology square = torus({4, 4});
    CHECK_FALSE(
        lift_rings_to_torus_orbit(rings_of("recursive_doubling", Form::B, square), square, Form::B)
            .has_value());
    // A dimension folded (6 is no power of two): its ring is not symmetric.
    const Topology folded = torus({4, 6});
    CHECK_FALSE(
        lift_rings_to_torus_orbit(rings_of("swing", Form::B, folded), folded, Form::B).has_value());
}
