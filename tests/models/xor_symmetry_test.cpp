// XOR translations (models/xor_symmetry.hpp): the rank and block arithmetic,
// recursive doubling's L form recognised where no rotation fits, schedules
// that break the symmetry refused, and an execution through rank 0 alone
// reporting what the plain path reports, broken schedules included.
#include "models/xor_symmetry.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "checker/reports/report_json.hpp"
#include "models/generator.hpp"
#include "models/rotation_symmetry.hpp"
#include "tests/execution/plain_path.hpp"

using namespace trivcheck;
using testing::plain_report_json;

namespace {

/// Recursive halving then doubling with one port on 2^q ranks, n blocks: in
/// step s rank r sends to r XOR 2^s the blocks whose index agrees with the
/// partner's in bits 0..s, then gathers them back in reverse; every rank's
/// messages are its XOR translation of rank 0's.
Schedule halving_doubling(int n) {
    Schedule schedule;
    schedule.name = "one-port halving doubling";
    schedule.collective = Collective::allreduce;
    schedule.topology = Topology::ring(n);
    schedule.ranks = n;
    schedule.blocks = n;
    schedule.ports = 1;
    int steps = 0;
    while ((1 << steps) < n) ++steps;
    const auto blocks_of = [n](int owner, int low_bits) {
        std::vector<int> blocks;
        for (int b = 0; b < n; ++b)
            if ((b & ((1 << low_bits) - 1)) == (owner & ((1 << low_bits) - 1))) blocks.push_back(b);
        return BlockSet(blocks, n);
    };
    for (int s = 0; s < steps; ++s) {
        Step step{"reduce_scatter", {}};
        for (int r = 0; r < n; ++r)
            step.transfers.push_back({r, r ^ (1 << s), blocks_of(r ^ (1 << s), s + 1)});
        schedule.steps.push_back(std::move(step));
    }
    for (int s = steps - 1; s >= 0; --s) {
        Step step{"allgather", {}};
        for (int r = 0; r < n; ++r)
            step.transfers.push_back({r, r ^ (1 << s), blocks_of(r, s + 1), Op::copy});
        schedule.steps.push_back(std::move(step));
    }
    return schedule;
}

}  // namespace

TEST_CASE("XOR translations: ranks and blocks move bit by bit") {
    // A ring of 8 with 16 blocks: block b belongs to rank b mod 8, copy b / 8.
    const std::optional<RankTranslations> digits = RankTranslations::ring(8, 16).binary_digits();
    REQUIRE(digits);
    CHECK(digits->extents() == std::vector<int>{2, 2, 2, 1});
    for (int t = 0; t < 8; ++t)
        for (int r = 0; r < 8; ++r) {
            CHECK(digits->add(r, t) == (r ^ t));
            CHECK(digits->difference(r ^ t, r) == t);
        }
    for (int t = 0; t < 8; ++t)
        for (int b = 0; b < 16; ++b) CHECK(digits->translate_block(b, t) == (b ^ t));
    // Not a power of two, or a single digit (then XOR is the rotation).
    CHECK_FALSE(RankTranslations::ring(12, 12).binary_digits());
    CHECK_FALSE(RankTranslations::ring(2, 1).binary_digits());
    // A torus 4x2: rank x + 4y moves by XOR too.
    const std::optional<RankTranslations> torus = RankTranslations({4, 2}, {}).binary_digits();
    REQUIRE(torus);
    for (int t = 0; t < 8; ++t)
        for (int r = 0; r < 8; ++r) CHECK(torus->add(r, t) == (r ^ t));
}

TEST_CASE("recursive doubling L on 2^q ranks commutes with XOR, with no rotation") {
    for (const int n : {4, 8, 16, 64, 256}) {
        CAPTURE(n);
        const Schedule schedule = generate({"recursive_doubling", Form::L, Topology::ring(n)});
        CHECK_FALSE(is_rotation_symmetric(schedule));
        CHECK(xor_symmetry(schedule));
        CHECK(has_rank_symmetry(schedule));
        CHECK(report_to_json(execute(schedule)).dump() == plain_report_json(schedule));
    }
    // Folded sizes have no such symmetry.
    CHECK_FALSE(xor_symmetry(generate({"recursive_doubling", Form::L, Topology::ring(12)})));
}

TEST_CASE("one-port halving doubling is executed through rank 0, as the plain path would") {
    for (const int n : {4, 8, 32}) {
        CAPTURE(n);
        const Schedule schedule = halving_doubling(n);
        REQUIRE(xor_symmetry(schedule));
        const Report report = execute(schedule);
        CHECK(report.verdict == Verdict::holds);
        CHECK(report_to_json(report).dump() == plain_report_json(schedule));
    }
}

TEST_CASE("XOR symmetry is verified message by message") {
    // One rank's message one block short: no longer the translation of rank 0's.
    Schedule one_rank = halving_doubling(8);
    std::vector<int> blocks = one_rank.steps[0].transfers[5].blocks.sorted();
    blocks.pop_back();
    one_rank.steps[0].transfers[5].blocks = BlockSet(blocks, 8);
    CHECK_FALSE(xor_symmetry(one_rank));
    // A partner moved by a rotation instead.
    Schedule rotated = halving_doubling(8);
    rotated.steps[1].transfers[3].dst = (3 + 2) % 8;
    CHECK_FALSE(xor_symmetry(rotated));
    // Listed out of rank order.
    Schedule reordered = halving_doubling(8);
    std::swap(reordered.steps[0].transfers[1], reordered.steps[0].transfers[2]);
    CHECK_FALSE(xor_symmetry(reordered));
}

TEST_CASE("a broken schedule that keeps the symmetry lists the plain path's violations") {
    // Every rank leaves out of its first message the block its partner owns
    // (rank 0's block 1, translated): every block b goes missing its holder's
    // partner's share, as the whole execution lists it.
    Schedule broken = halving_doubling(8);
    for (Transfer& transfer : broken.steps[0].transfers) {
        std::vector<int> blocks;
        transfer.blocks.for_each([&](int block) {
            if (block != transfer.dst) blocks.push_back(block);
        });
        transfer.blocks = BlockSet(blocks, 8);
    }
    REQUIRE(xor_symmetry(broken));
    const Report report = execute(broken);
    CHECK(report.verdict == Verdict::violated);
    CHECK(report.violation_counts.at(ViolationKind::missing) > 0);
    CHECK(report_to_json(report).dump() == plain_report_json(broken));
}

TEST_CASE("recursive doubling L on tori of powers of two commutes with XOR") {
    for (const char* shape : {"4x4", "8x2", "4x4x4"}) {
        CAPTURE(shape);
        Topology torus;
        torus.kind = TopologyKind::torus;
        for (const char* c = shape; *c != '\0';) {
            char* end = nullptr;
            torus.dims.push_back(static_cast<int>(std::strtol(c, &end, 10)));
            c = *end == 'x' ? end + 1 : end;
        }
        const Schedule schedule = generate({"recursive_doubling", Form::L, torus});
        CHECK_FALSE(is_translation_symmetric(schedule));
        CHECK(xor_symmetry(schedule));
        CHECK(report_to_json(execute(schedule)).dump() == plain_report_json(schedule));
    }
}
