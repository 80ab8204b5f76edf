#include "checker/formats/input_format.hpp"

#include "checker/formats/msccl_xml_reader.hpp"

namespace trivcheck {

std::optional<InputFormat> input_format_by_name(std::string_view path) {
    if (path.ends_with(".xml")) return InputFormat::msccl_xml;
    if (path.ends_with(".json")) return InputFormat::schedule_json;
    return std::nullopt;
}

InputFormat input_format(std::string_view path, std::string_view text) {
    if (const std::optional<InputFormat> by_name = input_format_by_name(path)) return *by_name;
    return looks_like_msccl_xml(text) ? InputFormat::msccl_xml : InputFormat::schedule_json;
}

}  // namespace trivcheck
