#include "library/input.hpp"

#include <filesystem>

#include "checker/formats/file_text.hpp"
#include "checker/formats/input_format.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/mscclpp_reading/plan_reader.hpp"
#include "checker/mscclpp_reading/plan_sniffing.hpp"

namespace trivcheck {

std::optional<mscclpp::Plan> load_mscclpp_plan(InputFile& file) {
    const std::string& path = file.path;
    if (path.empty() || input_format_by_name(path) == InputFormat::msccl_xml) return std::nullopt;
    if (!file.text && std::filesystem::is_regular_file(path)) {
        // A prefix tells; a large schedule is then read by its own loader.
        if (!mscclpp::file_looks_like_mscclpp_plan(path)) return std::nullopt;
        return mscclpp::read_plan_file(path);
    }
    if (!file.text) file.text = read_file_text(path);
    if (!mscclpp::looks_like_mscclpp_plan(*file.text)) return std::nullopt;
    return mscclpp::parse_plan_json(*file.text, path);
}

std::optional<msccl::Program> load_msccl_program(InputFile& file, bool strict) {
    const std::string& path = file.path;
    if (path.empty()) return std::nullopt;
    const std::optional<InputFormat> by_name = input_format_by_name(path);
    if (by_name == InputFormat::msccl_xml && !file.text)
        return read_msccl_file(path, strict);  // mapped, not copied
    if (by_name == InputFormat::schedule_json) return std::nullopt;
    if (!file.text) file.text = read_file_text(path);
    if (input_format(path, *file.text) != InputFormat::msccl_xml) return std::nullopt;
    return parse_msccl_xml(*file.text, path, strict);
}

ScheduleOrOrbit load_schedule_or_orbit(const InputFile& file) {
    return file.text ? parse_schedule_or_orbit_json(*file.text, file.path)
                     : read_schedule_or_orbit_file(file.path);
}

const std::vector<std::string>& reader_warnings(const Input& input) {
    static const std::vector<std::string> none;
    if (const auto* plan = std::get_if<mscclpp::Plan>(&input)) return plan->warnings;
    if (const auto* program = std::get_if<msccl::Program>(&input)) return program->warnings;
    return none;
}

Input load_input(const std::string& path, bool strict) {
    InputFile file{path, std::nullopt};
    return load_input(file, strict);
}

Input load_input(InputFile& file, bool strict) {
    if (std::optional<mscclpp::Plan> plan = load_mscclpp_plan(file)) return std::move(*plan);
    if (std::optional<msccl::Program> program = load_msccl_program(file, strict))
        return std::move(*program);
    ScheduleOrOrbit schedule = load_schedule_or_orbit(file);
    if (RotationOrbit* orbit = std::get_if<RotationOrbit>(&schedule)) return std::move(*orbit);
    return std::move(std::get<Schedule>(schedule));
}

}  // namespace trivcheck
