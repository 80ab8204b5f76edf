#include "checker/msccl_xml/xml_element_reader.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
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

void ReadingWarnings::add(const std::string& kind, ElementPath path, const std::string& text) {
    const auto [found, inserted] = by_kind_.try_emplace(kind, entries_.size());
    if (inserted)
        entries_.push_back({path.text() + ": " + text});
    else
        ++entries_[found->second].more;
}

std::vector<std::string> ReadingWarnings::lines() const {
    std::vector<std::string> lines;
    for (const Entry& entry : entries_)
        lines.push_back(file_ + ": " + entry.text +
                        (entry.more == 0
                             ? ""
                             : " (and " + std::to_string(entry.more) + " more elements like it)"));
    return lines;
}

void add_attributes(ElementReader& reader, pugi::xml_node node, ReadingWarnings* warnings) {
    if (warnings) reader.ignore_unknown();
    for (pugi::xml_attribute attribute : node.attributes())
        reader.add(attribute.name(), attribute.value());
    if (warnings && !reader.ignored().empty())
        warnings->add(std::string("attributes <") + node.name() + "> " + reader.ignored(),
                      reader.element_path(),
                      (reader.ignored().find(", ") == std::string::npos ? "ignored attribute "
                                                                        : "ignored attributes ") +
                          reader.ignored() + " of <" + node.name() +
                          "> (RCCL's parser reads only the attributes it needs)");
}

std::optional<std::int64_t> base0_integer(std::string_view value) {
    // strtol(str, NULL, 0): white space, a sign, 0x (then hexadecimal) or 0
    // (then octal), and the digits up to the first that is not one; no
    // digits at all read as 0.
    while (!value.empty() && std::isspace(static_cast<unsigned char>(value.front())))
        value.remove_prefix(1);
    const bool negative = !value.empty() && value.front() == '-';
    if (!value.empty() && (value.front() == '-' || value.front() == '+')) value.remove_prefix(1);
    int base = 10;
    if (value.size() > 2 && value[0] == '0' && (value[1] == 'x' || value[1] == 'X') &&
        std::isxdigit(static_cast<unsigned char>(value[2]))) {
        base = 16;
        value.remove_prefix(2);
    } else if (!value.empty() && value[0] == '0') {
        base = 8;
    }
    std::int64_t number = 0;
    const auto [end, error] =
        std::from_chars(value.data(), value.data() + value.size(), number, base);
    if (error == std::errc::result_out_of_range) return std::nullopt;  // strtol clamps: refused
    if (error != std::errc()) return 0;
    return negative ? -number : number;
}

std::int64_t ElementReader::base0_attribute(std::string_view name, std::int64_t least,
                                            std::int64_t most) const {
    const std::string_view written = value(name);
    const std::optional<std::int64_t> number = base0_integer(written);
    if (!number)
        fail(std::string(name), "expected an integer, got \"" + std::string(written) + "\"");
    if (*number < least || *number > most)
        fail(std::string(name), "\"" + std::string(written) + "\" (" + std::to_string(*number) +
                                    " as RCCL reads it) is out of range [" + std::to_string(least) +
                                    ", " + std::to_string(most) + "]");
    const std::optional<std::int64_t> decimal = whole_integer(written);
    if (decimal == number) return *number;  // "007": the same either way
    const std::string reading = "\"" + std::string(written) + "\" is " + std::to_string(*number) +
                                " as RCCL reads it (strtol base 0: a leading 0 is octal, 0x "
                                "hexadecimal, reading stops at the first character that is not "
                                "a digit; mscclXmlGetAttrInt, msccl_parser.h)";
    if (!lenient_) fail(std::string(name), reading + "; --strict refuses a number read so");
    if (base0_note_.empty()) base0_note_ = "@" + std::string(name) + ": " + reading;
    return *number;
}

void ElementReader::refuse_integer(std::string_view name, std::int64_t least,
                                   std::int64_t most) const {
    const std::string_view value = text(name);
    const std::optional<std::int64_t> number = whole_integer(value);
    if (!number) fail(std::string(name), "expected an integer, got \"" + std::string(value) + "\"");
    fail(std::string(name), std::string(value) + " is out of range [" + std::to_string(least) +
                                ", " + std::to_string(most) + "]");
}

std::vector<pugi::xml_node> children(const ElementReader& reader, pugi::xml_node node,
                                     const char* child, ReadingWarnings* warnings) {
    const std::string expected = *child == '\0'
                                     ? "nothing inside <" + std::string(node.name()) + ">"
                                     : "<" + std::string(child) + ">";
    std::vector<pugi::xml_node> found;
    for (pugi::xml_node entry : node.children()) {
        if (entry.type() == pugi::node_element && *child != '\0' &&
            std::strcmp(entry.name(), child) == 0) {
            found.push_back(entry);
            continue;
        }
        if (entry.type() == pugi::node_comment || entry.type() == pugi::node_declaration) continue;
        if (entry.type() == pugi::node_element && warnings) {
            warnings->add(std::string("element <") + node.name() + "><" + entry.name() + ">",
                          reader.element_path(),
                          "ignored element <" + std::string(entry.name()) + "> inside <" +
                              node.name() + "> (RCCL's parser skips elements it does not read)");
            continue;
        }
        if (entry.type() == pugi::node_element)
            reader.fail("", "unexpected element <" + std::string(entry.name()) + "> (expected " +
                                expected + ")");
        reader.fail("", "unexpected text (expected " + expected + (*child ? " elements" : "") +
                            ")" + (warnings ? "; RCCL: XML parse error, expecting '<'" : ""));
    }
    return found;
}
}  // namespace trivcheck
