// SendClocks (persistent trees shared copy-on-write) against plain vectors:
// random raises, joins, holds and releases give the same entries, with one
// leaf, two levels and three.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "checker/msccl/send_clocks.hpp"

using namespace trivcheck::msccl;

TEST_CASE("msccl send clocks: trees hold the values of flat vectors") {
    for (const int senders : {1, 7, 32, 45, 100, 700, 1100}) {
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
            // Every entry of a small clock; every seventh of a large one (all its leaves).
            for (const Holder& holder : holders)
                for (int sender = 0; sender<senders; sender += senders> 200 ? 7 : 1)
                    REQUIRE(clocks.get(holder.id, sender) ==
                            holder.flat[static_cast<std::size_t>(sender)]);
        }
    }
}
