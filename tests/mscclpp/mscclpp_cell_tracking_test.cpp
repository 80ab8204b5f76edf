// checker/mscclpp/cell_tracking_feed.hpp: a run's cells tracked on a
// thread beside it (race checks, values) give what they give inline: the
// same violations in the same order, the same values, the same figures.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/mscclpp/one_sided_run.hpp"
#include "checker/mscclpp/plan_from_msccl.hpp"
#include "checker/mscclpp/plan_mutations.hpp"
#include "checker/mscclpp/plan_steps.hpp"
#include "checker/mscclpp/violation_kinds.hpp"
#include "models/generator.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Everything a run recorded, in order, as text: kind, place and points.
std::vector<std::string> recorded(const msccl::ViolationSink& violations) {
    std::vector<std::string> lines;
    for (const Violation& violation : violations.recorded()) {
        std::string line = std::to_string(static_cast<int>(violation.kind)) + " gpu " +
                           std::to_string(violation.rank) + " tb " +
                           std::to_string(violation.thread_block) + " step " +
                           std::to_string(violation.step) + " " + violation.buffer +
                           std::to_string(violation.block) + ": " + violation.detail;
        for (const ProgramPoint& point : violation.points)
            line += " | " + std::to_string(point.gpu) + "/" + std::to_string(point.thread_block) +
                    "/" + std::to_string(point.step) + " " + point.buffer +
                    std::to_string(point.chunk) + " " + point.note;
        lines.push_back(line);
    }
    for (const auto& [kind, count] : violations.counts())
        lines.push_back("count " + std::to_string(static_cast<int>(kind)) + " " +
                        std::to_string(count));
    return lines;
}

/// The run's violations with the checks inline and on a thread beside it
/// (every run beside: from zero steps), which must be the same; returns them.
std::vector<std::string> same_both_ways(const mscclpp::Plan& plan) {
    const mscclpp::CellLayout cells(plan, mscclpp::pieces_per_chunk(plan));
    msccl::ViolationSink inline_checks(1000);
    msccl::ViolationSink beside(1000);
    const mscclpp::RunResult inline_run =
        mscclpp::run_plan(plan, cells, inline_checks, std::int64_t{1} << 62);
    const mscclpp::RunResult beside_run = mscclpp::run_plan(plan, cells, beside, 0);
    CHECK(inline_run.completed == beside_run.completed);
    CHECK(inline_run.figures.synchronization.remote_chunks_written ==
          beside_run.figures.synchronization.remote_chunks_written);
    for (int cell = 0; cell < cells.count(); ++cell) {
        CAPTURE(cell);
        REQUIRE(inline_run.values.contents(cell) == beside_run.values.contents(cell));
        REQUIRE(inline_run.values.trees().depth(inline_run.values.tree(cell)) ==
                beside_run.values.trees().depth(beside_run.values.tree(cell)));
    }
    const std::vector<std::string> expected = recorded(inline_checks);
    CHECK(recorded(beside) == expected);
    return expected;
}

bool mentions(const std::vector<std::string>& lines, ViolationKind kind) {
    const std::string prefix = std::to_string(static_cast<int>(kind)) + " ";
    for (const std::string& line : lines)
        if (line.starts_with(prefix)) return true;
    return false;
}

}  // namespace

TEST_CASE("cells tracked beside the run: the two-gpu plan and its broken forms") {
    CHECK(same_both_ways(mscclpp::parse_plan_json(two_gpu_plan_joined(), "pair.json")).empty());
    // A relaxed signal publishing the put: stale reads, found both ways.
    const auto relaxed =
        same_both_ways(mscclpp::parse_plan_json(two_gpu_plan_joined("rlxsignal"), "pair.json"));
    CHECK(mentions(relaxed, mscclpp::kinds::stale_read));
}

TEST_CASE("cells tracked beside the run: an exported plan of many batches, broken late") {
    // Trivance B on 81 ranks: 27,216 steps, their accesses handed over in
    // many batches; a signal made relaxed at the last site breaks it in the
    // last of them.
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::B;
    request.topology = Topology::ring(81);
    const mscclpp::Plan plan = mscclpp::plan_from_msccl(msccl::lower_to_msccl(generate(request)));
    CHECK(same_both_ways(plan).empty());
    const auto sites = mscclpp::mutation_sites(plan, mscclpp::PlanMutation::relax_signal);
    REQUIRE(!sites.empty());
    const auto lines = same_both_ways(
        mscclpp::mutate_plan(plan, mscclpp::PlanMutation::relax_signal, sites.back()));
    CHECK(mentions(lines, mscclpp::kinds::stale_read));
}

MSCCLPP_CORPUS_TEST_CASE("cells tracked beside the run: corpus plans and their broken copies") {
    // Every plan, and for those with a site, the put moved before its wait
    // (races) and a signal made relaxed (stale reads) at their first site.
    int races = 0;
    int stale_reads = 0;
    for (const std::string& name : mscclpp_corpus_files()) {
        CAPTURE(name);
        mscclpp::Plan plan;
        try {
            plan = mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + name);
        } catch (const std::exception&) {
            continue;  // refused plans: mscclpp_corpus_test.cpp
        }
        same_both_ways(plan);
        for (const mscclpp::PlanMutation mutation :
             {mscclpp::PlanMutation::move_put_before_wait, mscclpp::PlanMutation::relax_signal}) {
            const auto sites = mscclpp::mutation_sites(plan, mutation);
            if (sites.empty()) continue;
            const auto lines = same_both_ways(mscclpp::mutate_plan(plan, mutation, sites.front()));
            races += mentions(lines, mscclpp::kinds::race);
            stale_reads += mentions(lines, mscclpp::kinds::stale_read);
        }
    }
    // The comparisons above saw the violations they compare.
    CHECK(races >= 10);
    CHECK(stale_reads >= 10);
}
