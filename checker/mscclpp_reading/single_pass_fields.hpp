#pragma once
#include <climits>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "checker/formats/json_cursor.hpp"
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

/// One key an object may have, what reads its value, and whether it was given.
template <typename Read>
struct KeyReader {
    std::string_view key;
    bool required;
    Read read;
    bool given = false;
};

/// A key the object must have.
template <typename Read>
KeyReader<Read> required_key(std::string_view key, Read read) {
    return {key, true, std::move(read)};
}

/// A key the object may leave out.
template <typename Read>
KeyReader<Read> optional_key(std::string_view key, Read read) {
    return {key, false, std::move(read)};
}

/// Reads the value after `key` with `reader` when `key` is its key.
template <typename Read>
bool read_if_named(std::string_view key, KeyReader<Read>& reader) {
    if (key != reader.key) return false;
    require(!reader.given);  // the full reading refuses repeated keys
    reader.given = true;
    reader.read();
    return true;
}

/// Reads the object at `cursor`, each value by the reader of its key; an
/// unknown key, a repeated one or a missing required one gives up. The keys
/// are compared in the order given, inline, as a chain of ifs would be.
template <typename... Reads>
void read_object(JsonCursor& cursor, KeyReader<Reads>... keys) {
    cursor.expect('{');
    std::string_view key;
    for (bool first = true; cursor.next_key(first, key); first = false)
        require((read_if_named(key, keys) || ...));
    require(((keys.given || !keys.required) && ...));
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

/// An array of integers, none negative.
inline std::vector<int> read_numbers(JsonCursor& cursor) {
    std::vector<int> values;
    read_array(cursor, [&] { values.push_back(read_number(cursor, 0)); });
    return values;
}

}  // namespace trivcheck::mscclpp::detail
