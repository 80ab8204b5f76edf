// Exported schedules read back: every generator and form, lowered to MSCCL-IR
// (checker/lowering), written as XML, read by the MSCCL-IR reader and run by
// the asynchronous executor, gives the synchronous verdict, the same chunks
// sent per rank and a critical path equal to the schedule's steps.

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "checker/explanations/check.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "models/generator.hpp"
#include "proofs/last_step_planner.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

struct RoundTrip {
    std::string algo;
    Form form;
    int n;
    std::string last_step = "published";
    std::string route = "same";
    std::string tree = "first_come";
};

Schedule generated(const RoundTrip& trip) {
    GeneratorRequest request;
    request.algo = trip.algo;
    request.form = trip.form;
    request.topology = Topology::ring(trip.n);
    request.last_step = trip.last_step;
    request.route = trip.route;
    request.tree = trip.tree;
    proofs::supply_planner(request);
    return generate(request);
}

/// Blocks each rank sends, over the whole schedule.
std::vector<std::int64_t> blocks_sent(const Schedule& schedule) {
    std::vector<std::int64_t> sent(static_cast<std::size_t>(schedule.ranks), 0);
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers)
            sent[static_cast<std::size_t>(transfer.src)] +=
                static_cast<std::int64_t>(transfer.blocks.size());
    return sent;
}

std::set<std::string> kinds(const Report& report) {
    std::set<std::string> found;
    for (const Violation& violation : report.violations)
        found.insert(std::string(to_string(violation.kind)));
    return found;
}

/// Lowers (full ops, 256 steps: microsoft/msccl's rules, the lowering's
/// default), writes, reads back and runs asynchronously against those rules.
Report exported_and_checked(const Schedule& schedule) {
    const std::string text =
        write_msccl_xml(msccl::export_to_msccl(schedule, msccl::Runtime::msccl));
    msccl::AsynchronousOptions options;
    options.runtime = msccl::Runtime::msccl;
    return msccl::check_program(parse_msccl_xml(text, schedule.name + ".xml"), options);
}

}  // namespace

TEST_CASE("export round trip: every generator and form holds as MSCCL-IR, with its figures") {
    const std::vector<RoundTrip> trips = {
        {"trivance", Form::L, 9},
        {"trivance", Form::L, 27},
        {"trivance", Form::L, 10, "fold"},
        {"trivance", Form::L, 5, "fold"},
        {"trivance", Form::L, 10, "synthesized"},
        {"trivance", Form::L, 14, "synthesized"},
        {"trivance", Form::B, 9},
        {"trivance", Form::B, 10},
        {"trivance", Form::B, 28},
        {"trivance", Form::B, 10, "published", "same", "balanced"},
        {"swing", Form::L, 8},
        {"swing", Form::L, 6},
        {"swing", Form::B, 8},
        {"swing", Form::B, 12},
        {"recursive_doubling", Form::L, 8},
        {"recursive_doubling", Form::L, 6},
        {"recursive_doubling", Form::B, 16},
        {"recursive_doubling", Form::B, 12},
        {"bruck", Form::L, 9},
        {"bruck", Form::B, 9},
        {"bruck", Form::B, 10},
        {"bruck", Form::B, 10, "published", "shortest"},
        {"ring", Form::B, 5},
        {"ring", Form::B, 8},
    };
    for (const RoundTrip& trip : trips) {
        const Schedule schedule = generated(trip);
        CAPTURE(schedule.name);
        CAPTURE(trip.last_step);
        REQUIRE(check_schedule(schedule).verdict == Verdict::holds);
        const Report report = exported_and_checked(schedule);
        CHECK(report.verdict == Verdict::holds);
        CHECK(kinds(report).empty());
        REQUIRE(report.asynchronous.has_value());
        const std::vector<std::int64_t> sent = blocks_sent(schedule);
        REQUIRE(report.asynchronous->gpus.size() == sent.size());
        for (const GpuTraffic& gpu : report.asynchronous->gpus)
            CHECK(gpu.sent_chunks == sent[static_cast<std::size_t>(gpu.gpu)]);
        // Each gpu's sends wait on its previous step's reductions, as in the synchronous model.
        CHECK(report.asynchronous->critical_path == static_cast<int>(schedule.steps.size()));
    }
}

TEST_CASE("export round trip: a schedule that double counts exports to a program that does") {
    for (const int n : {4, 5, 10, 28}) {
        CAPTURE(n);
        const Schedule schedule = ring_schedule("trivance", Form::L, n);
        REQUIRE(kinds(check_schedule(schedule)) == std::set<std::string>{"double_count"});
        const Report report = exported_and_checked(schedule);
        CHECK(report.verdict == Verdict::violated);
        CHECK(kinds(report) == std::set<std::string>{"double_count"});
    }
    const Schedule bruck = ring_schedule("bruck", Form::L, 5);
    REQUIRE(kinds(check_schedule(bruck)) == std::set<std::string>{"double_count"});
    CHECK(kinds(exported_and_checked(bruck)) == std::set<std::string>{"double_count"});
}

TEST_CASE("export round trip: trivcheck check reads the exported file") {
    const std::string file = "/tmp/trivcheck-export-round-trip-" + std::to_string(::getpid());
    CHECK(run_trivcheck("gen --algo trivance --form B --topo ring:10 --format msccl -o " + file +
                        "-b.xml")
              .exit_code == 0);
    CHECK(run_trivcheck("check " + file + "-b.xml").exit_code == 0);
    CHECK(run_trivcheck("gen --algo trivance --form L --topo ring:4 --format msccl -o " + file +
                        "-l.xml")
              .exit_code == 0);
    CHECK(run_trivcheck("check " + file + "-l.xml").exit_code == 1);
    std::remove((file + "-b.xml").c_str());
    std::remove((file + "-l.xml").c_str());
}
