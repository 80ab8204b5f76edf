// SendClocks (two-level, shared copy-on-write send clocks) against plain
// vectors: random raises, joins, holds and releases give the same entries.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "checker/asynchronous/send_clocks.hpp"
#include "checker/asynchronous/shared_clocks.hpp"

using namespace trivcheck::msccl;

TEST_CASE("msccl send clocks: two levels hold the values of flat vectors") {
    for (const int senders : {1, 7, 30, 100}) {
        CAPTURE(senders);
        SendClocks clocks(senders);
        std::mt19937 random(static_cast<unsigned>(senders));
        // Each holder: the clock id it holds and the flat vector it must equal.
        struct Holder {
            int id = 0;
            std::vector<std::int32_t> flat;
        };
        std::vector<Holder> holders(6, Holder{0, std::vector<std::int32_t>(senders, 0)});
        for (Holder& holder : holders) clocks.hold(holder.id);
        for (int round = 0; round < 4000; ++round) {
            Holder& a = holders[random() % holders.size()];
            const Holder& b = holders[random() % holders.size()];
            switch (random() % 4) {
                case 0: {  // raise one entry
                    const int sender = static_cast<int>(random() % static_cast<unsigned>(senders));
                    const auto value = static_cast<std::int32_t>(round + 1);
                    a.id = clocks.raise(a.id, sender, value);
                    a.flat[static_cast<std::size_t>(sender)] = value;
                    break;
                }
                case 1:
                case 2: {  // join another holder's clock
                    const std::vector<std::int32_t> seen = b.flat;
                    a.id = clocks.join(a.id, b.id);
                    for (std::size_t i = 0; i < seen.size(); ++i)
                        a.flat[i] = std::max(a.flat[i], seen[i]);
                    break;
                }
                default: {  // take another holder's clock in place of its own
                    clocks.hold(b.id);
                    clocks.release(a.id);
                    a.id = b.id;
                    a.flat = b.flat;
                    break;
                }
            }
            for (const Holder& holder : holders)
                for (int sender = 0; sender < senders; ++sender)
                    REQUIRE(clocks.get(holder.id, sender) ==
                            holder.flat[static_cast<std::size_t>(sender)]);
        }
    }
}

TEST_CASE("msccl shared clocks: equal vectors made apart are kept once, pages keep entries") {
    SharedClocks clocks(3);
    // Three holders of vector 0; each gets its own vector by a change.
    auto made = [&](std::int32_t first, std::int32_t second) {
        clocks.hold(0);
        const int id = clocks.writable(0);
        clocks.entries(id)[0] = first;
        clocks.entries(id)[1] = second;
        return id;
    };
    const int left = made(5, 0);
    const int right = made(0, 5);
    const int other_left = made(5, 1);
    CHECK(left != other_left);
    // left joined with right, and other_left with right, both hold (5, 5, 0).
    const int first = clocks.join(left, right);
    const int second = clocks.join(other_left, right);
    CHECK(first == second);
    CHECK(std::vector<std::int32_t>(clocks.entries(first), clocks.entries(first) + 3) ==
          std::vector<std::int32_t>{5, 5, 0});
    // Many vectors (pages of 4, 8, 16, ...): each keeps what was written into it.
    std::vector<int> ids;
    for (int value = 1; value <= 200; ++value) {
        clocks.hold(0);
        ids.push_back(clocks.writable(0));
        clocks.entries(ids.back())[2] = value;
    }
    for (int value = 1; value <= 200; ++value) CHECK(clocks.entries(ids[value - 1])[2] == value);
}
