// Every file `gen` writes reads back and keeps its verdict (issue 49, item 1):
// for every generator, form and choice on small rings and tori, the
// schedule's rotation orbit as JSON, and its exports as MSCCL-IR (for
// microsoft/msccl and for RCCL, as gen writes them: export_to_msccl) and as
// an MSCCL++ plan, each
// written as text, read by the reader `check` uses and checked, give the
// verdict and the violation kinds of the generated schedule; the orbit its
// figures too. An export the lowering refuses (a limit of the runtime,
// named) writes nothing, and is counted apart. In process, about a second.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/plan_from_msccl.hpp"
#include "checker/mscclpp/plan_json_writer.hpp"
#include "checker/mscclpp_reading/plan_reader.hpp"
#include "models/orbit_generator.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

std::set<std::string> violated_kind_names(const Report& report) {
    std::set<std::string> names;
    for (const auto& [kind, count] : report.violation_counts) names.emplace(to_string(kind));
    return names;
}

/// What the reader makes of `text` (MSCCL-IR) under `runtime`, checked.
Report program_read_back(const std::string& text, const std::string& name, msccl::Runtime runtime) {
    msccl::AsynchronousOptions options;
    options.runtime = runtime;
    return msccl::check_program(parse_msccl_xml(text, name + ".xml"), options);
}

struct ReadBackCounts {
    int orbits = 0;
    int programs = 0;
    int rccl_programs = 0;
    int plans = 0;
    int refused = 0;
};

void check_exports(const GeneratorRequest& request, const Schedule& schedule,
                   ReadBackCounts& counts) {
    const Report original = check_schedule(schedule);
    const std::set<std::string> kinds = violated_kind_names(original);
    if (request.topology.kind == TopologyKind::ring)
        if (const std::optional<RotationOrbit> orbit = generate_orbit(request)) {
            INFO("orbit JSON");
            const ScheduleOrOrbit read =
                parse_schedule_or_orbit_json(write_orbit_json(*orbit), schedule.name + ".json");
            REQUIRE(std::holds_alternative<RotationOrbit>(read));
            const Report report = check_orbit(std::get<RotationOrbit>(read));
            CHECK(report.verdict == original.verdict);
            CHECK(violated_kind_names(report) == kinds);
            CHECK(report.theta == original.theta);
            CHECK(report.steps() == original.steps());
            ++counts.orbits;
        }
    for (const msccl::Runtime runtime : {msccl::Runtime::msccl, msccl::Runtime::rccl}) {
        const std::string runtime_name = runtime == msccl::Runtime::rccl ? "rccl" : "msccl";
        INFO("MSCCL-IR for " << runtime_name);
        msccl::Program program;
        try {
            // What gen --format msccl --runtime R writes (its maxBytes kept below the
            // calls that would hang on R's bounded FIFOs).
            program = msccl::export_to_msccl(schedule, runtime, nullptr);
        } catch (const std::exception&) {
            ++counts.refused;  // gen exits 2 naming the limit; nothing written
            continue;
        }
        const Report report = program_read_back(write_msccl_xml(program), schedule.name, runtime);
        CHECK(report.verdict == original.verdict);
        CHECK(violated_kind_names(report) == kinds);
        ++(runtime == msccl::Runtime::rccl ? counts.rccl_programs : counts.programs);
    }
    INFO("MSCCL++ plan");
    msccl::Program lowered;
    try {
        lowered = msccl::lower_to_msccl(schedule);  // what gen --format mscclpp lowers
    } catch (const std::exception&) {
        ++counts.refused;
        return;
    }
    const std::string plan_text = mscclpp::write_plan_json(mscclpp::plan_from_msccl(lowered));
    const Report plan_report =
        mscclpp::check_plan(mscclpp::parse_plan_json(plan_text, schedule.name + ".json"));
    CHECK(plan_report.verdict == original.verdict);
    CHECK(violated_kind_names(plan_report) == kinds);
    ++counts.plans;
}

}  // namespace

TEST_CASE("every export gen writes reads back with its verdict: rings 2..12, tori 2x3, 3x3") {
    std::vector<Topology> topologies;
    for (int n = 2; n <= 12; ++n) topologies.push_back(Topology::ring(n));
    topologies.push_back(torus({2, 3}));
    topologies.push_back(torus({3, 3}));
    ReadBackCounts counts;
    for (const Topology& topology : topologies)
        for (const auto& [request, schedule] : every_schedule(topology)) {
            CAPTURE(request_label(request));
            check_exports(request, schedule, counts);
        }
    MESSAGE("read back: " << counts.orbits << " orbits, " << counts.programs
                          << " MSCCL-IR programs, " << counts.rccl_programs << " for RCCL, "
                          << counts.plans << " MSCCL++ plans; " << counts.refused
                          << " exports refused");
    CHECK(counts.orbits > 40);
    CHECK(counts.programs > 150);
    CHECK(counts.plans > 150);
}

