// Rotation symmetry by a step (models/rotation_symmetry.hpp): Swing commutes
// with the even rotations of its ring but not with every rotation, ring and
// Trivance with every rotation, recursive doubling with neither; a Swing ring
// with one block moved no longer commutes with the even rotations.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_symmetry.hpp"

using namespace trivcheck;

namespace {

Schedule ring_schedule(const std::string& algo, Form form, int n) {
    return generate(GeneratorRequest{algo, form, Topology::ring(n)});
}

}  // namespace

TEST_CASE("rotation step: Swing B and L on 4..256 ranks commute with the even rotations") {
    for (int n = 4; n <= 256; n *= 2)
        for (Form form : {Form::B, Form::L}) {
            CAPTURE(n);
            CAPTURE(to_string(form));
            const Schedule swing = ring_schedule("swing", form, n);
            CHECK_FALSE(is_rotation_symmetric(swing));
            CHECK_FALSE(commutes_with_rotations_by(swing, 1));
            CHECK(commutes_with_rotations_by(swing, 2));
            CHECK(rotation_symmetry_step(swing) == 2);
        }
}

TEST_CASE("rotation step: ring and Trivance commute with every rotation") {
    const std::vector<std::pair<std::string, Form>> symmetric{
        {"ring", Form::B}, {"trivance", Form::B}, {"trivance", Form::L}};
    for (int n : {3, 4, 8, 9, 27, 64})
        for (const auto& [algo, form] : symmetric) {
            CAPTURE(n);
            CAPTURE(algo);
            CAPTURE(to_string(form));
            const Schedule schedule = ring_schedule(algo, form, n);
            if (!is_rotation_symmetric(schedule)) continue;  // as is_rotation_symmetric says
            CHECK(rotation_symmetry_step(schedule) == 1);
            CHECK(commutes_with_rotations_by(schedule, 1));
            if (n % 2 == 0) CHECK(commutes_with_rotations_by(schedule, 2));
        }
    // The published forms are symmetric on these sizes: the loop above is not empty.
    CHECK(rotation_symmetry_step(ring_schedule("ring", Form::B, 8)) == 1);
    CHECK(rotation_symmetry_step(ring_schedule("trivance", Form::B, 9)) == 1);
    CHECK(rotation_symmetry_step(ring_schedule("trivance", Form::L, 9)) == 1);
    CHECK(rotation_symmetry_step(ring_schedule("trivance", Form::L, 8)) == 1);
}

TEST_CASE("rotation step: recursive doubling B commutes with neither step") {
    for (int n = 4; n <= 64; n *= 2) {
        CAPTURE(n);
        const Schedule schedule = ring_schedule("recursive_doubling", Form::B, n);
        CHECK_FALSE(commutes_with_rotations_by(schedule, 1));
        CHECK_FALSE(commutes_with_rotations_by(schedule, 2));
        CHECK(rotation_symmetry_step(schedule) == 0);
    }
}

TEST_CASE("rotation step: steps that do not divide n, and step n, which every schedule has") {
    const Schedule swing = ring_schedule("swing", Form::B, 8);
    CHECK_FALSE(commutes_with_rotations_by(swing, 3));
    CHECK_FALSE(commutes_with_rotations_by(swing, 0));
    CHECK(commutes_with_rotations_by(swing, 4));
    CHECK(commutes_with_rotations_by(swing, 8));
    CHECK(commutes_with_rotations_by(ring_schedule("recursive_doubling", Form::B, 8), 8));
}

TEST_CASE("rotation step: a Swing ring with one block moved is not symmetric") {
    for (Form form : {Form::B, Form::L}) {
        CAPTURE(to_string(form));
        Schedule schedule = ring_schedule("swing", form, 16);
        REQUIRE(rotation_symmetry_step(schedule) == 2);
        // Rank 6's first transfer of the second step: another block, or for L another peer.
        Step& step = schedule.steps[1];
        const std::size_t per_rank = step.transfers.size() / 16;
        Transfer& changed = step.transfers[6 * per_rank];
        if (form == Form::B) {
            // Its lowest block replaced by the first block it does not send.
            std::vector<int> blocks = changed.blocks.sorted();
            int other = 0;
            while (changed.blocks.contains(other)) ++other;
            blocks.front() = other;
            changed.blocks = BlockSet(blocks, schedule.blocks);
        } else {
            changed.dst = (changed.dst + 2) % 16;
        }
        CHECK_FALSE(commutes_with_rotations_by(schedule, 2));
        CHECK(rotation_symmetry_step(schedule) == 0);
    }
}
