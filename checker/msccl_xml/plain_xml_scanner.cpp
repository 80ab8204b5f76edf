#include "checker/msccl_xml/plain_xml_scanner.hpp"

#include <array>
#include <cstring>

namespace trivcheck {

namespace {

/// Character classes, one table look-up per character of a large file.
enum CharacterClass : unsigned char {
    space = 1,
    name_start = 2,
    name_part = 4,
    plain_value = 8,  // kept as is by pugixml in an attribute value (not '"')
};

constexpr std::array<unsigned char, 256> character_classes = [] {
    std::array<unsigned char, 256> classes{};
    for (int c = 0; c < 256; ++c) {
        const bool letter =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
        const bool digit = (c >= '0' && c <= '9') || c == '-' || c == '.';
        unsigned char entry = 0;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') entry |= space;
        if (letter) entry |= name_start | name_part;
        if (digit) entry |= name_part;
        if (c != '&' && c != '<' && c != '"' && c != '\t' && c != '\n' && c != '\r' && c != 0)
            entry |= plain_value;
        classes[c] = entry;
    }
    return classes;
}();

bool is(char c, CharacterClass wanted) {
    return (character_classes[static_cast<unsigned char>(c)] & wanted) != 0;
}

/// The first character from `from` on, before `end`, not of class `kind`.
const char* skip(const char* from, const char* end, CharacterClass kind) {
    while (from != end && is(*from, kind)) ++from;
    return from;
}

/// The end of the name starting at `from`; `from` itself when none starts there.
const char* skip_name(const char* from, const char* end) {
    if (from == end || !is(*from, name_start)) return from;
    return skip(from + 1, end, name_part);
}

}  // namespace

bool PlainXmlScanner::skip_space_and_comments() {
    for (;;) {
        const char* const after_space = skip(at(position_), end(), space);
        position_ = static_cast<std::size_t>(after_space - text_.data());
        if (end() - after_space < 4 || std::memcmp(after_space, "<!--", 4) != 0) return true;
        const std::size_t end = text_.find("-->", position_ + 4);
        if (end == std::string_view::npos) return false;
        // pugixml ends its scan of a comment at a NUL and refuses the comment.
        if (text_.substr(position_, end - position_).find('\0') != std::string_view::npos)
            return false;
        position_ = end + 3;
    }
}

std::string_view PlainXmlScanner::name() {
    const std::size_t begin = position_;
    position_ = static_cast<std::size_t>(skip_name(at(begin), end()) - text_.data());
    return text_.substr(begin, position_ - begin);
}

PlainXmlScanner::Event PlainXmlScanner::next(PlainXmlTag& tag) {
    if (closes_itself_) {
        closes_itself_ = false;
        open_.pop_back();
        return Event::end;
    }
    if (!skip_space_and_comments()) return Event::unsupported;
    if (open_.empty() && root_seen_)
        return position_ == text_.size() ? Event::finished : Event::unsupported;
    if (position_ + 1 >= text_.size() || text_[position_] != '<') return Event::unsupported;
    ++position_;
    if (text_[position_] == '/') {
        ++position_;
        return end_tag();
    }
    return start_tag(tag);
}

PlainXmlScanner::Event PlainXmlScanner::start_tag(PlainXmlTag& tag) {
    const char* const end = this->end();
    const char* cursor = skip_name(at(position_), end);
    if (cursor == at(position_)) return Event::unsupported;
    tag.name = std::string_view(at(position_), static_cast<std::size_t>(cursor - at(position_)));
    tag.attributes.clear();
    for (;;) {
        const char* const before_space = cursor;
        cursor = skip(cursor, end, space);
        if (cursor == end) return Event::unsupported;
        if (*cursor == '>' || *cursor == '/') break;
        if (cursor == before_space) return Event::unsupported;  // attributes need space between
        const char* const name_end = skip_name(cursor, end);
        if (name_end == cursor || end - name_end < 2 || name_end[0] != '=' || name_end[1] != '"')
            return Event::unsupported;
        const char* const value = name_end + 2;
        const char* const value_end = skip(value, end, plain_value);
        if (value_end == end || *value_end != '"') return Event::unsupported;
        tag.attributes.emplace_back(
            std::string_view(cursor, static_cast<std::size_t>(name_end - cursor)),
            std::string_view(value, static_cast<std::size_t>(value_end - value)));
        cursor = value_end + 1;  // past the closing quote
    }
    if (*cursor == '/') {
        if (end - cursor < 2 || cursor[1] != '>') return Event::unsupported;
        closes_itself_ = true;
        ++cursor;
    }
    position_ = static_cast<std::size_t>(cursor + 1 - text_.data());  // past '>'
    open_.push_back(tag.name);
    root_seen_ = true;
    return Event::start;
}

PlainXmlScanner::Event PlainXmlScanner::end_tag() {
    const std::string_view closed = name();
    if (open_.empty() || closed != open_.back() || position_ >= text_.size() ||
        text_[position_] != '>')
        return Event::unsupported;
    ++position_;
    open_.pop_back();
    return Event::end;
}

}  // namespace trivcheck