namespace {

/// The `<algo>` and `<gpu>` attributes RCCL's parser reads the collective
/// from (msccl_parser.cc: coll, nchunksperloop with sizeMultiplier ngpus for
/// allgather and reducescatter), as gen writes them for `schedule`.
void check_collective_stated(const Schedule& schedule) {
    const msccl::Program program = msccl::export_to_msccl(schedule, msccl::Runtime::rccl);
    const std::string text = write_msccl_xml(program);
    const int n = schedule.ranks;
    const int slot = schedule.blocks / n;
    const std::string whole = std::to_string(schedule.blocks);
    CHECK(text.find("nchunksperloop=\"" + whole + "\"") != std::string::npos);
    CHECK(text.find("inplace=\"1\"") != std::string::npos);
    std::string coll, gpu;
    switch (schedule.collective) {
        case Collective::allreduce:
            coll = "allreduce";
            gpu = "i_chunks=\"" + whole + "\" o_chunks=\"0\"";
            break;
        case Collective::allgather:
            coll = "allgather";
            gpu = "i_chunks=\"" + std::to_string(slot) + "\" o_chunks=\"" + whole + "\"";
            break;
        case Collective::reduce_scatter:
            coll = "reducescatter";
            gpu = "i_chunks=\"" + whole + "\" o_chunks=\"" + std::to_string(slot) + "\"";
            break;
    }
    CHECK(text.find("coll=\"" + coll + "\"") != std::string::npos);
    CHECK(text.find("<gpu id=\"" + std::to_string(n - 1) + "\" " + gpu) != std::string::npos);
}

}  // namespace

TEST_CASE("NCCL's collectives export and read back: every collective, rings 2..12") {
    ReadBackCounts counts;
    int stated = 0;
    for (int n = 2; n <= 12; ++n)
        for (const char* algo : {"nccl_ring", "nccl_tree", "nccl_pat"})
            for (const Collective collective : algorithm_named(algo)->collectives)
                for (const char* aggregation : {"aggregated", "step"})
                    for (const int channels : {1, 2}) {
                        if (std::string(algo) != "nccl_pat" && std::string(aggregation) == "step")
                            continue;
                        GeneratorRequest request{algo, Form::B, Topology::ring(n)};
                        request.collective = collective;
                        request.channels = channels;
                        request.loops = channels;
                        request.pat_aggregation = aggregation;
                        CAPTURE(request_label(request));
                        CAPTURE(to_string(collective));
                        CAPTURE(aggregation);
                        CAPTURE(channels);
                        const Schedule schedule = generate(request);
                        REQUIRE(check_schedule(schedule).verdict == Verdict::holds);
                        const int refused = counts.refused;
                        check_exports(request, schedule, counts);
                        CHECK(counts.refused == refused);
                        check_collective_stated(schedule);
                        ++stated;
                    }
    MESSAGE("NCCL read back: " << stated << " schedules, " << counts.programs
                               << " MSCCL-IR programs, " << counts.rccl_programs << " for RCCL, "
                               << counts.plans << " MSCCL++ plans");
    // nccl_ring 3 collectives, nccl_tree 1, nccl_pat 2 x 2 forms; 2 channel counts; n 2..12.
    CHECK(stated == 8 * 2 * 11);
    CHECK(counts.rccl_programs == stated);
    CHECK(counts.plans == stated);
}

TEST_CASE("an all-gather and a reduce-scatter that miss a block export to programs that miss it") {
    for (const Collective collective : {Collective::allgather, Collective::reduce_scatter}) {
        CAPTURE(to_string(collective));
        // On a switch: no rotation orbit, which would be the unbroken generator's.
        GeneratorRequest request{"nccl_pat", Form::B, Topology::on_switch(8)};
        request.collective = collective;
        Schedule schedule = generate(request);
        // Rank 0's last message dropped: its peer misses those blocks (nobody
        // sends them on later, so no send of an unheld block either).
        std::vector<Transfer>& last = schedule.steps.back().transfers;
        last.erase(std::find_if(last.begin(), last.end(),
                                [](const Transfer& transfer) { return transfer.src == 0; }));
        REQUIRE(violated_kind_names(check_schedule(schedule)) == std::set<std::string>{"missing"});
        ReadBackCounts counts;
        check_exports(request, schedule, counts);
        CHECK(counts.rccl_programs == 1);
        CHECK(counts.plans == 1);
    }
}
