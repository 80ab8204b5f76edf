#pragma once
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace trivcheck {

/// A set of displacements in [0, n) for any n, a bit each: the placed sets
/// of a full-step plan's tree when only its cost is wanted
/// (full_step_phase_link_blocks), where turning the whole set by a distance
/// is a few word operations instead of one lookup per member.
class RingBitset {
  public:
    explicit RingBitset(int n) : n_(n), words_((static_cast<std::size_t>(n) + 63) / 64, 0) {}

    bool operator==(const RingBitset&) const = default;
    void add(int x) { words_[static_cast<std::size_t>(x) / 64] |= std::uint64_t{1} << (x % 64); }
    void erase(int x) {
        words_[static_cast<std::size_t>(x) / 64] &= ~(std::uint64_t{1} << (x % 64));
    }
    bool has(int x) const {
        return ((words_[static_cast<std::size_t>(x) / 64] >> (x % 64)) & 1U) != 0;
    }
    /// Calls visit(x) for every member, in increasing order.
    template <typename Visit>
    void each(Visit visit) const {
        for (std::size_t i = 0; i < words_.size(); ++i)
            for (std::uint64_t bits = words_[i]; bits != 0; bits &= bits - 1)
                visit(static_cast<int>(64 * i) + std::countr_zero(bits));
    }
    int count() const {
        int total = 0;
        for (std::uint64_t word : words_) total += std::popcount(word);
        return total;
    }
    /// Sets this to {x + k mod n : x in `from`} for k in [0, n).
    void assign_rotated(const RingBitset& from, int k) {
        shift_up(from, k);
        if (k != 0) or_shifted_down(from, n_ - k);
        clear_past_n();
    }
    /// this \ other.
    void remove(const RingBitset& other) {
        for (std::size_t i = 0; i < words_.size(); ++i) words_[i] &= ~other.words_[i];
    }
    /// this ∪ other.
    void insert(const RingBitset& other) {
        for (std::size_t i = 0; i < words_.size(); ++i) words_[i] |= other.words_[i];
    }
    /// |this ∩ other|.
    int count_common(const RingBitset& other) const {
        int total = 0;
        for (std::size_t i = 0; i < words_.size(); ++i)
            total += std::popcount(words_[i] & other.words_[i]);
        return total;
    }
    void clear() { std::fill(words_.begin(), words_.end(), 0); }

  private:
    /// words_ = from << k (bits that leave the last word are dropped).
    void shift_up(const RingBitset& from, int k) {
        const std::size_t whole = static_cast<std::size_t>(k) / 64;
        const int part = k % 64;
        for (std::size_t i = words_.size(); i-- > 0;) {
            std::uint64_t word = 0;
            if (i >= whole) {
                word = from.words_[i - whole] << part;
                if (part != 0 && i > whole) word |= from.words_[i - whole - 1] >> (64 - part);
            }
            words_[i] = word;
        }
    }
    /// words_ |= from >> k.
    void or_shifted_down(const RingBitset& from, int k) {
        const std::size_t whole = static_cast<std::size_t>(k) / 64;
        const int part = k % 64;
        for (std::size_t i = 0; i + whole < words_.size(); ++i) {
            std::uint64_t word = from.words_[i + whole] >> part;
            if (part != 0 && i + whole + 1 < words_.size())
                word |= from.words_[i + whole + 1] << (64 - part);
            words_[i] |= word;
        }
    }
    void clear_past_n() {
        if (const int used = n_ % 64; used != 0) words_.back() &= (std::uint64_t{1} << used) - 1;
    }

    int n_;
    std::vector<std::uint64_t> words_;
};

}  // namespace trivcheck
