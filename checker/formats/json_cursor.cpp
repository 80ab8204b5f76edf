#include "checker/formats/json_cursor.hpp"

namespace trivcheck {

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
