// Structural tests of the generators (models/): step counts, peers, routes,
// ports, each block sent once per phase along time-respecting trees, the
// all-gather as the reduce-scatter's time reversal, shared block patterns.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <tuple>

#include "models/bruck.hpp"
#include "models/fold.hpp"
#include "models/generator.hpp"
#include "models/recursive_doubling.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/swing.hpp"
#include "models/trivance/trivance.hpp"

using namespace trivcheck;

namespace {

Schedule make(const std::string& algo, Form form, int n, const std::string& route = "same") {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = Topology::ring(n);
    request.route = route;
    return generate(request);
}

int log2_floor(int n) { return floor_log(n, 2); }

/// Transfers of step k that leave `rank`.
std::vector<const Transfer*> sends_of(const Schedule& schedule, int step, int rank) {
    std::vector<const Transfer*> sends;
    for (const Transfer& transfer : schedule.steps[static_cast<std::size_t>(step)].transfers)
        if (transfer.src == rank) sends.push_back(&transfer);
    return sends;
}

/// The B forms' reduce-scatter: each rank sends each block at most once, and
/// never receives a block after it has sent it (its partial is final when
/// sent: the in-trees respect time). Returns the blocks each rank sent.
std::vector<int> check_reduce_scatter_trees(const Schedule& schedule) {
    std::set<std::pair<int, int>> sent;  // (rank, block)
    std::vector<int> sent_count(static_cast<std::size_t>(schedule.ranks), 0);
    int received_after_sending = 0;
    int sent_twice = 0;
    for (const Step& step : schedule.steps) {
        if (step.phase != "reduce_scatter") continue;
        for (const Transfer& transfer : step.transfers) {
            CHECK(transfer.op == Op::reduce);
            transfer.blocks.for_each([&](int block) {
                received_after_sending += static_cast<int>(sent.count({transfer.dst, block}));
            });
        }
        for (const Transfer& transfer : step.transfers)
            transfer.blocks.for_each([&](int block) {
                sent_twice += sent.insert({transfer.src, block}).second ? 0 : 1;
                ++sent_count[static_cast<std::size_t>(transfer.src)];
            });
    }
    CHECK(received_after_sending == 0);
    CHECK(sent_twice == 0);
    return sent_count;
}

/// Every step: at most `ports` sends and receives per rank, no self-sends.
void check_ports(const Schedule& schedule, int ports) {
    for (const Step& step : schedule.steps) {
        std::map<int, int> sends, receives;
        int malformed = 0;
        for (const Transfer& transfer : step.transfers) {
            malformed += transfer.src == transfer.dst || transfer.src < 0 ||
                         transfer.src >= schedule.ranks || transfer.dst < 0 ||
                         transfer.dst >= schedule.ranks;
            ++sends[transfer.src];
            ++receives[transfer.dst];
            transfer.blocks.for_each(
                [&](int block) { malformed += block < 0 || block >= schedule.blocks; });
        }
        CHECK(malformed == 0);
        for (auto [rank, count] : sends) CHECK(count <= ports);
        for (auto [rank, count] : receives) CHECK(count <= ports);
    }
}

/// The all-gather steps are the reduce-scatter steps reversed, as copies.
void check_time_reversal(const Schedule& schedule, std::size_t first, std::size_t count) {
    for (std::size_t k = 0; k < count; ++k) {
        const Step& forward = schedule.steps[first + k];
        const Step& backward = schedule.steps[first + 2 * count - 1 - k];
        CHECK(forward.phase == "reduce_scatter");
        CHECK(backward.phase == "allgather");
        REQUIRE(forward.transfers.size() == backward.transfers.size());
        for (std::size_t i = 0; i < forward.transfers.size(); ++i) {
            const Transfer& there = forward.transfers[i];
            const Transfer& back = backward.transfers[i];
            CHECK(back.src == there.dst);
            CHECK(back.dst == there.src);
            CHECK(back.op == Op::copy);
            CHECK(back.blocks == there.blocks);
            if (there.route == Route::plus) CHECK(back.route == Route::minus);
            if (there.route == Route::minus) CHECK(back.route == Route::plus);
            if (there.route == Route::shortest) CHECK(back.route == Route::shortest);
        }
    }
}

}  // namespace

