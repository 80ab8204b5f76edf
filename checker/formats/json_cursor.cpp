#include "checker/formats/json_cursor.hpp"

namespace trivcheck {

void JsonCursor::skip_whitespace() {
    while (at_ != end_ && (*at_ == ' ' || *at_ == '\n' || *at_ == '\r' || *at_ == '\t')) ++at_;
}

bool JsonCursor::take(char symbol) {
    skip_whitespace();
    if (at_ == end_ || *at_ != symbol) return false;
    ++at_;
    return true;
}

void JsonCursor::expect(char symbol) {
    if (!take(symbol)) throw OutsidePlainJson{};
}

bool JsonCursor::next_key(bool first, std::string_view& key) {
    if (take('}')) return false;
    if (!first) expect(',');
    key = string();
    expect(':');
    return true;
}

bool JsonCursor::next_element(bool first) {
    if (take(']')) return false;
    if (!first) expect(',');
    return true;
}

std::string_view JsonCursor::string() {
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

std::int64_t JsonCursor::integer() {
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

bool JsonCursor::literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - at_) < word.size() ||
        std::string_view(at_, word.size()) != word)
        return false;
    at_ += word.size();
    return true;
}

bool JsonCursor::boolean() {
    skip_whitespace();
    if (literal("true")) return true;
    if (literal("false")) return false;
    throw OutsidePlainJson{};
}

void JsonCursor::scalar() {
    skip_whitespace();
    if (at_ == end_) throw OutsidePlainJson{};
    if (*at_ == '"') {
        string();
    } else if (*at_ >= '0' && *at_ <= '9') {
        integer();
    } else if (!literal("true") && !literal("false") && !literal("null")) {
        throw OutsidePlainJson{};
    }
}

void JsonCursor::finish() {
    skip_whitespace();
    if (at_ != end_) throw OutsidePlainJson{};
}

}  // namespace trivcheck
