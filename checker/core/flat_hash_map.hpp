#pragma once
#include <cstdint>
#include <vector>

namespace trivcheck {

/// Open-addressing map from 64-bit keys to 32-bit values, for the executor's
/// memo tables (millions of look-ups per check; std::unordered_map allocates
/// per entry). The key ~0 is reserved.
class FlatHashMap {
  public:
    static constexpr std::uint64_t empty_key = ~std::uint64_t{0};

    /// Pointer to the value for `key`, or nullptr.
    const std::uint32_t* find(std::uint64_t key) const {
        if (slots_.empty()) return nullptr;
        for (std::size_t i = index_of(key);; i = (i + 1) & mask_) {
            if (slots_[i].key == key) return &slots_[i].value;
            if (slots_[i].key == empty_key) return nullptr;
        }
    }
    void insert(std::uint64_t key, std::uint32_t value) {
        if ((count_ + 1) * 2 > slots_.size()) grow();
        std::size_t i = index_of(key);
        while (slots_[i].key != empty_key && slots_[i].key != key) i = (i + 1) & mask_;
        if (slots_[i].key == empty_key) ++count_;
        slots_[i] = {key, value};
    }
    std::size_t size() const { return count_; }
    /// Room for `count` keys without growing.
    void reserve(std::size_t count) {
        std::size_t slots = slots_.empty() ? 64 : slots_.size();
        while (count * 2 > slots) slots *= 2;
        if (slots > slots_.size()) rehash(slots);
    }
    std::size_t memory_bytes() const { return slots_.size() * sizeof(Slot); }

  private:
    struct Slot {
        std::uint64_t key = empty_key;
        std::uint32_t value = 0;
    };
    std::size_t index_of(std::uint64_t key) const {
        key ^= key >> 33;
        key *= 0xff51afd7ed558ccdULL;
        key ^= key >> 33;
        return static_cast<std::size_t>(key) & mask_;
    }
    void grow() { rehash(slots_.empty() ? 64 : slots_.size() * 2); }
    void rehash(std::size_t slots) {
        std::vector<Slot> old = std::move(slots_);
        slots_.assign(slots, Slot{});
        mask_ = slots_.size() - 1;
        count_ = 0;
        for (const Slot& slot : old)
            if (slot.key != empty_key) insert(slot.key, slot.value);
    }
    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t count_ = 0;
};

}  // namespace trivcheck
