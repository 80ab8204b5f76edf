// gen --format msccl for RCCL (the default): every generator's export at 8,
// 16, 27 and 64 ranks keeps RCCL's limits (no rcs, rrs, rrc or rrcs; at most
// 64 steps a thread block and 64 thread blocks a gpu; minBytes, maxBytes and
// outofplace written), and read back and judged under --runtime rccl it has
// the synchronous verdict: it holds, or double counts where the published
// schedule does.

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "checker/explanations/check.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "models/generator.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

std::set<std::string> violation_kinds(const Report& report) {
    std::set<std::string> found;
    for (const auto& [kind, count] : report.violation_counts)
        found.insert(std::string(to_string(kind)));
    return found;
}

/// The program keeps RCCL's limits as written (what the runtime_limit check also says).
void check_within_rccl(const msccl::Program& program) {
    const msccl::RuntimeRules& rules = msccl::rules_of(msccl::Runtime::rccl);
    CHECK(program.min_bytes.has_value());
    CHECK(program.max_bytes.has_value());
    for (const msccl::Gpu& gpu : program.gpus) {
        CHECK(static_cast<int>(gpu.thread_blocks.size()) <= rules.max_thread_blocks);
        for (const msccl::ThreadBlock& block : gpu.thread_blocks) {
            CHECK(static_cast<int>(block.steps.size()) <= rules.max_steps_per_thread_block);
            for (const msccl::Step& step : block.steps) CHECK(!msccl::step_is_full_op(step.type));
        }
    }
}

}  // namespace

TEST_CASE("export for RCCL: every generator at 8, 16, 27 and 64 ranks holds under --runtime rccl") {
    const std::vector<std::pair<std::string, Form>> generators = {{"trivance", Form::L},
                                                                  {"trivance", Form::B},
                                                                  {"ring", Form::B},
                                                                  {"swing", Form::L},
                                                                  {"swing", Form::B},
                                                                  {"recursive_doubling", Form::L},
                                                                  {"recursive_doubling", Form::B},
                                                                  {"bruck", Form::L},
                                                                  {"bruck", Form::B},
                                                                  {"nccl_ring", Form::B},
                                                                  {"nccl_tree", Form::B}};
    msccl::AsynchronousOptions rccl;
    rccl.runtime = msccl::Runtime::rccl;
    for (const auto& [algo, form] : generators)
        for (const int n : {8, 16, 27, 64}) {
            CAPTURE(algo);
            CAPTURE(form == Form::L ? "L" : "B");
            CAPTURE(n);
            const Schedule schedule = ring_schedule(algo, form, n);
            const msccl::Program program = msccl::export_to_msccl(schedule, msccl::Runtime::rccl);
            check_within_rccl(program);
            const Report report = msccl::check_program(
                parse_msccl_xml(write_msccl_xml(program), schedule.name + ".xml"), rccl);
            CHECK(report.asynchronous->runtime == "rccl");
            CHECK(report.asynchronous->runtime_rules.empty());
            // Published Trivance L and Bruck L double count at these n; nothing else fails.
            CHECK(violation_kinds(report) == violation_kinds(check_schedule(schedule)));
        }
}
