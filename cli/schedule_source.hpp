#pragma once
#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "checker/formats/schedule_json.hpp"
#include "checker/mscclpp/plan.hpp"
#include "models/generator.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::cli {

/// What NCCL's generators take beside the algorithm (docs/nccl.md).
struct NcclChoices {
    std::string collective = "allreduce";
    int channels = 1;
    int chunks = 1;
    std::string pat_aggregation = "aggregated";
};

/// Where a command's schedule comes from: a file, or a generator request.
struct ScheduleSource {
    std::string file;
    /// The file's content once read: the loaders below read a file once and
    /// take its text from here after that (a FIFO or pipe has no second reading).
    std::optional<std::string> text;
    std::string algo;
    std::string form = "B";
    std::string topology;
    std::string route = "same";
    std::string last_step = "published";
    std::string tree = "first_come";
    std::string layout = "best";
    NcclChoices nccl;
};

/// The input in words, for a report that has no schedule to name: the file's
/// path, else "ALGO FORM TOPOLOGY" as the options give them.
std::string describe_source(const ScheduleSource& source);

/// Adds --algo, --form, --topo, --route, --last-step, --layout, --tree and
/// NCCL's options (add_nccl_options) to `command`.
void add_generator_options(CLI::App& command, ScheduleSource& source);

/// Adds NCCL's --collective, --channels, --chunks and --pat-aggregation to `command`.
void add_nccl_options(CLI::App& command, NcclChoices& nccl);

/// Sets `request`'s collective, channels, loops and PAT aggregation from `nccl`.
void apply_nccl_choices(const NcclChoices& nccl, GeneratorRequest& request);

/// Parses "ring:27", "torus:9x9"; throws CLI::ValidationError with what is expected.
Topology parse_topology(const std::string& text);

/// The generator request the options describe; throws CLI::ValidationError when incomplete.
GeneratorRequest to_request(const ScheduleSource& source);

/// Reads the file or runs the generator. Throws InputError (file), NotApplicable, or
/// CLI::ValidationError.
Schedule load_schedule(const ScheduleSource& source);

/// As load_schedule, but a file whose steps are all given for every rank at
/// once, or a generator that builds a rotation orbit (models/orbit_generator.hpp),
/// comes back as its rotation orbit, unexpanded.
ScheduleOrOrbit load_schedule_or_orbit(const ScheduleSource& source);

/// The MSCCL-IR program in `source`'s file when the file is one (name ending
/// in .xml, or content whose first element is `<algo`); nothing otherwise.
/// A file it had to read to tell (named neither .xml nor .json) keeps its
/// text in source.text, for load_schedule_or_orbit. Throws InputError for a
/// malformed one, NotApplicable for an unknown collective. Read as RCCL reads
/// it, with warnings, unless `strict` (parse_msccl_xml).
std::optional<msccl::Program> load_msccl_program(ScheduleSource& source, bool strict = false);

/// The MSCCL++ execution plan in `source`'s file when its content is one
/// (mscclpp::looks_like_mscclpp_plan; never for a name ending in .xml);
/// nothing otherwise. The text it read stays in source.text for the other
/// loaders. Throws InputError for a plan the executor would refuse.
std::optional<mscclpp::Plan> load_mscclpp_plan(ScheduleSource& source);

}  // namespace trivcheck::cli
