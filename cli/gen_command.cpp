#include <iostream>

#include "checker/core/address_space_cap.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/execution/memory_estimate.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/lowering/export_estimate.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "checker/mscclpp/plan_from_msccl.hpp"
#include "checker/mscclpp/plan_json_writer.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/number_checks.hpp"
#include "cli/schedule_source.hpp"
#include "models/orbit_generator.hpp"

namespace trivcheck::cli {

namespace {

struct GenOptions {
    ScheduleSource source;
    std::string output;
    std::string format = "json";
    bool expand = false;
    std::uint64_t memory_limit_mib = 0;
    /// --format msccl: the runtime the program is written for (rccl or msccl).
    std::string runtime = "rccl";
};

int run_gen(const GenOptions& options) {
    return run_reporting_errors([&]() -> int {
        // An allocation past the limit is bad_alloc (exit 4), not the OOM killer.
        cap_address_space(options.memory_limit_mib << 20);
        const GeneratorRequest request = to_request(options.source);
        // JSON of a ring is written as its orbit when there is one; the rest is built whole
        // (estimated below, after an export's own estimate from the orbit).
        const bool orbit_allowed = options.format == "json" && !options.expand &&
                                   request.topology.kind == TopologyKind::ring;
        const std::string generating = "generating " + describe_source(options.source);
        refuse_generation_above_limit(request, generating, options.memory_limit_mib << 20,
                                      {.orbit_allowed = true, .executed = false});
        const bool to_stdout = options.output.empty() || options.output == "-";
        // A rotation-symmetric ring schedule is written as its orbit: n times smaller (the
        // schedule format has no torus orbits: a torus is written whole).
        if (orbit_allowed)
            if (const std::optional<RotationOrbit> orbit = generate_orbit(request)) {
                if (to_stdout)
                    std::cout << write_orbit_json(*orbit);
                else
                    write_orbit_file(*orbit, options.output);
                return exit_holds;
            }
        const bool exported = options.format == "msccl" || options.format == "mscclpp";
        // The file writer streams MSCCL-IR; standard output and MSCCL++ plans are built whole.
        const bool text_in_memory = to_stdout || options.format == "mscclpp";
        const std::string what = "exporting " + describe_source(options.source);
        if (exported && request.topology.kind == TopologyKind::ring)
            if (const std::optional<RotationOrbit> orbit = generate_orbit(request))
                msccl::refuse_export_above_limit(
                    what,
                    msccl::estimate_export(
                        orbit->model,
                        static_cast<std::uint64_t>(orbit_translations(*orbit).symmetries()),
                        text_in_memory),
                    options.memory_limit_mib << 20);
        refuse_generation_above_limit(request, generating, options.memory_limit_mib << 20,
                                      {.orbit_allowed = false, .executed = false});
        const Schedule schedule = generate(request);
        if (exported)
            msccl::refuse_export_above_limit(what,
                                             msccl::estimate_export(schedule, 1, text_in_memory),
                                             options.memory_limit_mib << 20);
        if (options.format == "mscclpp") {
            const std::string text =
                mscclpp::write_plan_json(mscclpp::plan_from_msccl(msccl::lower_to_msccl(schedule)));
            if (to_stdout)
                std::cout << text;
            else
                write_file_text(options.output, text);
            return exit_holds;
        }
        if (options.format == "msccl") {
            std::string note;
            const msccl::Program program = msccl::export_to_msccl(
                schedule, options.runtime == "msccl" ? msccl::Runtime::msccl : msccl::Runtime::rccl,
                &note);
            if (!note.empty()) std::cerr << "trivcheck gen: " << note << "\n";
            if (to_stdout)
                std::cout << write_msccl_xml(program);
            else
                write_msccl_file(program, options.output);
            return exit_holds;
        }
        if (to_stdout)
            std::cout << write_schedule_json(schedule);
        else
            write_schedule_file(schedule, options.output);
        return exit_holds;
    });
}

}  // namespace

void register_gen_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<GenOptions>();
    CLI::App* command = app.add_subcommand(
        "gen",
        "Write a generated schedule as trivcheck.schedule/1 JSON (docs/schedule-format.md),\n"
        "or as an MSCCL-IR program for RCCL's MSCCL executor (docs/msccl-export.md).\n"
        "  trivcheck gen --algo trivance --form B --topo ring:9 -o trivance-B-9.json\n"
        "  trivcheck gen --algo ring --topo ring:8 --format msccl -o ring-B-8.xml\n"
        "A rotation-symmetric schedule is written compactly in JSON: each step once, marked\n"
        "\"every_rank\": true, standing for its n rotations (--expand writes every transfer).");
    add_generator_options(*command, options->source);
    command->add_option("-o,--output", options->output, "Output file (default: standard output)");
    command
        ->add_option("--format", options->format,
                     "json (trivcheck.schedule/1), msccl (MSCCL-IR XML: allreduce, allgather, "
                     "reducescatter; exit 2 "
                     "naming the RCCL limit a program cannot keep) or mscclpp (that program as an "
                     "MSCCL++ execution plan, docs/mscclpp.md)")
        ->check(CLI::IsMember({"json", "msccl", "mscclpp"}));
    command
        ->add_option("--memory-limit", options->memory_limit_mib,
                     "Refuse (unknown, exit 4) a schedule, or a --format msccl or mscclpp export, "
                     "estimated above this many MiB before building it; default the smaller of "
                     "80% of available memory and the address-space limit")
        ->check(mebibytes());
    command
        ->add_option("--runtime", options->runtime,
                     "--format msccl: the runtime the program is written for: rccl (default: "
                     "no rcs/rrs/rrc/rrcs, at most 64 steps and 64 thread blocks; "
                     "ROCm/rccl 0cbce2a7) or msccl (microsoft/msccl: full ops, 256 steps); "
                     "docs/msccl-export.md")
        ->check(CLI::IsMember({"rccl", "msccl"}));
    command->add_flag("--expand", options->expand,
                      "JSON: write every transfer of every rank, even for a rotation-symmetric "
                      "schedule");
    command->callback([options, &result] { result.exit_code = run_gen(*options); });
}

}  // namespace trivcheck::cli
