#pragma once
#include <array>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "checker/formats/same_text.hpp"

namespace trivcheck {

/// `value` as a whole decimal integer, as std::from_chars reads one (digits
/// after an optional '-'); nothing when it is not one or does not fit.
inline std::optional<std::int64_t> whole_integer(std::string_view value) {
    const bool negative = !value.empty() && value.front() == '-';
    const std::string_view digits = value.substr(negative ? 1 : 0);
    // Up to 18 digits fit in an int64_t: read them here, the rest with from_chars.
    if (!digits.empty() && digits.size() <= 18) {
        std::int64_t number = 0;
        for (const char digit : digits) {
            if (digit < '0' || digit > '9') return std::nullopt;
            number = number * 10 + (digit - '0');
        }
        return negative ? -number : number;
    }
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || error != std::errc() || end != value.data() + value.size())
        return std::nullopt;
    return number;
}

/// Whether RCCL reads `value` otherwise than as a decimal: its parser reads
/// integers with strtol base 0 (mscclXmlGetAttrInt, msccl_parser.h), so a
/// leading 0 makes the rest octal ("010" is 8) and 0x hexadecimal.
inline bool relies_on_base0(std::string_view value) {
    if (!value.empty() && value.front() == '-') value.remove_prefix(1);
    return value.size() > 1 && value.front() == '0';
}

/// `value` as strtol base 0 reads it: leading white space and a sign, 0x
/// hexadecimal, 0 octal, the digits up to the first that is not one ("12abc"
/// is 12, "abc" 0); nothing when it does not fit (strtol would clamp).
std::optional<std::int64_t> base0_integer(std::string_view value);

/// Where an element is, as positions among its kind counted from 0 (-1: not
/// part of the path); spelled only when an error needs it.
struct ElementPath {
    int gpu = -1;
    int thread_block = -1;
    int step = -1;

    std::string text() const {
        if (gpu < 0) return "algo";
        std::string path = "gpu[" + std::to_string(gpu) + "]";
        if (thread_block >= 0) path += "/tb[" + std::to_string(thread_block) + "]";
        if (step >= 0) path += "/step[" + std::to_string(step) + "]";
        return path;
    }
};

/// Throws InputError at `path` of `file` (and `attribute`, when given).
[[noreturn]] void fail_at(const std::string& file, ElementPath path, const std::string& attribute,
                          const std::string& expected);

/// The attributes an element of one kind may have (at most ten), in the
/// order files usually write them; made once per kind, not per element.
class AttributeNames {
  public:
    constexpr AttributeNames(std::initializer_list<std::string_view> names) {
        for (const std::string_view name : names) names_[count_++] = name;
    }

    int size() const { return count_; }
    std::string_view operator[](int index) const { return names_[index]; }
    /// The index of `name`, trying `likely` first; -1 when it is not one of them.
    int find(std::string_view name, int likely) const {
        if (likely < count_ && same_text(names_[likely], name)) return likely;
        for (int index = 0; index < count_; ++index)
            if (same_text(names_[index], name)) return index;
        return -1;
    }

    static constexpr int most = 10;

  private:
    std::array<std::string_view, most> names_{};
    int count_ = 0;
};

/// Warnings of a lenient reading (docs/msccl.md, Reading): what it ignored,
/// or read otherwise than written. A file that writes one extra attribute on
/// every step gets one warning, which counts the other elements.
class ReadingWarnings {
  public:
    explicit ReadingWarnings(const std::string& file) : file_(file) {}

    /// A warning about the element at `path`; warnings of the same `kind`
    /// after the first are only counted.
    void add(const std::string& kind, ElementPath path, const std::string& text);
    /// The warnings, in the order of their first element, each naming the file.
    std::vector<std::string> lines() const;

  private:
    struct Entry {
        std::string text;
        int more = 0;
    };
    const std::string& file_;
    std::vector<Entry> entries_;
    std::map<std::string, std::size_t> by_kind_;
};

/// The attributes of one element of an XML file, with errors that name the
/// element by its path (`gpu[3]/tb[5]/step[12]@dstoff`). The attributes are
/// given one by one (`add`), from a pugixml node or from PlainXmlScanner; the
/// values are views, valid as long as the text they were read from.
class ElementReader {
  public:
    /// A reader that only names the element in errors.
    ElementReader(const std::string& file, ElementPath path);
    /// A reader of the attributes in `known` (which must outlive it), given by `add`.
    ElementReader(const std::string& file, ElementPath path, const AttributeNames& known)
        : file_(file), path_(path), known_(&known) {}

