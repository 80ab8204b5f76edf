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
