#pragma once
#include <cstdint>
#include <string_view>

namespace trivcheck {

/// Thrown by JsonCursor (and by readers built on it) when the text is outside
/// the plain JSON a cursor reads; the caller then reads the text with the full
/// parser, which says exactly what is wrong, if anything.
struct OutsidePlainJson {};

/// A single pass over JSON text that reads plain JSON only: strings without
/// escapes, control or non-ASCII characters, integers without sign, fraction
/// or exponent. Anything else throws OutsidePlainJson: never a wrong reading,
/// at worst a fallback to the full parser.
class JsonCursor {
  public:
    explicit JsonCursor(std::string_view text)
        : at_(text.data()), end_(text.data() + text.size()) {}

    /// Consumes `symbol` ('{', '}', '[', ']', ':', ',') after whitespace; throws when it is not
    /// next.
    void expect(char symbol);
    /// Consumes `symbol` after whitespace when it is next.
    bool take(char symbol);
    /// After '{' or an element: true and the next key (and its ':') when another
    /// field follows, false and the '}' when the object ends.
    bool next_key(bool first, std::string_view& key);
    /// After '[' or an element: true when another element follows, false and the ']' when the array
    /// ends.
    bool next_element(bool first);
    std::string_view string();
    std::int64_t integer();
    bool boolean();
    /// A string, integer, true, false or null, read and dropped.
    void scalar();
    /// Only whitespace is left.
    void finish();

  private:
    void skip_whitespace();
    bool literal(std::string_view word);

    const char* at_;
    const char* end_;
};

}  // namespace trivcheck
