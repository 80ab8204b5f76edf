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
/// element by its path (`gpu[3]/tb[5]/step[12]@dstoff`).
class ElementReader {
  public:
    /// A reader of an element whose attributes were checked already.
    ElementReader(const std::string& file, pugi::xml_node node, ElementPath path)
        : file_(file), node_(node), path_(path) {}
    /// Reads the attributes of `node` in one pass, refusing any not in `known`.
    ElementReader(const std::string& file, pugi::xml_node node, ElementPath path,
                  std::initializer_list<const char*> known);

    /// Throws InputError at this element's path (and `attribute`, when given).
    [[noreturn]] void fail(const std::string& attribute, const std::string& expected) const;
    std::string path() const { return path_.text(); }

    bool has(const char* name) const { return value(name) != nullptr; }

    std::string_view text(const char* name) const {
        const char* found = value(name);
        if (!found) fail("", std::string("missing attribute ") + name);
        return found;
    }

    /// Attribute `name` as an integer in [least, most], or an InputError saying why not.
    std::int64_t integer(const char* name, std::int64_t least, std::int64_t most) const;

    int small(const char* name, std::int64_t least, std::int64_t most) const {
        return static_cast<int>(integer(name, least, most));
    }

    bool flag(const char* name) const { return small(name, 0, 1) == 1; }

  private:
    /// The value of attribute `name`, or null when the element has none.
    const char* value(const char* name) const {
        for (int entry = 0; entry < known_count_; ++entry)
            if (known_[entry] == name || std::strcmp(known_[entry], name) == 0)
                return values_[entry];
        const pugi::xml_attribute attribute = node_.attribute(name);
        return attribute.empty() ? nullptr : attribute.value();
    }

    static constexpr int most_known = 10;
    const std::string& file_;
    pugi::xml_node node_;
    ElementPath path_;
    std::array<const char*, most_known> known_{};
    std::array<const char*, most_known> values_{};
    int known_count_ = 0;
};

/// The element children of `node`, refusing text and elements not named `child`.
std::vector<pugi::xml_node> children(const ElementReader& reader, pugi::xml_node node,
                                     const char* child);

}  // namespace trivcheck
