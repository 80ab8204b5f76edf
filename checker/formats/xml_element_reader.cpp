#include "checker/formats/xml_element_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "checker/core/input_error.hpp"

namespace trivcheck {

ElementReader::ElementReader(const std::string& file, ElementPath path,
                             std::initializer_list<std::string_view> known)
    : file_(file), path_(path) {
    for (const std::string_view entry : known) known_[known_count_++] = entry;
}

void ElementReader::add(std::string_view name, std::string_view value) {
    int index = -1;
    // Files write the attributes in one order: try the next one first.
    if (added_ < known_count_ && known_[added_] == name) index = added_;
    for (int entry = 0; entry < known_count_ && index < 0; ++entry)
        if (known_[entry] == name) index = entry;
    if (index < 0) {
        std::string expected;
        for (int entry = 0; entry < known_count_; ++entry)
            expected += (expected.empty() ? "" : ", ") + std::string(known_[entry]);
        fail(std::string(name), "unknown attribute (expected " + expected + ")");
    }
    if (values_[index].data() != nullptr) fail(std::string(name), "given twice");
    values_[index] = value.data() != nullptr ? value : std::string_view("", 0);
    ++added_;
}

void add_attributes(ElementReader& reader, pugi::xml_node node) {
    for (pugi::xml_attribute attribute : node.attributes())
        reader.add(attribute.name(), attribute.value());
}

void ElementReader::fail(const std::string& attribute, const std::string& expected) const {
    throw InputError(file_, path() + (attribute.empty() ? "" : "@" + attribute), expected);
}

std::int64_t ElementReader::integer(std::string_view name, std::int64_t least,
                                    std::int64_t most) const {
    const std::string_view value = text(name);
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || error != std::errc() || end != value.data() + value.size())
        fail(std::string(name), "expected an integer, got \"" + std::string(value) + "\"");
    if (number < least || number > most)
        fail(std::string(name), std::string(value) + " is out of range [" + std::to_string(least) +
                                    ", " + std::to_string(most) + "]");
    return number;
}

/// The element children of `node`, refusing text and elements not named `child`.
std::vector<pugi::xml_node> children(const ElementReader& reader, pugi::xml_node node,
                                     const char* child) {
    std::vector<pugi::xml_node> found;
    for (pugi::xml_node entry : node.children()) {
        if (entry.type() == pugi::node_element && std::strcmp(entry.name(), child) == 0) {
            found.push_back(entry);
            continue;
        }
        if (entry.type() == pugi::node_comment || entry.type() == pugi::node_declaration) continue;
        reader.fail("", entry.type() == pugi::node_element
                            ? "unexpected element <" + std::string(entry.name()) + "> (expected <" +
                                  child + ">)"
                            : "unexpected text (expected <" + std::string(child) + "> elements)");
    }
    return found;
}
}  // namespace trivcheck
