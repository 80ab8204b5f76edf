// How many rank symmetries the pairwise exchanges' B forms have on a ring of
// 2^q ranks: the maps of ranks that keep every reduce-scatter step's pairs of
// each copy (copy 0 on blocks [0, n), the mirrored copy on [n, 2n)). Such a
// map is fixed by where it sends rank 0 (each step pairs every rank once,
// and the pairs connect every rank), so there are at most n. Swing keeps n
// (its even rotations and the reflections x -> p - x, p odd): its torus lift
// is executed as an orbit of the even translations (docs/model.md). Recursive
// doubling keeps 4, whatever n >= 16: its copy 0 alone keeps the n XOR
// translations, but its mirrored copy, which pairs r with 2r - (r XOR 2^s)
// (copy 0's partner reflected about r), keeps 4 maps alone. Its pairings
// do not even commute with one another, as XOR's do, so no relabelling of
// the ranks turns them into XOR's either: no orbit of small index.
#include <doctest/doctest.h>

#include <map>
#include <optional>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// partner[color][rank], a color per (reduce-scatter step, copy of `copies`).
std::vector<std::vector<int>> pairings(const Schedule& schedule,
                                       const std::vector<int>& copies = {0, 1}) {
    std::vector<std::vector<int>> partner;
    for (const Step& step : schedule.steps) {
        if (step.phase != "reduce_scatter") continue;
        for (int copy : copies) {
            std::vector<int> row(static_cast<std::size_t>(schedule.ranks), -1);
            for (const Transfer& transfer : step.transfers)
                if (transfer.blocks.at(0) / schedule.ranks == copy)
                    row[static_cast<std::size_t>(transfer.src)] = transfer.dst;
            partner.push_back(std::move(row));
        }
    }
    return partner;
}

/// The map that sends rank 0 to `image` and keeps every pairing, if there is one.
std::optional<std::vector<int>> symmetry_to(const std::vector<std::vector<int>>& partner, int n,
                                            int image) {
    std::vector<int> map(static_cast<std::size_t>(n), -1);
    map[0] = image;
    std::vector<int> reached{0};
    while (!reached.empty()) {
        const int rank = reached.back();
        reached.pop_back();
        for (const std::vector<int>& row : partner) {
            const int from = row[static_cast<std::size_t>(rank)];
            const int to = row[static_cast<std::size_t>(map[static_cast<std::size_t>(rank)])];
            int& mapped = map[static_cast<std::size_t>(from)];
            if (mapped == -1) {
                mapped = to;
                reached.push_back(from);
            } else if (mapped != to) {
                return std::nullopt;
            }
        }
    }
    return map;
}

struct Symmetries {
    int all = 0;
    int rotations = 0;  // maps r -> r + t
};

Symmetries count_symmetries(const std::string& algo, int n,
                            const std::vector<int>& copies = {0, 1}) {
    const Schedule schedule = generate(GeneratorRequest{algo, Form::B, Topology::ring(n)});
    const std::vector<std::vector<int>> partner = pairings(schedule, copies);
    Symmetries counted;
    for (int image = 0; image < n; ++image) {
        const std::optional<std::vector<int>> map = symmetry_to(partner, n, image);
        if (!map) continue;
        ++counted.all;
        bool rotation = true;
        for (int r = 0; r < n; ++r)
            rotation = rotation && (*map)[static_cast<std::size_t>(r)] == (r + image) % n;
        counted.rotations += rotation ? 1 : 0;
    }
    return counted;
}

}  // namespace

TEST_CASE("pairing symmetries: Swing B keeps n maps, n/2 of them rotations (the even ones)") {
    for (int n : {8, 16, 64, 256}) {
        CAPTURE(n);
        const Symmetries swing = count_symmetries("swing", n);
        CHECK(swing.all == n);
        CHECK(swing.rotations == n / 2);
    }
}

TEST_CASE("pairing symmetries: recursive doubling B keeps 4 maps on n >= 16") {
    for (int n : {16, 64, 256}) {
        CAPTURE(n);
        const Symmetries doubling = count_symmetries("recursive_doubling", n);
        CHECK(doubling.all == 4);
        CHECK(doubling.rotations == 2);  // the identity and the half turn
    }
}

TEST_CASE("pairing symmetries: recursive doubling B's copy 0 keeps n maps, its mirrored copy 4") {
    for (int n : {16, 64, 256}) {
        CAPTURE(n);
        CHECK(count_symmetries("recursive_doubling", n, {0}).all == n);
        CHECK(count_symmetries("recursive_doubling", n, {1}).all == 4);
    }
}

TEST_CASE(
    "pairing symmetries: the mirrored copy pairs r with 2r - (r XOR 2^s), and its steps "
    "do not commute") {
    const int n = 16;
    const Schedule schedule =
        generate(GeneratorRequest{"recursive_doubling", Form::B, Topology::ring(n)});
    const std::vector<std::vector<int>> mirrored = pairings(schedule, {1});
    REQUIRE(mirrored.size() == 4);
    for (int s = 0; s < 4; ++s)
        for (int r = 0; r < n; ++r)
            CHECK(mirrored[static_cast<std::size_t>(s)][static_cast<std::size_t>(r)] ==
                  ((2 * r - (r ^ (1 << s))) % n + n) % n);
    // Pairings r XOR 2^s commute; these do not: step 0 then 1 takes rank 0
    // elsewhere than step 1 then 0.
    const auto apply = [&](int s, int r) {
        return mirrored[static_cast<std::size_t>(s)][static_cast<std::size_t>(r)];
    };
    CHECK(apply(1, apply(0, 0)) != apply(0, apply(1, 0)));
}
