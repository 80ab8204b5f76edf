#pragma once
#include <array>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <pugixml.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace trivcheck {

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

/// The attributes of one element of an XML file, with errors that name the
/// element by its path (`gpu[3]/tb[5]/step[12]@dstoff`). The attributes are
/// given one by one (`add`), from a pugixml node or from PlainXmlScanner; the
/// values are views, valid as long as the text they were read from.
class ElementReader {
  public:
    /// A reader that only names the element in errors.
    ElementReader(const std::string& file, ElementPath path) : file_(file), path_(path) {}
    /// A reader of the attributes in `known` (at most ten), given by `add`.
    ElementReader(const std::string& file, ElementPath path,
                  std::initializer_list<std::string_view> known);

    /// The next attribute of the element; refuses one not known or given twice.
    void add(std::string_view name, std::string_view value);

    /// Throws InputError at this element's path (and `attribute`, when given).
    [[noreturn]] void fail(const std::string& attribute, const std::string& expected) const;
    std::string path() const { return path_.text(); }

    bool has(std::string_view name) const { return value(name).data() != nullptr; }

    std::string_view text(std::string_view name) const {
        const std::string_view found = value(name);
        if (found.data() == nullptr) fail("", "missing attribute " + std::string(name));
        return found;
    }

    /// Attribute `name` as an integer in [least, most], or an InputError saying why not.
    std::int64_t integer(std::string_view name, std::int64_t least, std::int64_t most) const;

    int small(std::string_view name, std::int64_t least, std::int64_t most) const {
        return static_cast<int>(integer(name, least, most));
    }

    bool flag(std::string_view name) const { return small(name, 0, 1) == 1; }

  private:
    /// The value of attribute `name`; a null view when the element has none.
    std::string_view value(std::string_view name) const {
        // Callers name attributes with the literals of the known list: the
        // same pointer, usually, before the same characters.
        for (int entry = 0; entry < known_count_; ++entry)
            if (known_[entry].data() == name.data()) return values_[entry];
        for (int entry = 0; entry < known_count_; ++entry)
            if (known_[entry] == name) return values_[entry];
        return {};
    }

    static constexpr int most_known = 10;
    const std::string& file_;
    ElementPath path_;
    std::array<std::string_view, most_known> known_{};
    std::array<std::string_view, most_known> values_{};
    int known_count_ = 0;
    int added_ = 0;
};

/// Gives `reader` the attributes of `node`, in file order.
void add_attributes(ElementReader& reader, pugi::xml_node node);

/// The element children of `node`, refusing text and elements not named `child`.
std::vector<pugi::xml_node> children(const ElementReader& reader, pugi::xml_node node,
                                     const char* child);

}  // namespace trivcheck
