#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include "checker/mscclpp/reduction_trees.hpp"
#include "checker/mscclpp/run_state.hpp"

using namespace trivcheck::mscclpp;

namespace {

/// A process of the random runs below, with the plain vector clock it must
/// agree with: one entry per process, joined entry by entry.
struct ModelProcess {
    ProcessClocks clocks;
    std::vector<int> plain;
};

/// A token as the plain clocks see it: the giver's entries, its own raised.
struct ModelToken {
    Token token;
    std::vector<int> plain;
};

}  // namespace

TEST_CASE("paged clocks agree with plain vector clocks, whole-clock takes and slots included") {
    // Processes hand tokens to each other at random, as a run's signals and
    // waits do: a step joins what it takes, then begins (its own entry), then
    // may hand on a token. Many takes are from givers that already knew the
    // taker's trees (the whole clock is taken) and many are not.
    for (const int processes : {5, 40, 300}) {
        CAPTURE(processes);
        std::mt19937 random(static_cast<std::uint32_t>(processes));
        // Slots with gaps and out of order, the last the largest.
        std::vector<int> slots;
        for (int process = 0; process < processes; ++process)
            slots.push_back(process % 2 == 0 ? 3 * process : 3 * (processes - process) + 1);
        slots.push_back(3 * processes + 5);
        RunClocks clocks(slots, 1000);
        const ClockReader reader(clocks.pages());
        std::vector<ModelProcess> model(static_cast<std::size_t>(processes) + 1);
        for (ModelProcess& process : model)
            process.plain.assign(static_cast<std::size_t>(processes) + 1, 0);
        std::vector<ModelToken> handed;
        int whole = 0;
        std::vector<int> last_move(static_cast<std::size_t>(processes), -1);
        for (int move = 0; move < 40 * processes; ++move) {
            const int self = static_cast<int>(random() % static_cast<std::uint32_t>(processes));
            ModelProcess& process = model[static_cast<std::size_t>(self)];
            last_move[static_cast<std::size_t>(self)] = move;
            if (!handed.empty() && random() % 3 != 0) {
                const std::size_t pick = random() % handed.size();
                const ModelToken taken = handed[pick];
                handed.erase(handed.begin() + static_cast<std::ptrdiff_t>(pick));
                // The giver knew the taker's trees: the whole clock is taken.
                whole += taken.plain[static_cast<std::size_t>(self)] >= process.clocks.trees_since;
                clocks.join_token(process.clocks, self, taken.token);
                for (std::size_t entry = 0; entry < process.plain.size(); ++entry)
                    process.plain[entry] = std::max(process.plain[entry], taken.plain[entry]);
            }
            ++process.clocks.own;
            process.plain[static_cast<std::size_t>(self)] = process.clocks.own;
            if (random() % 2 == 0)
                handed.push_back({clocks.token(process.clocks, self, false), process.plain});
            // Its own entry is kept beside its trees; the others are read from them.
            std::vector<int> weak, strong;
            for (int other = 0; other < processes; ++other) {
                weak.push_back(other == self ? process.clocks.own
                                             : clocks.entry(reader, process.clocks.weak, other));
                strong.push_back(other == self
                                     ? process.clocks.own
                                     : clocks.entry(reader, process.clocks.strong, other));
            }
            const std::vector<int> plain(process.plain.begin(), process.plain.end() - 1);
            REQUIRE(weak == plain);
            REQUIRE(strong == plain);
        }
        CHECK(whole > processes);

        // A launch's end: every process's clocks gathered, the last to move
        // first, those whose end the gathered clocks already know skipped.
        std::vector<int> order(static_cast<std::size_t>(processes));
        std::iota(order.begin(), order.end(), 0);
        std::ranges::sort(order, std::greater<>(),
                          [&](int self) { return last_move[static_cast<std::size_t>(self)]; });
        Token gathered;
        std::vector<int> expected(static_cast<std::size_t>(processes), 0);
        int skipped = 0;
        for (const int self : order) {
            const ModelProcess& process = model[static_cast<std::size_t>(self)];
            for (std::size_t entry = 0; entry < expected.size(); ++entry)
                expected[entry] = std::max(expected[entry], process.plain[entry]);
            if (clocks.knows_end(gathered, self, process.clocks)) {
                ++skipped;
                continue;
            }
            ModelProcess copy = process;
            clocks.join_all(gathered, clocks.token(copy.clocks, self, false));
        }
        std::vector<int> weak, strong;
        for (int other = 0; other < processes; ++other) {
            weak.push_back(clocks.entry(reader, gathered.weak, other));
            strong.push_back(clocks.entry(reader, gathered.strong, other));
        }
        CHECK(weak == expected);
        CHECK(strong == expected);
        CHECK(skipped > 0);
    }
}

TEST_CASE("the first sum a tree is the smaller child of, and the others, are kept once each") {
    ReductionTrees trees(4);
    const int ab = trees.sum(trees.leaf(0), trees.leaf(1));
    CHECK(trees.sum(trees.leaf(1), trees.leaf(0)) == ab);
    // Leaf 0 added to a second other: kept in the table, found again there.
    const int ac = trees.sum(trees.leaf(0), trees.leaf(2));
    CHECK(ac != ab);
    CHECK(trees.sum(trees.leaf(2), trees.leaf(0)) == ac);
    CHECK(trees.sum(trees.leaf(0), trees.leaf(1)) == ab);
    const int ab_c = trees.sum(ab, trees.leaf(2));
    const int a_bc = trees.sum(trees.leaf(0), trees.sum(trees.leaf(1), trees.leaf(2)));
    CHECK(ab_c != a_bc);
    CHECK(trees.depth(ab_c) == 2);
    CHECK(trees.contributions(ab_c) == std::vector<int>{0, 1, 2});
    CHECK(trees.contributions(a_bc) == std::vector<int>{0, 1, 2});
    const int twice = trees.sum(ab, ab);
    CHECK(trees.contributions(twice) == std::vector<int>{0, 0, 1, 1});
    CHECK(trees.sum(ab, ab) == twice);
}
