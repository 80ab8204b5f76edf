// Generated schedules exported as MSCCL++ execution plans (docs/mscclpp.md,
// Export): written, read back by the reader and run, they hold; writing what
// was read gives the same text.
#include <doctest/doctest.h>

#include <string>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/mscclpp/plan_from_msccl.hpp"
#include "checker/mscclpp/plan_json_writer.hpp"
#include "models/generator.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

std::string exported(const std::string& algo, Form form, int n) {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = Topology::ring(n);
    return mscclpp::write_plan_json(
        mscclpp::plan_from_msccl(msccl::lower_to_msccl(generate(request))));
}

}  // namespace

TEST_CASE("mscclpp export: every generator and form holds when read back") {
    struct Export {
        const char* algo;
        Form form;
        int n;
    };
    const Export exports[] = {
        {"trivance", Form::B, 27},
        {"trivance", Form::B, 10},
        {"trivance", Form::L, 9},
        {"ring", Form::B, 8},
        {"recursive_doubling", Form::B, 8},
        {"recursive_doubling", Form::L, 8},
        {"swing", Form::B, 8},
        {"swing", Form::L, 8},
        {"bruck", Form::L, 9},
    };
    for (const Export& entry : exports) {
        INFO(entry.algo << " " << (entry.form == Form::B ? "B" : "L") << " n=" << entry.n);
        const std::string text = exported(entry.algo, entry.form, entry.n);
        const mscclpp::Plan plan = mscclpp::parse_plan_json(text, "export.json");
        CHECK(plan.warnings.empty());
        CHECK(static_cast<int>(plan.gpus.size()) == entry.n);
        const Report report = mscclpp::check_plan(plan);
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.checks.at("postcondition").verdict == Verdict::holds);
        CHECK(mscclpp::write_plan_json(plan) == text);
    }
}

TEST_CASE("mscclpp export: Trivance B on 27 ranks, its critical path") {
    const Report report = mscclpp::check_plan(
        mscclpp::parse_plan_json(exported("trivance", Form::B, 27), "trivance-B-27.json"));
    REQUIRE(report.asynchronous);
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.asynchronous->thread_blocks == 162);
    CHECK(report.asynchronous->critical_path == 55);
}

TEST_CASE("mscclpp export: a broken schedule exports to a plan that fails the same way") {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    request.topology = Topology::ring(10);  // the published last step double counts
    const Report report =
        mscclpp::check_plan(mscclpp::plan_from_msccl(msccl::lower_to_msccl(generate(request))));
    CHECK(report.violation_counts.contains(ViolationKind::double_count));
}

TEST_CASE("mscclpp export: rank consistency of the reduction trees, a named check") {
    struct Expected {
        const char* algo;
        Form form;
        int n;
        Verdict consistency;
        int depth;
    };
    // B forms reduce each block once at its owner and copy the result: one
    // tree for all; Trivance L and Swing L add in each gpu's own order (the
    // project's specification, section 7); recursive doubling on a power of
    // 2 pairs partial sums symmetrically, so every gpu builds the same tree.
    const Expected cases[] = {
        {"trivance", Form::B, 27, Verdict::holds, 6},
        {"ring", Form::B, 8, Verdict::holds, 7},
        {"trivance", Form::L, 9, Verdict::violated, 4},
        {"swing", Form::L, 8, Verdict::violated, 3},
        {"recursive_doubling", Form::L, 8, Verdict::holds, 3},
    };
    for (const Expected& entry : cases) {
        INFO(entry.algo << " n=" << entry.n);
        const Report report = mscclpp::check_plan(
            mscclpp::parse_plan_json(exported(entry.algo, entry.form, entry.n), "export.json"));
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.checks.at("rank_consistency").verdict == entry.consistency);
        CHECK(report.mscclpp->reduction_depth == entry.depth);
    }
}

TEST_CASE("mscclpp export: indented up to compact_plan_operations, one line past them") {
    mscclpp::Plan plan;
    plan.name = "nops";
    plan.collective = "allreduce";
    plan.protocol = "Simple";
    plan.gpus.resize(1);
    // The executor loads no gpu of 0 input or output chunks (checkMessageSize).
    plan.gpus[0].input_chunks = 1;
    plan.gpus[0].output_chunks = 1;
    plan.gpus[0].thread_blocks.resize(1);
    std::vector<mscclpp::Operation>& operations = plan.gpus[0].thread_blocks[0].operations;
    operations.resize(mscclpp::compact_plan_operations);
    for (std::size_t index = 0; index < operations.size(); ++index)
        operations[index].index = static_cast<int>(index);
    const std::string indented = mscclpp::write_plan_json(plan);
    CHECK(indented.find("\n  \"name\": \"nops\"") != std::string::npos);
    operations.push_back({});
    operations.back().index = static_cast<int>(operations.size()) - 1;
    const std::string compact = mscclpp::write_plan_json(plan);
    CHECK(compact.find('\n') == compact.size() - 1);
    CHECK(compact.size() < indented.size() / 2);
    CHECK(mscclpp::parse_plan_json(compact, "nops.json") == plan);
}