    /// The next attribute of the element; refuses one not known or given
    /// twice, or, once ignore_unknown() was called, keeps its name aside
    /// (ignored()) and the first value of one given twice.
    void add(std::string_view name, std::string_view value) {
        const int index = known_->find(name, added_);
        if (index < 0 || values_[index].data() != nullptr) {
            if (!lenient_) refuse(name);
            ignored_ += (ignored_.empty() ? "" : ", ") + std::string(name) +
                        (index < 0 ? "" : " (given twice; the first kept)");
            return;
        }
        values_[index] = value.data() != nullptr ? value : std::string_view("", 0);
        ++added_;
    }

    /// Throws InputError at this element's path (and `attribute`, when given).
    [[noreturn]] void fail(const std::string& attribute, const std::string& expected) const {
        fail_at(file_, path_, attribute, expected);
    }
    std::string path() const { return path_.text(); }
    ElementPath element_path() const { return path_; }

    /// Attributes not known, or given twice, are set aside instead of refused.
    void ignore_unknown() { lenient_ = true; }
    /// The attributes set aside, comma separated; empty when none.
    const std::string& ignored() const { return ignored_; }

    bool has(std::string_view name) const { return value(name).data() != nullptr; }

    std::string_view text(std::string_view name) const {
        const std::string_view found = value(name);
        if (found.data() == nullptr) fail("", "missing attribute " + std::string(name));
        return found;
    }

    /// Attribute `name` as an integer in [least, most], or an InputError saying why not.
    std::int64_t integer(std::string_view name, std::int64_t least, std::int64_t most) const {
        const std::optional<std::int64_t> number = whole_integer(value(name));
        // RCCL reads a leading 0 as octal, and a value that is not a whole
        // decimal up to its first non-digit; a lenient reading does the same.
        if (relies_on_base0(value(name)) || (!number && lenient_ && has(name)))
            return base0_attribute(name, least, most);
        if (!number || *number < least || *number > most) refuse_integer(name, least, most);
        return *number;
    }

    int small(std::string_view name, std::int64_t least, std::int64_t most) const {
        return static_cast<int>(integer(name, least, most));
    }

    bool flag(std::string_view name) const { return small(name, 0, 1) == 1; }

    /// What a lenient reading read in base 0 (the first such attribute, with
    /// its value and its reading); empty when nothing.
    const std::string& base0_note() const { return base0_note_; }

  private:
    /// integer() of a value RCCL reads in base 0: refused when not lenient
    /// (--strict), else read so and noted (base0_note).
    std::int64_t base0_attribute(std::string_view name, std::int64_t least,
                                 std::int64_t most) const;
    /// Why integer() refused attribute `name`: missing, not an integer, or out of range.
    [[noreturn]] void refuse_integer(std::string_view name, std::int64_t least,
                                     std::int64_t most) const;
    /// Why `add` refused attribute `name`: unknown, or given twice.
    [[noreturn]] void refuse(std::string_view name) const;

    /// The value of attribute `name`; a null view when the element has none.
    std::string_view value(std::string_view name) const {
        // Callers name attributes with the literals of the known list: the
        // same pointer, usually, before the same characters; and they ask
        // for them in the order of the list, usually: the next one first.
        const AttributeNames& known = *known_;
        if (next_asked_ < known.size() && known[next_asked_].data() == name.data())
            return values_[next_asked_++];
        for (int entry = 0; entry < known.size(); ++entry)
            if (known[entry].data() == name.data()) {
                next_asked_ = entry + 1;
                return values_[entry];
            }
        for (int entry = 0; entry < known.size(); ++entry)
            if (known[entry] == name) return values_[entry];
        return {};
    }

    const std::string& file_;
    ElementPath path_;
    const AttributeNames* known_;
    std::array<std::string_view, AttributeNames::most> values_{};
    int added_ = 0;
    mutable int next_asked_ = 0;  // where value() looks first
    bool lenient_ = false;
    std::string ignored_;
    mutable std::string base0_note_;
};

/// Gives `reader` the attributes of `node`, in file order. With `warnings`,
/// attributes the reader does not know are ignored, with a warning naming
/// them (kind: the element's name and those attributes).
void add_attributes(ElementReader& reader, pugi::xml_node node,
                    ReadingWarnings* warnings = nullptr);

/// The element children of `node` named `child` (none: `child` empty). Text
/// is refused; so are other elements, or, with `warnings`, they are ignored
/// with a warning, as RCCL's parser ignores elements it does not read.
std::vector<pugi::xml_node> children(const ElementReader& reader, pugi::xml_node node,
                                     const char* child, ReadingWarnings* warnings = nullptr);

}  // namespace trivcheck
