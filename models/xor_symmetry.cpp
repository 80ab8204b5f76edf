#include "models/xor_symmetry.hpp"

#include <cstdint>
#include <vector>

namespace trivcheck {

namespace {

bool ascending(const BlockSet& blocks) {
    const BlockSet::View view = blocks.view();
    for (std::size_t i = 1; i < blocks.size(); ++i)
        if (view.at(i) <= view.at(i - 1)) return false;
    return true;
}

/// Marks of the blocks of each model transfer in turn: one number per block.
class BlockMarks {
  public:
    explicit BlockMarks(int blocks) : marks_(static_cast<std::size_t>(blocks), 0) {}

    void mark(const BlockSet& blocks) {
        ++current_;
        blocks.for_each([&](int block) { marks_[static_cast<std::size_t>(block)] = current_; });
    }
    bool marked(int block) const { return marks_[static_cast<std::size_t>(block)] == current_; }

  private:
    std::vector<std::uint32_t> marks_;
    std::uint32_t current_ = 0;
};

/// Is `transfer` the model under XOR translation `t` (blocks moved by `block_mask`)?
bool is_xor_translation_of(const Transfer& transfer, const Transfer& model, int t, int block_mask,
                           const BlockMarks& model_blocks) {
    // Routes may differ: XOR maps no link onto a link, so the executor routes every
    // message of the whole step itself.
    if (transfer.op != model.op || transfer.src_buffer != model.src_buffer ||
        transfer.dst_buffer != model.dst_buffer || transfer.src != (model.src ^ t) ||
        transfer.dst != (model.dst ^ t) || transfer.blocks.size() != model.blocks.size() ||
        !ascending(transfer.blocks))
        return false;
    // Equal sizes, no repeats, and every block's preimage in the model: the same set.
    const BlockSet::View view = transfer.blocks.view();
    for (std::size_t i = 0; i < transfer.blocks.size(); ++i)
        if (!model_blocks.marked(view.at(i) ^ block_mask)) return false;
    return true;
}

bool is_xor_orbit(const std::vector<Transfer>& transfers, const std::vector<int>& block_masks,
                  BlockMarks& marks) {
    const std::size_t n = block_masks.size();
    if (transfers.size() % n != 0) return false;
    const std::size_t per_rank = transfers.size() / n;
    for (std::size_t j = 0; j < per_rank; ++j) {
        const Transfer& model = transfers[j];
        marks.mark(model.blocks);
        for (std::size_t t = 0; t < n; ++t)
            if (!is_xor_translation_of(transfers[t * per_rank + j], model, static_cast<int>(t),
                                       block_masks[t], marks))
                return false;
    }
    return true;
}

}  // namespace

std::optional<RankTranslations> xor_symmetry(const Schedule& schedule) {
    const std::optional<RankTranslations> additive = RankTranslations::of(schedule);
    if (!additive) return std::nullopt;
    std::optional<RankTranslations> digits = additive->binary_digits();
    if (!digits) return std::nullopt;
    for (const Step& step : schedule.steps)
        if (!step.local.empty()) return std::nullopt;
    // With every extent a power of two, a block's digits are bit fields: t moves
    // block b to b XOR (where t moves block 0).
    std::vector<int> block_masks(static_cast<std::size_t>(schedule.ranks));
    for (int t = 0; t < schedule.ranks; ++t)
        block_masks[static_cast<std::size_t>(t)] = digits->translate_block(0, t);
    BlockMarks marks(schedule.blocks);
    for (const Step& step : schedule.steps)
        if (!is_xor_orbit(step.transfers, block_masks, marks)) return std::nullopt;
    return digits;
}

}  // namespace trivcheck
