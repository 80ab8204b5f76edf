#pragma once
#include <cstddef>
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

    /// Where the text still to read begins.
    const char* position() const { return at_; }
    /// The text still to read.
    std::string_view rest() const { return {at_, static_cast<std::size_t>(end_ - at_)}; }
    /// Whether, after whitespace, the cursor is at `position`.
    bool reached(const char* position) {
        skip_whitespace();
        return at_ == position;
    }
    /// Goes on from `position`, a later position in the same text (where
    /// another cursor over the rest of it stopped).
    void resume_at(const char* position) { at_ = position; }

    // The calls a plan of millions of operations makes for every field are
    // defined here, inline: as calls into another file they took a third of
    // the reading time.

    /// Consumes `symbol` ('{', '}', '[', ']', ':', ',') after whitespace; throws when it is not
    /// next.
    void expect(char symbol) {
        if (!take(symbol)) throw OutsidePlainJson{};
    }
    /// Consumes `symbol` after whitespace when it is next.
    bool take(char symbol) {
        skip_whitespace();
        if (at_ == end_ || *at_ != symbol) return false;
        ++at_;
        return true;
    }
    /// After '{' or an element: true and the next key (and its ':') when another
    /// field follows, false and the '}' when the object ends.
    bool next_key(bool first, std::string_view& key) {
        if (take('}')) return false;
        if (!first) expect(',');
        key = string();
        expect(':');
        return true;
    }
    /// After '[' or an element: true when another element follows, false and the ']' when the array
    /// ends.
    bool next_element(bool first) {
        if (take(']')) return false;
        if (!first) expect(',');
        return true;
    }
    std::string_view string() {
        expect('"');
        const char* start = at_;
        while (at_ != end_ && *at_ != '"') {
            const auto byte = static_cast<unsigned char>(*at_);
            if (byte < 0x20 || byte >= 0x80 || byte == '\\') throw OutsidePlainJson{};
            ++at_;
        }
        if (at_ == end_) throw OutsidePlainJson{};
        return {start, static_cast<std::size_t>(at_++ - start)};
    }
    std::int64_t integer() {
        skip_whitespace();
        const char* start = at_;
        std::int64_t value = 0;
        while (at_ != end_ && *at_ >= '0' && *at_ <= '9') {
            // A 19th digit could overflow: the document reader decides such numbers.
            if (at_ - start == 18) throw OutsidePlainJson{};
            value = value * 10 + (*at_++ - '0');
        }
        const std::ptrdiff_t digits = at_ - start;
        if (digits == 0 || (digits > 1 && *start == '0')) throw OutsidePlainJson{};
        if (at_ != end_ && (*at_ == '.' || *at_ == 'e' || *at_ == 'E')) throw OutsidePlainJson{};
        return value;
    }
    bool boolean();
    /// A string, integer, true, false or null, read and dropped.
    void scalar();
    /// Only whitespace is left.
    void finish();

  private:
    void skip_whitespace() {
        while (at_ != end_ && (*at_ == ' ' || *at_ == '\n' || *at_ == '\r' || *at_ == '\t')) ++at_;
    }
    bool literal(std::string_view word);

    const char* at_;
    const char* end_;
};

}  // namespace trivcheck
