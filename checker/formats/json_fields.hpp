#pragma once
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

// Reading a parsed JSON document against a schema: the paths and value
// descriptions error messages carry, objects whose field names are checked,
// and the scalar values every part of the schedule schema uses. Shared by the
// schedule reader's top level (checker/formats/schedule_json.cpp) and its steps
// (checker/formats/schedule_steps_json.cpp).

namespace trivcheck::json_fields {

/// A JSON path kept on the stack while the reader descends; it becomes text
/// only when an error is reported, so valid files pay nothing for it.
struct JsonPath {
    const JsonPath* parent = nullptr;
    std::string_view key;
    std::size_t index = 0;
    bool is_index = false;

    JsonPath field(std::string_view name) const { return JsonPath{this, name, 0, false}; }
    JsonPath element(std::size_t position) const { return JsonPath{this, {}, position, true}; }
    /// `steps[3].transfers[7].dst`; "" for the document itself.
    std::string text() const;
};

/// What the reader found instead of what it expected: `string "4"`, `-3`,
/// `an array`.
std::string describe(const nlohmann::json& value);

/// The value of a JSON integer, or nothing for non-integers and for unsigned
/// values past int64 (which are out of every range the schema has).
std::optional<std::int64_t> as_int64(const nlohmann::json& value);

/// `"a", "b", or "c"`: the choices an enumerated field allows.
std::string quote_list(std::initializer_list<std::string_view> names);

class Fields;

/// One input file's error reporting (InputError naming the file and the JSON
/// path) and the scalar readers built on it.
class JsonInput {
  public:
    explicit JsonInput(const std::string& file) : file_(file) {}
    /// The file as named in messages.
    const std::string& file() const { return file_; }

    [[noreturn]] void fail(const JsonPath& path, std::string expected) const;
    /// "expected <expected>, got <describe(value)>".
    [[noreturn]] void fail_type(const JsonPath& path, std::string_view expected,
                                const nlohmann::json& value) const;

    /// The string field `name`, or "" when absent.
    std::string optional_string(const Fields& fields, std::string_view name) const;
    /// An integer in [minimum, maximum]; `expected` describes the range.
    std::int64_t read_integer(const nlohmann::json& value, const JsonPath& path,
                              std::int64_t minimum, std::int64_t maximum,
                              std::string_view expected) const;
    /// ranks, blocks, ports, dims: at least 1, and an int.
    int read_count(const nlohmann::json& value, const JsonPath& path) const;
    /// An index in [0, limit) naming a rank or a block: a type error says what
    /// was expected, a range error names the value ("rank 9 out of range [0, 8)").
    int read_index(const nlohmann::json& value, const JsonPath& path, int limit,
                   const char* noun) const;

  private:
    const std::string& file_;
};

/// An object whose field names have been checked against the schema: any
/// other field is an error naming its path and the allowed names.
class Fields {
  public:
    Fields(const JsonInput& input, const nlohmann::json& object, const JsonPath& path,
           std::string_view what, std::initializer_list<std::string_view> allowed);

    const nlohmann::json* optional(std::string_view name) const {
        auto found = object_.find(std::string(name));
        return found == object_.end() ? nullptr : &*found;
    }
    const nlohmann::json& required(std::string_view name) const;
    const JsonPath& path() const { return path_; }

  private:
    const JsonInput& input_;
    const nlohmann::json& object_;
    const JsonPath& path_;
};

}  // namespace trivcheck::json_fields
