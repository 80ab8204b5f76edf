#include "checker/execution/block_classes.hpp"

#include <cstdint>
#include <unordered_set>

#include "checker/execution/shared_blocks.hpp"

namespace trivcheck {

namespace {

/// Calls `visit` once for each distinct (by SharedBlocks) block set of the
/// schedule's transfers and local operations.
template <class Visit>
void for_each_distinct_block_set(const Schedule& schedule, Visit&& visit) {
    std::unordered_set<SharedBlocks, SharedBlocksHash> seen;
    seen.reserve(schedule.transfer_count());
    const auto consider = [&](const BlockSet& blocks) {
        if (blocks.empty() || !seen.insert(key_of(blocks)).second) return;
        visit(blocks);
    };
    for (const Step& step : schedule.steps) {
        for (const Transfer& transfer : step.transfers) consider(transfer.blocks);
        for (const LocalOp& operation : step.local) consider(operation.blocks);
    }
}

/// Partition refinement: classes as ids; a set splits every class it holds
/// only part of into the part inside (a new id) and the rest.
class Refinement {
  public:
    explicit Refinement(int blocks)
        : class_of_(static_cast<std::size_t>(blocks), 0),
          sizes_{blocks},
          inside_{0},
          split_to_{-1} {}

    void refine(const BlockSet& blocks) {
        touched_.clear();
        // Local pointers: the compiler cannot tell that touched_'s growth leaves them be.
        const int* const class_of = class_of_.data();
        int* const counts = inside_.data();
        blocks.for_each([&](int block) {
            const int c = class_of[block];
            if (counts[c]++ == 0) touched_.push_back(c);
        });
        // A class held whole stays; one held in part gives its inside a new id.
        bool any_split = false;
        for (const int c : touched_) {
            const int inside = inside_[static_cast<std::size_t>(c)];
            inside_[static_cast<std::size_t>(c)] = 0;
            if (inside == sizes_[static_cast<std::size_t>(c)]) continue;
            any_split = true;
            split_to_[static_cast<std::size_t>(c)] = static_cast<int>(sizes_.size());
            sizes_[static_cast<std::size_t>(c)] -= inside;
            sizes_.push_back(inside);
            inside_.push_back(0);
            split_to_.push_back(-1);
        }
        // Once the classes are fine, most sets split none: nothing to move.
        if (!any_split) return;
        int* const class_of_writable = class_of_.data();
        const int* const split_to = split_to_.data();
        blocks.for_each([&](int block) {
            int& c = class_of_writable[block];
            if (const int split = split_to[c]; split >= 0) c = split;
        });
        for (const int c : touched_) split_to_[static_cast<std::size_t>(c)] = -1;
    }

    /// The classes renumbered in order of their first block.
    BlockClasses take() {
        BlockClasses classes;
        std::vector<int> number(sizes_.size(), -1);
        classes.class_of.reserve(class_of_.size());
        for (const int c : class_of_) {
            int& k = number[static_cast<std::size_t>(c)];
            if (k < 0) k = classes.count++;
            classes.class_of.push_back(k);
        }
        return classes;
    }

  private:
    std::vector<int> class_of_;
    std::vector<int> sizes_;     // [class] -> blocks in it
    std::vector<int> inside_;    // [class] -> blocks of the current set in it
    std::vector<int> split_to_;  // [class] -> the id its inside moves to, or -1
    std::vector<int> touched_;
};

}  // namespace

BlockClasses block_classes(const Schedule& schedule) {
    Refinement refinement(schedule.blocks);
    for_each_distinct_block_set(schedule, [&](const BlockSet& blocks) {
        if (blocks.size() < static_cast<std::size_t>(schedule.blocks)) refinement.refine(blocks);
    });
    return refinement.take();
}

std::vector<std::uint8_t> BlockClasses::representatives() const {
    std::vector<std::uint8_t> first(class_of.size(), 0);
    std::vector<std::uint8_t> seen(static_cast<std::size_t>(count), 0);
    for (std::size_t block = 0; block < class_of.size(); ++block) {
        std::uint8_t& class_seen = seen[static_cast<std::size_t>(class_of[block])];
        first[block] = class_seen == 0 ? 1 : 0;
        class_seen = 1;
    }
    return first;
}

}  // namespace trivcheck
