#include "cli/schedule_source.hpp"

#include <filesystem>

#include "checker/formats/file_text.hpp"
#include "checker/formats/input_format.hpp"
#include "checker/formats/msccl_xml_reader.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/mscclpp/plan_reader.hpp"
#include "checker/mscclpp/plan_sniffing.hpp"
#include "models/orbit_generator.hpp"
#include "proofs/last_step_planner.hpp"

namespace trivcheck::cli {

void add_generator_options(CLI::App& command, ScheduleSource& source) {
    command.add_option("--algo", source.algo,
                       "Generator to run (see `trivcheck list`), e.g. trivance, ring");
    command
        .add_option("--form", source.form,
                    "L (latency-optimal: whole vector each step) or B (bandwidth-optimal)")
        ->check(CLI::IsMember({"L", "B"}));
    command.add_option(
        "--topo", source.topology,
        "Topology of the generated schedule: ring:N (e.g. ring:27) or torus:AxB[xC[xD]] "
        "(e.g. torus:9x9: one collective per dimension)");
    command
        .add_option("--route", source.route,
                    "Bruck only: same (both peers the + way, as published) or shortest")
        ->check(CLI::IsMember({"same", "shortest"}));
    command.add_option(
        "--last-step", source.last_step,
        "Trivance L only: published (as in the paper; counts contributions more than once "
        "when n is not a power of 3), fold (extras fold onto a 3^s core that runs Trivance "
        "L: exact for every n, one step more), or synthesized (Z3's least-load exactly-once "
        "last step in the pieces model, kept in scratch buffers; not applicable for the n "
        "where Z3 proves none exists; see `trivcheck synth`)");
    command.add_option(
        "--layout", source.layout,
        "Trivance B only: best (default: the least-byte-factor plan known for n, "
        "docs/trivance-b.md), rule (the cheapest of the closed-form plans of docs/trivance-b.md), "
        "short_last (the published distances 1, 3, 9, ... with the "
        "shortened step last), short_first (the shortened step first), or a plan such as "
        "1,3,9,7/6 (each reduce-scatter step's distance, plus/minus where they differ)");
    command
        .add_option(
            "--tree", source.tree,
            "Trivance B --layout short_last only: first_come (default: the parent placed "
            "first adopts a node two parents could adopt) or balanced (each such node goes "
            "to the lighter direction); `trivcheck synth --form B --directions` compares them")
        ->check(CLI::IsMember({"first_come", "balanced"}));
}

Topology parse_topology(const std::string& text) {
    const auto colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    if (colon == std::string::npos || (kind != "ring" && kind != "torus"))
        throw CLI::ValidationError("--topo", "expected ring:N or torus:AxB, got '" + text + "'");
    Topology topology;
    topology.kind = kind == "ring" ? TopologyKind::ring : TopologyKind::torus;
    std::string rest = text.substr(colon + 1);
    std::size_t start = 0;
    while (start <= rest.size()) {
        const std::size_t end = std::min(rest.find('x', start), rest.size());
        const std::string part = rest.substr(start, end - start);
        if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos ||
            part.size() > 9)
            throw CLI::ValidationError("--topo", "expected a positive size in '" + text + "'");
        topology.dims.push_back(std::stoi(part));
        start = end + 1;
    }
    if (topology.kind == TopologyKind::ring && topology.dims.size() != 1)
        throw CLI::ValidationError("--topo", "a ring has one size: ring:N");
    for (int extent : topology.dims)
        if (extent < 2)
            throw CLI::ValidationError("--topo", "every size must be at least 2 in '" + text + "'");
    return topology;
}

GeneratorRequest to_request(const ScheduleSource& source) {
    if (source.algo.empty() || source.topology.empty())
        throw CLI::ValidationError(
            "give a schedule FILE, or --algo and --topo (and --form) to generate one");
    GeneratorRequest request;
    request.algo = source.algo;
    parse_form(source.form, request.form);
    request.topology = parse_topology(source.topology);
    request.route = source.route;
    request.last_step = source.last_step;
    request.tree = source.tree;
    request.layout = source.layout;
    proofs::supply_planner(request);
    return request;
}

ScheduleOrOrbit load_schedule_or_orbit(const ScheduleSource& source) {
    if (!source.file.empty()) {
        if (!source.algo.empty())
            throw CLI::ValidationError("give either a schedule FILE or --algo, not both");
        return source.text ? parse_schedule_or_orbit_json(*source.text, source.file)
                           : read_schedule_or_orbit_file(source.file);
    }
    const GeneratorRequest request = to_request(source);
    // A generator that knows its schedule is a rotation orbit builds rank 0's messages only.
    if (std::optional<RotationOrbit> orbit = generate_orbit(request)) return std::move(*orbit);
    return generate(request);
}

Schedule load_schedule(const ScheduleSource& source) {
    return whole_schedule(load_schedule_or_orbit(source));
}

std::optional<msccl::Program> load_msccl_program(ScheduleSource& source, bool strict) {
    const std::string& path = source.file;
    if (path.empty()) return std::nullopt;
    const std::optional<InputFormat> by_name = input_format_by_name(path);
    if (by_name == InputFormat::msccl_xml && !source.text)
        return read_msccl_file(path, strict);  // mapped, not copied
    if (by_name == InputFormat::schedule_json) return std::nullopt;
    if (!source.text) source.text = read_file_text(path);
    if (input_format(path, *source.text) != InputFormat::msccl_xml) return std::nullopt;
    return parse_msccl_xml(*source.text, path, strict);
}

std::optional<mscclpp::Plan> load_mscclpp_plan(ScheduleSource& source) {
    const std::string& path = source.file;
    if (path.empty() || input_format_by_name(path) == InputFormat::msccl_xml) return std::nullopt;
    if (!source.text && std::filesystem::is_regular_file(path)) {
        // A prefix tells; a large schedule is then read by its own loader.
        if (!mscclpp::file_looks_like_mscclpp_plan(path)) return std::nullopt;
        return mscclpp::read_plan_file(path);
    }
    if (!source.text) source.text = read_file_text(path);
    if (!mscclpp::looks_like_mscclpp_plan(*source.text)) return std::nullopt;
    return mscclpp::parse_plan_json(*source.text, path);
}

}  // namespace trivcheck::cli
