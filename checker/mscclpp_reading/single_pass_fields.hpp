#pragma once
#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "checker/formats/json_cursor.hpp"
#include "checker/formats/same_text.hpp"
#include "checker/mscclpp/plan.hpp"

// What every reader of the single pass (plan_single_pass.hpp) walks: objects
// of known keys and arrays. Every check of plan_reader.cpp and
// plan_indexes.cpp is a reason to give up (OutsidePlainJson) here, never a
// message: the full reading then reports it in its own words.

namespace trivcheck::mscclpp::detail {

[[noreturn]] inline void give_up() { throw OutsidePlainJson{}; }

inline void require(bool condition) {
    if (!condition) give_up();
}

/// A key's name as a template argument, so that each key compares in word
/// loads of a length the compiler knows (same_text.hpp): through a
/// string_view's comparison, the readers of large objects called memcmp.
template <std::size_t Size>
struct KeyName {
    static_assert(Size > 1, "a key has a name");
    constexpr KeyName(const char (&name)[Size]) { std::copy_n(name, Size, text); }
    bool names(std::string_view key) const {
        constexpr std::size_t length = Size - 1;
        if (key.size() != length) return false;
        if constexpr (length > 16) return std::memcmp(key.data(), text, length) == 0;
        if constexpr (length >= 8)
            return trivcheck::detail::same_bytes<std::uint64_t>(key.data(), text, length);
        if constexpr (length >= 4)
            return trivcheck::detail::same_bytes<std::uint32_t>(key.data(), text, length);
        if constexpr (length >= 2)
            return trivcheck::detail::same_bytes<std::uint16_t>(key.data(), text, length);
        return key[0] == text[0];
    }
    char text[Size];
};

/// One key an object may have, what reads its value, and whether it was given.
template <KeyName Name, bool Required, typename Read>
struct KeyReader {
    Read read;
    bool given = false;
};

/// A key the object must have.
template <KeyName Name, typename Read>
KeyReader<Name, true, Read> required_key(Read read) {
    return {std::move(read)};
}

/// A key the object may leave out.
template <KeyName Name, typename Read>
KeyReader<Name, false, Read> optional_key(Read read) {
    return {std::move(read)};
}

/// Reads the value after `key` with `reader` when `key` is its key.
template <KeyName Name, bool Required, typename Read>
bool read_if_named(std::string_view key, KeyReader<Name, Required, Read>& reader) {
    if (!Name.names(key)) return false;
    require(!reader.given);  // the full reading refuses repeated keys
    reader.given = true;
    reader.read();
    return true;
}

/// Whether `reader`'s key was given, if the object must have it.
template <KeyName Name, bool Required, typename Read>
bool given_if_required(const KeyReader<Name, Required, Read>& reader) {
    return reader.given || !Required;
}

/// Reads the object at `cursor`, each value by the reader of its key; an
/// unknown key, a repeated one or a missing required one gives up. The keys
/// are compared in the order given, inline, as a chain of ifs would be.
template <typename... KeyReaders>
void read_object(JsonCursor& cursor, KeyReaders... keys) {
    cursor.expect('{');
    std::string_view key;
    for (bool first = true; cursor.next_key(first, key); first = false)
        require((read_if_named(key, keys) || ...));
    require((given_if_required(keys) && ...));
}

/// Reads the array at `cursor`, each element by `read_element`.
template <typename ReadElement>
void read_array(JsonCursor& cursor, ReadElement read_element) {
    cursor.expect('[');
    for (bool first = true; cursor.next_element(first); first = false) read_element();
}

/// An integer in [minimum, maximum].
inline int read_number(JsonCursor& cursor, long long minimum, long long maximum = INT_MAX) {
    const std::int64_t value = cursor.integer();
    require(value >= minimum && value <= maximum);
    return static_cast<int>(value);
}

/// A buffer: "i", "o" or "s".
inline BufferKind read_buffer_kind(JsonCursor& cursor) {
    const std::string_view name = cursor.string();
    if (name == "i") return BufferKind::input;
    if (name == "o") return BufferKind::output;
    if (name == "s") return BufferKind::scratch;
    give_up();
}

/// Memory or port: the only channel kinds the single pass reads.
inline ChannelKind read_memory_or_port(JsonCursor& cursor) {
    const std::string_view name = cursor.string();
    if (name == "memory") return ChannelKind::memory;
    if (name == "port") return ChannelKind::port;
    give_up();
}

/// An array of integers, none negative, appended to `values` (a std::vector
/// or an operation's inline list: read in place, not through a temporary).
template <typename List>
void read_numbers_into(JsonCursor& cursor, List& values) {
    read_array(cursor, [&] { values.push_back(read_number(cursor, 0)); });
}

/// An array of integers, none negative.
inline std::vector<int> read_numbers(JsonCursor& cursor) {
    std::vector<int> values;
    read_numbers_into(cursor, values);
    return values;
}

}  // namespace trivcheck::mscclpp::detail
