#include "checker/formats/xml_element_reader.hpp"

#include <algorithm>
#include <cstring>
#include <optional>

#include "checker/core/input_error.hpp"

namespace trivcheck {

namespace {

/// The names of an element that has no attributes to read.
constexpr AttributeNames no_attributes{};

}  // namespace

void fail_at(const std::string& file, ElementPath path, const std::string& attribute,
             const std::string& expected) {
    throw InputError(file, path.text() + (attribute.empty() ? "" : "@" + attribute), expected);
}

ElementReader::ElementReader(const std::string& file, ElementPath path)
    : ElementReader(file, path, no_attributes) {}

void ElementReader::refuse(std::string_view name) const {
    if (known_->find(name, 0) >= 0) fail(std::string(name), "given twice");
    std::string expected;
    for (int entry = 0; entry < known_->size(); ++entry)
        expected += (expected.empty() ? "" : ", ") + std::string((*known_)[entry]);
    fail(std::string(name), "unknown attribute (expected " + expected + ")");
}

void add_attributes(ElementReader& reader, pugi::xml_node node) {
    for (pugi::xml_attribute attribute : node.attributes())
        reader.add(attribute.name(), attribute.value());
}

void ElementReader::refuse_integer(std::string_view name, std::int64_t least,
                                   std::int64_t most) const {
    const std::string_view value = text(name);
    const std::optional<std::int64_t> number = whole_integer(value);
    if (!number) fail(std::string(name), "expected an integer, got \"" + std::string(value) + "\"");
    fail(std::string(name), std::string(value) + " is out of range [" + std::to_string(least) +
                                ", " + std::to_string(most) + "]");
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
