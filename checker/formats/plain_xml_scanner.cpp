#include "checker/formats/plain_xml_scanner.hpp"

#include <array>

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

}  // namespace

bool PlainXmlScanner::skip_space_and_comments() {
    for (;;) {
        while (position_ < text_.size() && is(text_[position_], space)) ++position_;
        if (text_.substr(position_, 4) != "<!--") return true;
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
    if (position_ >= text_.size() || !is(text_[position_], name_start)) return {};
    while (position_ < text_.size() && is(text_[position_], name_part)) ++position_;
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
    tag.name = name();
    if (tag.name.empty()) return Event::unsupported;
    tag.attributes.clear();
    for (;;) {
        const std::size_t before_space = position_;
        while (position_ < text_.size() && is(text_[position_], space)) ++position_;
        if (position_ >= text_.size()) return Event::unsupported;
        if (text_[position_] == '>' || text_[position_] == '/') break;
        if (position_ == before_space) return Event::unsupported;  // attributes need space between
        const std::string_view attribute = name();
        if (attribute.empty() || text_.substr(position_, 2) != "=\"") return Event::unsupported;
        position_ += 2;
        const std::size_t value_begin = position_;
        while (position_ < text_.size() && is(text_[position_], plain_value)) ++position_;
        if (position_ >= text_.size() || text_[position_] != '"') return Event::unsupported;
        tag.attributes.emplace_back(attribute, text_.substr(value_begin, position_ - value_begin));
        ++position_;  // the closing quote
    }
    if (text_[position_] == '/') {
        if (text_.substr(position_, 2) != "/>") return Event::unsupported;
        closes_itself_ = true;
        ++position_;
    }
    ++position_;  // '>'
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
