#include "checker/formats/xml_element_reader.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>

#include "checker/core/input_error.hpp"

namespace trivcheck {

ElementReader::ElementReader(const std::string& file, pugi::xml_node node, ElementPath path,
                             std::initializer_list<const char*> known)
    : file_(file), node_(node), path_(path) {
    for (const char* entry : known) known_[known_count_++] = entry;
    int position = 0;
    for (pugi::xml_attribute attribute : node.attributes()) {
        const char* name = attribute.name();
        int index = -1;
        // Files write the attributes in one order: try the next one first.
        if (position < known_count_ && std::strcmp(name, known_[position]) == 0) index = position;
        for (int entry = 0; entry < known_count_ && index < 0; ++entry)
            if (std::strcmp(name, known_[entry]) == 0) index = entry;
        if (index < 0) {
            std::string expected;
            for (const char* entry : known)
                expected += (expected.empty() ? "" : ", ") + std::string(entry);
            fail(name, "unknown attribute (expected " + expected + ")");
        }
        if (values_[index]) fail(name, "given twice");
        values_[index] = attribute.value();
        ++position;
    }
}

void ElementReader::fail(const std::string& attribute, const std::string& expected) const {
    throw InputError(file_, path() + (attribute.empty() ? "" : "@" + attribute), expected);
}

std::int64_t ElementReader::integer(const char* name, std::int64_t least, std::int64_t most) const {
    const std::string_view value = text(name);
    std::int64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (value.empty() || error != std::errc() || end != value.data() + value.size())
        fail(name, "expected an integer, got \"" + std::string(value) + "\"");
    if (number < least || number > most)
        fail(name, std::string(value) + " is out of range [" + std::to_string(least) + ", " +
                       std::to_string(most) + "]");
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
