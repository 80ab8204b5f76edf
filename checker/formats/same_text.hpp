#pragma once
#include <cstdint>
#include <cstring>
#include <string_view>

namespace trivcheck {

namespace detail {

/// The `Word` (an unsigned integer) in the bytes at `from`.
template <typename Word>
Word load(const char* from) {
    Word word;
    std::memcpy(&word, from, sizeof word);
    return word;
}

/// Whether the `size` bytes at `a` and `b` are equal, for `size` in
/// [sizeof(Word), 2 sizeof(Word)]: two word loads that overlap, no loop.
template <typename Word>
bool same_bytes(const char* a, const char* b, std::size_t size) {
    const std::size_t last = size - sizeof(Word);
    return load<Word>(a) == load<Word>(b) && load<Word>(a + last) == load<Word>(b + last);
}

}  // namespace detail

/// Whether `a` and `b` hold the same characters; compared inline, without a
/// loop up to 16 characters (the names and short values of XML attributes).
inline bool same_text(std::string_view a, std::string_view b) {
    const std::size_t size = a.size();
    if (size != b.size()) return false;
    if (size >= 8)
        return size <= 16 ? detail::same_bytes<std::uint64_t>(a.data(), b.data(), size)
                          : std::memcmp(a.data(), b.data(), size) == 0;
    if (size >= 4) return detail::same_bytes<std::uint32_t>(a.data(), b.data(), size);
    if (size >= 2) return detail::same_bytes<std::uint16_t>(a.data(), b.data(), size);
    return size == 0 || a[0] == b[0];
}

}  // namespace trivcheck
