#pragma once
#include <string_view>
#include <utility>
#include <vector>

namespace trivcheck {

/// A start tag as the scanner found it: attribute names and values are views
/// into the scanned text, in file order.
struct PlainXmlTag {
    std::string_view name;
    std::vector<std::pair<std::string_view, std::string_view>> attributes;
};

/// Reads, element by element and without building a tree, the plain XML that
/// tools write: elements with ASCII names, attributes written `name="value"`
/// with no entity, '<', tab, line break or NUL in the value, whitespace and
/// comments (without NUL) between elements. For such a text pugixml
/// (parse_default) builds the same elements with the same attributes;
/// anything else (text, CDATA, a declaration, a BOM, single quotes, a
/// mismatched tag, ...) ends the scan as `unsupported`, and the caller reads
/// the file with pugixml instead, which accepts it or names what is wrong.
class PlainXmlScanner {
  public:
    enum class Event { start, end, finished, unsupported };

    explicit PlainXmlScanner(std::string_view text) : text_(text) {}
    /// A scan that starts inside the elements `open` (outermost first), as
    /// at that point of a longer text whose root is open[0]: `text` is the
    /// rest of that text.
    PlainXmlScanner(std::string_view text, std::vector<std::string_view> open)
        : text_(text), open_(std::move(open)), root_seen_(!open_.empty()) {}

    /// The next event: `start` fills `tag`; `end` closes the innermost open
    /// element (a self-closing tag gives `start` then `end`); `finished`
    /// after the root element and nothing but whitespace and comments.
    Event next(PlainXmlTag& tag);

    /// The text not scanned yet; empty while the last start tag closes itself
    /// (its `end` comes first). A caller that reads elements of its own from
    /// it (self-closing ones, whole, with the space before them) moves past
    /// them with `consume`.
    std::string_view unread() const {
        return closes_itself_ ? std::string_view{} : text_.substr(position_);
    }
    void consume(std::size_t characters) { position_ += characters; }
    /// Characters scanned so far.
    std::size_t position() const { return position_; }

  private:
    /// Skips whitespace and comments; false on an unterminated comment.
    bool skip_space_and_comments();
    /// A name at the position, or empty when none starts there.
    std::string_view name();
    Event start_tag(PlainXmlTag& tag);
    const char* at(std::size_t position) const { return text_.data() + position; }
    const char* end() const { return text_.data() + text_.size(); }
    Event end_tag();

    std::string_view text_;
    std::size_t position_ = 0;
    std::vector<std::string_view> open_;
    bool closes_itself_ = false;
    bool root_seen_ = false;
};

}  // namespace trivcheck
