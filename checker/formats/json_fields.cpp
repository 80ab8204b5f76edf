#include "checker/formats/json_fields.hpp"

#include <algorithm>
#include <climits>
#include <utility>

#include "checker/core/input_error.hpp"
#include "checker/formats/json_text.hpp"

namespace trivcheck::json_fields {

using json = nlohmann::json;

std::string JsonPath::text() const {
    if (parent == nullptr) return "";
    std::string prefix = parent->text();
    if (is_index) return prefix + "[" + std::to_string(index) + "]";
    return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
}

std::string describe(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::boolean:
            return value.get<bool>() ? "true" : "false";
        case json::value_t::string: {
            std::string text = json_text(value);
            constexpr std::size_t kLimit = 40;
            if (text.size() > kLimit) {
                // Cut at a character boundary, not inside a UTF-8 sequence.
                std::size_t cut = kLimit;
                while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
                text = text.substr(0, cut) + "...\"";
            }
            return "string " + text;
        }
        case json::value_t::array:
            return "an array";
        case json::value_t::object:
            return "an object";
        default:
            return json_text(value);
    }
}

std::optional<std::int64_t> as_int64(const json& value) {
    if (!value.is_number_integer()) return std::nullopt;
    if (value.is_number_unsigned()) {
        std::uint64_t number = value.get<std::uint64_t>();
        if (number > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
        return static_cast<std::int64_t>(number);
    }
    return value.get<std::int64_t>();
}

std::string quote_list(std::initializer_list<std::string_view> names) {
    std::string text;
    std::size_t i = 0;
    for (std::string_view name : names) {
        if (i > 0) text += (i + 1 == names.size()) ? (names.size() > 2 ? ", or " : " or ") : ", ";
        text += "\"" + std::string(name) + "\"";
        ++i;
    }
    return text;
}

void JsonInput::fail(const JsonPath& path, std::string expected) const {
    throw InputError(file_, path.text(), std::move(expected));
}

void JsonInput::fail_type(const JsonPath& path, std::string_view expected,
                          const json& value) const {
    fail(path, "expected " + std::string(expected) + ", got " + describe(value));
}

std::string JsonInput::optional_string(const Fields& fields, std::string_view name) const {
    const json* value = fields.optional(name);
    if (value == nullptr) return "";
    if (!value->is_string()) fail_type(fields.path().field(name), "a string", *value);
    return value->get<std::string>();
}

std::int64_t JsonInput::read_integer(const json& value, const JsonPath& path, std::int64_t minimum,
                                     std::int64_t maximum, std::string_view expected) const {
    std::optional<std::int64_t> number = as_int64(value);
    if (!number || *number < minimum || *number > maximum) fail_type(path, expected, value);
    return *number;
}

int JsonInput::read_count(const json& value, const JsonPath& path) const {
    // Past INT_MAX the reason is the upper limit, not ">= 1".
    std::optional<std::int64_t> number = as_int64(value);
    if (value.is_number_integer() && (!number || *number > INT_MAX))
        fail_type(path, "an integer in [1, " + std::to_string(INT_MAX) + "]", value);
    return static_cast<int>(read_integer(value, path, 1, INT_MAX, "an integer >= 1"));
}

int JsonInput::read_index(const json& value, const JsonPath& path, int limit,
                          const char* noun) const {
    std::optional<std::int64_t> number = as_int64(value);
    if (number && *number >= 0 && *number < limit) return static_cast<int>(*number);
    const std::string range = "[0, " + std::to_string(limit) + ")";
    if (!value.is_number_integer())
        fail_type(path, std::string("a ") + noun + " in " + range, value);
    fail(path, noun + (" " + json_text(value)) + " out of range " + range);
}

Fields::Fields(const JsonInput& input, const json& object, const JsonPath& path,
               std::string_view what, std::initializer_list<std::string_view> allowed)
    : input_(input), object_(object), path_(path) {
    if (!object.is_object()) input.fail_type(path, what, object);
    for (auto field = object.begin(); field != object.end(); ++field) {
        const std::string& key = field.key();
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        std::string names;
        for (std::string_view name : allowed)
            names += (names.empty() ? "" : ", ") + std::string(name);
        input.fail(path.field(key), "unknown field (expected one of: " + names + ")");
    }
}

const json& Fields::required(std::string_view name) const {
    const json* value = optional(name);
    if (value == nullptr)
        input_.fail(path_, "missing required field \"" + std::string(name) + "\"");
    return *value;
}

}  // namespace trivcheck::json_fields