TEST_CASE("fold: extras hand over to their right neighbour, core keeps ring order") {
    const Fold fold(12);
    CHECK(fold.core_size() == 8);
    CHECK(fold.core_steps() == 3);
    CHECK(fold.folded());
    CHECK(fold.extra_ranks() == std::vector<int>{0, 2, 4, 6});
    std::vector<int> core;
    for (int i = 0; i < 8; ++i) core.push_back(fold.rank_of(i));
    CHECK(core == std::vector<int>{1, 3, 5, 7, 8, 9, 10, 11});
    CHECK_FALSE(Fold(16).folded());
    CHECK(Fold(16).rank_of(5) == 5);
}

TEST_CASE("step counts of every form for n = 2 .. 200") {
    for (int n = 2; n <= 200; ++n) {
        CAPTURE(n);
        const int p = log2_floor(n);
        const int fold_steps = is_power_of(n, 2) ? 0 : 2;
        const int ternary = ceil_log(n, 3);
        CHECK(make("recursive_doubling", Form::L, n).steps.size() ==
              static_cast<std::size_t>(p + fold_steps));
        CHECK(make("recursive_doubling", Form::B, n).steps.size() ==
              static_cast<std::size_t>(2 * p + fold_steps));
        CHECK(make("swing", Form::L, n).steps.size() == static_cast<std::size_t>(p + fold_steps));
        CHECK(make("swing", Form::B, n).steps.size() ==
              static_cast<std::size_t>(2 * p + fold_steps));
        CHECK(make("bruck", Form::L, n).steps.size() == static_cast<std::size_t>(ternary));
        CHECK(make("bruck", Form::B, n).steps.size() == static_cast<std::size_t>(2 * ternary));
    }
}

TEST_CASE("recursive doubling L: peer r XOR 2^s, whole vector, the way the offset points") {
    const Schedule schedule = make("recursive_doubling", Form::L, 16);
    CHECK(schedule.blocks == 1);
    for (int s = 0; s < 4; ++s)
        for (int r = 0; r < 16; ++r) {
            const auto sends = sends_of(schedule, s, r);
            REQUIRE(sends.size() == 1);
            CHECK(sends[0]->dst == (r ^ (1 << s)));
            CHECK(sends[0]->route == (sends[0]->dst > r ? Route::plus : Route::minus));
            CHECK(sends[0]->blocks.size() == 1);
            CHECK(sends[0]->op == Op::reduce);
            CHECK(schedule.steps[static_cast<std::size_t>(s)].phase == "allreduce");
        }
}

TEST_CASE("recursive doubling, n not a power of two: fold in, core, fold out") {
    const Schedule schedule = make("recursive_doubling", Form::L, 6);
    REQUIRE(schedule.steps.size() == 4);
    const Step& fold_in = schedule.steps.front();
    REQUIRE(fold_in.transfers.size() == 2);
    CHECK(fold_in.transfers[0].src == 0);
    CHECK(fold_in.transfers[0].dst == 1);
    CHECK(fold_in.transfers[1].src == 2);
    CHECK(fold_in.transfers[1].dst == 3);
    const Step& fold_out = schedule.steps.back();
    REQUIRE(fold_out.transfers.size() == 2);
    CHECK(fold_out.transfers[0].src == 1);
    CHECK(fold_out.transfers[0].dst == 0);
    CHECK(fold_out.transfers[0].op == Op::copy);
    // The core is ranks 1, 3, 4, 5; step 0 pairs core indices 0-1 and 2-3.
    for (const Transfer& transfer : schedule.steps[1].transfers) {
        const std::set<int> pair{transfer.src, transfer.dst};
        CHECK((pair == std::set<int>{1, 3} || pair == std::set<int>{4, 5}));
        CHECK(transfer.route == Route::shortest);
    }
}

