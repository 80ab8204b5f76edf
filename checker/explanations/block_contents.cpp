#include "checker/explanations/block_contents.hpp"

#include <algorithm>

namespace trivcheck {

BlockContents::BlockContents(const Schedule& schedule, int block)
    : ranks_(schedule.ranks), words_((static_cast<std::size_t>(schedule.ranks) + 63) / 64) {
    bits_.assign(static_cast<std::size_t>(ranks_) * words_, 0);
    const int owner = schedule.owner_of_block(block);
    for (int r = 0; r < ranks_; ++r)
        if (schedule.collective != Collective::allgather || r == owner)
            bits_[row(r) + static_cast<std::size_t>(r) / 64] |= std::uint64_t{1}
                                                                << (static_cast<unsigned>(r) % 64);

    // Whether a rank holds anything of the block; nothing ever empties a cell.
    std::vector<char> nonempty(static_cast<std::size_t>(ranks_), 0);
    for (int r = 0; r < ranks_; ++r)
        nonempty[static_cast<std::size_t>(r)] =
            schedule.collective != Collective::allgather || r == owner;
    struct Arrival {
        int dst;
        int copy_source;  // -1: no copy this step
        std::vector<std::uint64_t> incoming;
    };
    std::vector<int> arrival_of(static_cast<std::size_t>(ranks_), -1);
    for (const Step& step : schedule.steps) {
        std::vector<Arrival> arrivals;
        for (const Transfer& transfer : step.transfers) {
            // An empty value changes nothing at the receiver, as in the executor.
            if (!nonempty[static_cast<std::size_t>(transfer.src)] ||
                !transfer.blocks.contains(block))
                continue;
            int& slot = arrival_of[static_cast<std::size_t>(transfer.dst)];
            if (slot < 0) {
                slot = static_cast<int>(arrivals.size());
                arrivals.push_back({transfer.dst, -1, std::vector<std::uint64_t>(words_, 0)});
            }
            Arrival& arrival = arrivals[static_cast<std::size_t>(slot)];
            if (transfer.op == Op::copy) {
                if (arrival.copy_source < 0) arrival.copy_source = transfer.src;
                continue;
            }
            for (std::size_t w = 0; w < words_; ++w)
                arrival.incoming[w] |= bits_[row(transfer.src) + w];
        }
        // Sends read the state at the step's start, so values are built before any write.
        for (Arrival& arrival : arrivals) {
            const int base = arrival.copy_source >= 0 ? arrival.copy_source : arrival.dst;
            for (std::size_t w = 0; w < words_; ++w) arrival.incoming[w] |= bits_[row(base) + w];
        }
        for (Arrival& arrival : arrivals) {
            std::copy(arrival.incoming.begin(), arrival.incoming.end(),
                      bits_.begin() + static_cast<std::ptrdiff_t>(row(arrival.dst)));
            arrival_of[static_cast<std::size_t>(arrival.dst)] = -1;
            nonempty[static_cast<std::size_t>(arrival.dst)] = 1;
        }
    }
}

std::vector<int> BlockContents::lacking(int rank) const {
    std::vector<int> contributors;
    for (int c = 0; c < ranks_; ++c)
        if (!holds(rank, c)) contributors.push_back(c);
    return contributors;
}

}  // namespace trivcheck
