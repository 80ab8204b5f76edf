#include "checker/mscclpp_reading/plan_fields.hpp"

#include "checker/core/input_error.hpp"
#include "checker/formats/json_fields.hpp"

namespace trivcheck::mscclpp {

std::string path_at(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string path_at(const std::string& path, std::size_t index) {
    return path + "[" + std::to_string(index) + "]";
}

std::string OperationPlace::path() const {
    const std::string outer =
        path_at(path_at(path_at(path_at(path_at("gpus", gpu), "threadblocks"), block), "ops"), op);
    return inner < 0 ? outer : path_at(path_at(outer, "ops"), static_cast<std::size_t>(inner));
}

void PlanFields::fail(const std::string& path, const std::string& text) const {
    throw InputError(file_, path, text);
}

const PlanFields::json& PlanFields::required(const json& object, std::string_view key,
                                             const std::string& path) const {
    if (!object.is_object()) fail(path, "expected an object, got " + json_fields::describe(object));
    auto found = object.find(std::string(key));
    if (found == object.end()) fail(path, "missing field \"" + std::string(key) + "\"");
    return *found;
}

const PlanFields::json& PlanFields::array(const json& value, const std::string& path) const {
    if (!value.is_array()) fail(path, "expected an array, got " + json_fields::describe(value));
    return value;
}

long long PlanFields::integer(const json& value, const std::string& path, long long minimum,
                              long long maximum) const {
    const std::optional<std::int64_t> number = json_fields::as_int64(value);
    if (!number) fail(path, "expected an integer, got " + json_fields::describe(value));
    if (*number < minimum || *number > maximum)
        fail(path, std::to_string(*number) + " out of range [" + std::to_string(minimum) + ", " +
                       std::to_string(maximum) + "]");
    return *number;
}

std::string PlanFields::text(const json& value, const std::string& path) const {
    if (!value.is_string()) fail(path, "expected a string, got " + json_fields::describe(value));
    return value.get<std::string>();
}

bool PlanFields::boolean(const json& value, const std::string& path) const {
    if (!value.is_boolean())
        fail(path, "expected true or false, got " + json_fields::describe(value));
    return value.get<bool>();
}

void PlanFields::ignored_fields(const json& object, const std::string& path,
                                std::initializer_list<std::string_view> known,
                                std::string_view what) {
    for (const auto& [key, value] : object.items()) {
        bool is_known = false;
        for (std::string_view name : known) is_known = is_known || name == key;
        if (is_known) continue;
        warnings_.add(std::string(what) + "." + key, path_at(path, key),
                      "field \"" + key + "\" of " + std::string(what) +
                          " is ignored by the MSCCL++ executor");
    }
}

BufferKind PlanFields::buffer_kind(const json& value, const std::string& path) const {
    const std::string name = text(value, path);
    if (name == "i") return BufferKind::input;
    if (name == "o") return BufferKind::output;
    if (name == "s") return BufferKind::scratch;
    fail(path, "MSCCL++ executor: Invalid buffer type \"" + name + "\" (i, o or s)");
}

ChannelKind PlanFields::channel_kind(const json& value, const std::string& path) const {
    const std::string name = text(value, path);
    if (name == "memory") return ChannelKind::memory;
    if (name == "port") return ChannelKind::port;
    if (name == "switch") return ChannelKind::switch_channel;
    if (name == "none") return ChannelKind::none;
    fail(path,
         "MSCCL++ executor: Invalid channel type \"" + name + "\" (memory, port, switch or none)");
}

}  // namespace trivcheck::mscclpp