TEST_CASE("swing: rho, distances and the parity rule") {
    const std::vector<std::int64_t> rho{1, -1, 3, -5, 11, -21, 43};
    for (int s = 0; s < 7; ++s) {
        CHECK(swing_rho(s) == rho[static_cast<std::size_t>(s)]);
        CHECK(std::abs(swing_rho(s)) == (power(2, s + 1) + (s % 2 == 0 ? 1 : -1)) / 3);
    }
    const Schedule schedule = make("swing", Form::L, 32);
    for (int s = 0; s < 5; ++s)
        for (int r = 0; r < 32; ++r) {
            const auto sends = sends_of(schedule, s, r);
            REQUIRE(sends.size() == 1);
            const std::int64_t offset = r % 2 == 0 ? swing_rho(s) : -swing_rho(s);
            CHECK(sends[0]->dst == wrap(r + offset, 32));
            CHECK(sends[0]->route == (offset > 0 ? Route::plus : Route::minus));
        }
}

TEST_CASE("swing served sets double each step back to the whole core") {
    for (int core : {2, 4, 8, 64, 1024}) {
        const auto served = swing_served_offsets(core);
        const int p = log2_floor(core);
        for (int s = 0; s <= p; ++s)
            CHECK(served[static_cast<std::size_t>(s)].size() == (std::size_t{1} << (p - s)));
    }
}

TEST_CASE("B forms of recursive doubling and Swing: the mirrored copy on the second port") {
    for (const char* algo : {"recursive_doubling", "swing"}) {
        CAPTURE(algo);
        const int n = 16;
        const Schedule schedule = make(algo, Form::B, n);
        CHECK(schedule.blocks == 2 * n);
        for (int s = 0; s < 4; ++s)
            for (int r = 0; r < n; ++r) {
                const auto sends = sends_of(schedule, s, r);
                REQUIRE(sends.size() == 2);
                const Transfer& first = *sends[0];
                const Transfer& mirrored = *sends[1];
                const int offset =
                    first.route == Route::plus ? wrap(first.dst - r, n) : -wrap(r - first.dst, n);
                CHECK(mirrored.dst == wrap(r - offset, n));
                CHECK(mirrored.route == (first.route == Route::plus ? Route::minus : Route::plus));
                // Halves: the algorithm on blocks [0, n), the mirror on [n, 2n); 2^{p-s-1} each.
                for (int block : first.blocks.sorted()) CHECK(block < n);
                for (int block : mirrored.blocks.sorted()) CHECK(block >= n);
                CHECK(first.blocks.size() == static_cast<std::size_t>(n >> (s + 1)));
                CHECK(mirrored.blocks.size() == static_cast<std::size_t>(n >> (s + 1)));
            }
    }
}

TEST_CASE("recursive doubling B sends its peer the residue class the peer serves") {
    const Schedule schedule = make("recursive_doubling", Form::B, 16);
    for (int s = 0; s < 4; ++s)
        for (const Transfer& transfer : schedule.steps[static_cast<std::size_t>(s)].transfers)
            transfer.blocks.for_each(
                [&](int block) { CHECK((block % 16) % (2 << s) == transfer.dst % (2 << s)); });
    // One shared pattern per step for n a power of two: O(n) block indices.
    for (int s = 0; s < 4; ++s) {
        const auto& transfers = schedule.steps[static_cast<std::size_t>(s)].transfers;
        for (const Transfer& transfer : transfers)
            CHECK(transfer.blocks.pattern().get() == transfers.front().blocks.pattern().get());
    }
}

TEST_CASE("bruck L: peers r + 3^k and r + 2*3^k, same way round or shortest") {
    for (const char* route : {"same", "shortest"}) {
        CAPTURE(route);
        const Schedule schedule = make("bruck", Form::L, 27, route);
        REQUIRE(schedule.steps.size() == 3);
        for (int k = 0; k < 3; ++k) {
            const int d = static_cast<int>(power(3, k));
            for (int r = 0; r < 27; ++r) {
                const auto sends = sends_of(schedule, k, r);
                REQUIRE(sends.size() == 2);
                CHECK(sends[0]->dst == wrap(r + d, 27));
                CHECK(sends[1]->dst == wrap(r + 2 * d, 27));
                for (const Transfer* sent : sends)
                    CHECK(sent->route ==
                          (std::string(route) == "same" ? Route::plus : Route::shortest));
            }
        }
    }
}

