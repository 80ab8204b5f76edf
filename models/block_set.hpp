#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

namespace trivcheck {

/// A set of block indices in [0, modulus), stored as a shared sorted pattern
/// rotated by an offset: block = (pattern[i] + offset) mod modulus. Rotation-
/// symmetric schedules give every rank the same pattern, so a schedule with
/// n ranks stores O(n) block indices instead of O(n^2).
class BlockSet {
  public:
    BlockSet() = default;
    /// `blocks` need not be sorted; duplicates are removed.
    BlockSet(std::vector<int> blocks, int modulus);
    /// Shares `pattern` (sorted, unique, each in [0, modulus)) rotated by `offset`.
    BlockSet(std::shared_ptr<const std::vector<int>> pattern, int offset, int modulus);

    static BlockSet single(int block, int modulus);
    static BlockSet all(int modulus);

    std::size_t size() const { return pattern_ ? pattern_->size() : 0; }
    bool empty() const { return size() == 0; }
    int modulus() const { return modulus_; }
    int offset() const { return offset_; }
    const std::shared_ptr<const std::vector<int>>& pattern() const { return pattern_; }

    /// The blocks without the shared pointer, for loops over many blocks.
    struct View {
        const int* pattern;
        int offset;
        int modulus;
        int at(std::size_t i) const {
            const int block = pattern[i] + offset;
            return block >= modulus ? block - modulus : block;
        }
    };
    View view() const { return {pattern_ ? pattern_->data() : nullptr, offset_, modulus_}; }
    /// The i-th block in pattern order (not necessarily ascending).
    int at(std::size_t i) const { return view().at(i); }
    /// Visits the blocks in pattern order: those below the wrap, then those past it
    /// (the pattern is sorted), each run a loop without a branch on the wrap.
    template <class Visit>
    void for_each(Visit&& visit) const {
        if (!pattern_) return;
        const int* const first = pattern_->data();
        const int* const last = first + pattern_->size();
        const int* const wrap = std::lower_bound(first, last, modulus_ - offset_);
        for (const int* p = first; p != wrap; ++p) visit(*p + offset_);
        for (const int* p = wrap; p != last; ++p) visit(*p + offset_ - modulus_);
    }
    bool contains(int block) const;
    /// Ascending list of the blocks.
    std::vector<int> sorted() const;
    /// The same blocks rotated by `delta` more (mod modulus), sharing the pattern.
    BlockSet rotated(int delta) const;

    friend bool operator==(const BlockSet& a, const BlockSet& b) {
        return a.sorted() == b.sorted();
    }

  private:
    std::shared_ptr<const std::vector<int>> pattern_;
    int offset_ = 0;
    int modulus_ = 1;
};

}  // namespace trivcheck
