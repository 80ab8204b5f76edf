#include "checker/explanations/unheld_explanation.hpp"

#include <algorithm>

namespace trivcheck {

namespace {

/// Whether each rank holds anything of each block. Nothing ever empties a
/// cell (a copy of a held value is held), so this is a monotone replay.
class HeldCells {
  public:
    explicit HeldCells(const Schedule& schedule)
        : schedule_(schedule),
          held_(
              static_cast<std::size_t>(schedule.ranks) * static_cast<std::size_t>(schedule.blocks),
              0) {
        for (int r = 0; r < schedule.ranks; ++r)
            for (int b = 0; b < schedule.blocks; ++b)
                if (schedule.collective != Collective::allgather || schedule.owner_of_block(b) == r)
                    held_[index(r, b)] = true;
    }
    bool held(int rank, int block) const { return held_[index(rank, block)]; }
    std::vector<int> held_blocks(int rank) const {
        std::vector<int> blocks;
        for (int b = 0; b < schedule_.blocks; ++b)
            if (held(rank, b)) blocks.push_back(b);
        return blocks;
    }
    void apply(const Step& step) {
        std::vector<std::pair<int, int>> gained;
        for (const Transfer& transfer : step.transfers)
            transfer.blocks.for_each([&](int block) {
                if (held(transfer.src, block) && !held(transfer.dst, block))
                    gained.push_back({transfer.dst, block});
            });
        for (auto [rank, block] : gained) held_[index(rank, block)] = true;
    }

  private:
    std::size_t index(int rank, int block) const {
        return static_cast<std::size_t>(rank) * static_cast<std::size_t>(schedule_.blocks) +
               static_cast<std::size_t>(block);
    }
    const Schedule& schedule_;
    // One bit per cell: n·B of them, within the caller's bit limit.
    std::vector<bool> held_;
};

}  // namespace

void explain_unheld_sends(const Schedule& schedule, std::vector<Violation>& violations,
                          std::size_t bit_limit) {
    std::vector<std::size_t> wanted;
    for (std::size_t i = 0; i < violations.size(); ++i)
        if (violations[i].kind == ViolationKind::send_unheld && !violations[i].transfers.empty())
            wanted.push_back(i);
    const std::size_t cells =
        static_cast<std::size_t>(schedule.ranks) * static_cast<std::size_t>(schedule.blocks);
    if (wanted.empty() || cells > bit_limit) return;

    HeldCells cells_held(schedule);
    for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
        const Step& step = schedule.steps[k];
        for (std::size_t i : wanted) {
            const Hop& hop = violations[i].transfers.front();
            if (hop.step != static_cast<int>(k)) continue;
            Explanation& explanation = violations[i].explanation;
            const Transfer& transfer = step.transfers[static_cast<std::size_t>(hop.index)];
            for (int block : transfer.blocks.sorted())
                (cells_held.held(transfer.src, block) ? explanation.held_blocks
                                                      : explanation.unheld_blocks)
                    .push_back(block);
            explanation.first_held_after.assign(explanation.unheld_blocks.size(), -1);
            explanation.sender_holds = cells_held.held_blocks(transfer.src);
            explanation.sender_explained = true;
        }
        cells_held.apply(step);
        // When a missing block finally arrives says whether the send was early or misdirected.
        for (std::size_t i : wanted) {
            Explanation& explanation = violations[i].explanation;
            const Hop& hop = violations[i].transfers.front();
            if (hop.step > static_cast<int>(k)) continue;
            for (std::size_t j = 0; j < explanation.unheld_blocks.size(); ++j)
                if (explanation.first_held_after[j] < 0 &&
                    cells_held.held(hop.src, explanation.unheld_blocks[j]))
                    explanation.first_held_after[j] = static_cast<int>(k);
        }
    }
}

}  // namespace trivcheck