TEST_CASE("bruck L last step uses the second port only while blocks remain for it") {
    // n - 3^s <= 3^s: one peer (exact for n = 2*3^s); otherwise both.
    for (auto [n, peers] : std::vector<std::pair<int, std::size_t>>{
             {2, 1}, {4, 1}, {6, 1}, {7, 2}, {18, 1}, {20, 2}}) {
        CAPTURE(n);
        const Schedule schedule = make("bruck", Form::L, n);
        CHECK(sends_of(schedule, static_cast<int>(schedule.steps.size()) - 1, 0).size() == peers);
    }
}

TEST_CASE("bruck B: block sets by the lowest non-zero base-3 digit, one shared pattern per peer") {
    const Schedule schedule = make("bruck", Form::B, 27);
    for (int k = 0; k < 3; ++k) {
        const int d = static_cast<int>(power(3, k));
        for (const Transfer& transfer : schedule.steps[static_cast<std::size_t>(k)].transfers) {
            const int distance = wrap(transfer.dst - transfer.src, 27);
            CHECK((distance == d || distance == 2 * d));
            CHECK(transfer.blocks.size() == static_cast<std::size_t>(power(3, 2 - k)));
            transfer.blocks.for_each([&](int block) {
                const int y = wrap(block - transfer.src, 27);
                CHECK(y % d == 0);
                CHECK((y / d) % 3 == distance / d);
            });
        }
    }
}

TEST_CASE("B forms: each block sent at most once per rank along time-respecting trees") {
    for (const char* algo : {"recursive_doubling", "swing", "bruck", "trivance"})
        for (int n = 2; n <= 100; ++n) {
            CAPTURE(algo);
            CAPTURE(n);
            const Schedule schedule = make(algo, Form::B, n);
            check_ports(schedule, 2);
            const std::vector<int> sent = check_reduce_scatter_trees(schedule);
            // Where every rank is a tree node of every block (no fold), each
            // rank sends every block but its own: m(1 - 1/n) per copy.
            const bool folded =
                (std::string(algo) == "recursive_doubling" || std::string(algo) == "swing") &&
                !is_power_of(n, 2);
            if (!folded)
                for (int count : sent) CHECK(count == schedule.blocks - schedule.blocks / n);
        }
}

TEST_CASE("B forms: the all-gather is the time reversal of the reduce-scatter") {
    for (const char* algo : {"recursive_doubling", "swing", "bruck", "trivance"})
        for (int n : {2, 5, 8, 12, 27, 32}) {
            CAPTURE(algo);
            CAPTURE(n);
            const Schedule schedule = make(algo, Form::B, n);
            const bool pairwise =
                std::string(algo) == "recursive_doubling" || std::string(algo) == "swing";
            const std::size_t fold_steps = pairwise && !is_power_of(n, 2) ? 1 : 0;
            const std::size_t first = fold_steps;
            const std::size_t core = (schedule.steps.size() - 2 * fold_steps) / 2;
            check_time_reversal(schedule, first, core);
        }
}

TEST_CASE(
    "L forms: one message per rank per step for recursive doubling and Swing, ports respected") {
    for (int n = 2; n <= 64; ++n) {
        CAPTURE(n);
        for (const char* algo : {"recursive_doubling", "swing"})
            check_ports(make(algo, Form::L, n), 1);
        check_ports(make("bruck", Form::L, n), 2);
        check_ports(make("bruck", Form::L, n, "shortest"), 2);
    }
}

TEST_CASE("generators refuse what they cannot build") {
    GeneratorRequest request;
    request.algo = "bruck";
    request.topology = Topology::ring(9);
    request.route = "sideways";
    CHECK_THROWS_AS(generate(request), std::invalid_argument);
    for (const char* algo : {"recursive_doubling", "swing", "bruck"}) {
        CAPTURE(algo);
        request.algo = algo;
        request.route = "same";
        request.topology = Topology::ring(1);
        CHECK_THROWS_AS(generate(request), NotApplicable);
        // Tori are generated (tests/models/torus_generators_test.cpp); general graphs are not.
        request.topology.kind = TopologyKind::graph;
        request.topology.dims = {3};
        request.topology.edges = {{0, 1}, {1, 2}, {2, 0}};
        CHECK_THROWS_AS(generate(request), NotApplicable);
    }
}
