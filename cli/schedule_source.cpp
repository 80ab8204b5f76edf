#include "cli/schedule_source.hpp"

#include "checker/formats/schedule_json.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/formats/topology_spec.hpp"
#include "library/input.hpp"
#include "models/orbit_generator.hpp"
#include "proofs/last_step_planner.hpp"

namespace trivcheck::cli {

std::string describe_source(const ScheduleSource& source) {
    if (!source.file.empty()) return source.file;
    return source.algo + " " + source.form + " " + source.topology;
}

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
    add_nccl_options(command, source.nccl);
}

void add_nccl_options(CLI::App& command, NcclChoices& nccl) {
    command
        .add_option("--collective", nccl.collective,
                    "nccl_* only (docs/nccl.md): allreduce (default), allgather or reduce_scatter")
        ->check(CLI::IsMember({"allreduce", "allgather", "reduce_scatter"}));
    command
        .add_option("--channels", nccl.channels,
                    "nccl_* only: the channels a call runs on (1 to 64, MAXCHANNELS); nccl_tree "
                    "puts the first half on tree 0 and the rest on tree 1")
        ->check(CLI::Range(1, 64));
    command
        .add_option("--chunks", nccl.chunks,
                    "nccl_* only: the loops of each channel (runRing's gridOffset loop), each "
                    "of n chunks for nccl_ring and one chunk for nccl_tree")
        ->check(CLI::Range(1, 1 << 20));
    command
        .add_option("--pat-aggregation", nccl.pat_aggregation,
                    "nccl_pat only: aggregated (PatRSAlgorithm's small-message form, default) "
                    "or step (one block a step)")
        ->check(CLI::IsMember({"aggregated", "step"}));
}

Topology parse_topology(const std::string& text) {
    const auto colon = text.find(':');
    const std::string kind = text.substr(0, colon);
    if (colon == std::string::npos || (kind != "ring" && kind != "torus" && kind != "switch"))
        throw CLI::ValidationError("--topo",
                                   "expected ring:N, switch:N or torus:AxB, got '" + text + "'");
    Topology topology;
    topology.kind = kind == "ring"     ? TopologyKind::ring
                    : kind == "switch" ? TopologyKind::switch_
                                       : TopologyKind::torus;
    std::string rest = text.substr(colon + 1);
    std::size_t start = 0;
    // The ranks in 64 bits, each extent checked before it is multiplied in:
    // torus:65536x65536x65536 is 2^48 ranks, not 0.
    std::int64_t ranks = 1;
    while (start <= rest.size()) {
        const std::size_t end = std::min(rest.find('x', start), rest.size());
        const std::string part = rest.substr(start, end - start);
        if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos)
            throw CLI::ValidationError("--topo", "expected a positive size in '" + text + "'");
        const std::size_t digits = part.find_first_not_of('0');
        const bool too_large = digits != std::string::npos && part.size() - digits > 10;
        const std::int64_t extent = too_large ? max_spec_size + std::int64_t{1} : std::stoll(part);
        if (extent <= max_spec_size) ranks *= extent;  // both at most 2^30
        if (extent > max_spec_size || ranks > max_spec_size)
            throw CLI::ValidationError("--topo", "'" + text + "' has more than " +
                                                     std::to_string(max_spec_size) +
                                                     " ranks (2^30), the most any command takes");
        topology.dims.push_back(static_cast<int>(extent));
        start = end + 1;
    }
    if (topology.kind != TopologyKind::torus && topology.dims.size() != 1)
        throw CLI::ValidationError("--topo", std::string("a ") + to_string(topology.kind) +
                                                 " has one size: " + to_string(topology.kind) +
                                                 ":N");
    // As sweep and model read --topo (checker/formats/topology_spec.hpp).
    if (topology.kind == TopologyKind::torus && (topology.dims.size() < least_torus_dimensions ||
                                                 topology.dims.size() > most_torus_dimensions))
        throw CLI::ValidationError("--topo", "torus item \"" + rest + "\": a torus has " +
                                                 std::to_string(least_torus_dimensions) + " to " +
                                                 std::to_string(most_torus_dimensions) +
                                                 " dimensions");
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
    apply_nccl_choices(source.nccl, request);
    proofs::supply_planner(request);
    return request;
}

void apply_nccl_choices(const NcclChoices& nccl, GeneratorRequest& request) {
    request.collective = *parse_collective(nccl.collective);
    request.channels = nccl.channels;
    request.loops = nccl.chunks;
    request.pat_aggregation = nccl.pat_aggregation;
}

ScheduleOrOrbit load_schedule_or_orbit(const ScheduleSource& source) {
    if (!source.file.empty()) {
        if (!source.algo.empty())
            throw CLI::ValidationError("give either a schedule FILE or --algo, not both");
        return trivcheck::load_schedule_or_orbit(InputFile{source.file, source.text});
    }
    const GeneratorRequest request = to_request(source);
    // A generator that knows its schedule is a rotation orbit builds rank 0's messages only.
    if (std::optional<RotationOrbit> orbit = generate_orbit(request)) return std::move(*orbit);
    return generate(request);
}

Schedule load_schedule(const ScheduleSource& source) {
    return whole_schedule(load_schedule_or_orbit(source));
}

namespace {

/// Runs a loader of library/input.hpp on `source`'s file, keeping the text it read.
template <typename Loader>
auto load_from_file(ScheduleSource& source, Loader loader) {
    InputFile file{source.file, std::move(source.text)};
    auto loaded = loader(file);
    source.text = std::move(file.text);
    return loaded;
}

}  // namespace

std::optional<msccl::Program> load_msccl_program(ScheduleSource& source, bool strict) {
    return load_from_file(
        source, [strict](InputFile& file) { return trivcheck::load_msccl_program(file, strict); });
}

std::optional<mscclpp::Plan> load_mscclpp_plan(ScheduleSource& source) {
    return load_from_file(source,
                          [](InputFile& file) { return trivcheck::load_mscclpp_plan(file); });
}

}  // namespace trivcheck::cli
