// Generated schedules exported as MSCCL++ execution plans (docs/mscclpp.md,
// Export): written, read back by the reader and run, they hold; writing what
// was read gives the same text.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "checker/explanations/check.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/mscclpp/plan_from_msccl.hpp"
#include "checker/mscclpp/plan_json_writer.hpp"
#include "checker/mscclpp_reading/executor_limits.hpp"
#include "models/generator.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

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

TEST_CASE("mscclpp export: no thread block past MAX_OPERATION, and every verdict kept") {
    // Every generator, form and choice on rings of 8, 16, 27 and 64: the
    // exported plan, read back (the reader refuses a block of more than 64
    // operations, as setupDeviceExecutionPlan does), gives the schedule's
    // verdict and violation kinds. Ring B on 8 ranks had 80 operations in a
    // block, Trivance B on 64 261, before the export split them.
    int plans = 0, split = 0;
    for (const int n : {8, 16, 27, 64})
        for (const auto& [request, schedule] : every_schedule(Topology::ring(n))) {
            CAPTURE(request_label(request));
            msccl::Program lowered;
            try {
                lowered = msccl::lower_to_msccl(schedule);
            } catch (const std::exception&) {
                continue;  // gen refuses it too, naming the limit
            }
            const mscclpp::Plan plan = mscclpp::plan_from_msccl(lowered);
            std::size_t blocks = 0;
            for (const mscclpp::Gpu& gpu : plan.gpus)
                for (const mscclpp::ThreadBlock& block : gpu.thread_blocks)
                    CHECK(mscclpp::executor_operation_count(block) <=
                          mscclpp::executor_max_operations);
            for (const msccl::Gpu& gpu : lowered.gpus) blocks += gpu.thread_blocks.size();
            for (const mscclpp::Gpu& gpu : plan.gpus) blocks -= gpu.thread_blocks.size();
            split += blocks != 0;
            const Report original = check_schedule(schedule);
            const Report report = mscclpp::check_plan(
                mscclpp::parse_plan_json(mscclpp::write_plan_json(plan), schedule.name + ".json"));
            CHECK(report.verdict == original.verdict);
            CHECK(violated_kinds(report) == violated_kinds(original));
            ++plans;
        }
    MESSAGE(plans << " plans, " << split << " with a thread block split");
    CHECK(split > 0);
}

TEST_CASE(
    "mscclpp export: a long thread block is a chain of blocks, and the chain is what orders") {
    // Ring B on 8 ranks: each gpu's two thread blocks of 80 operations are
    // two blocks each, the second acquiring what the first releases last.
    const mscclpp::Plan plan = mscclpp::parse_plan_json(exported("ring", Form::B, 8), "ring.json");
    const mscclpp::Gpu& gpu = plan.gpus[0];
    REQUIRE(gpu.thread_blocks.size() == 4);
    for (const std::size_t first : {std::size_t{0}, std::size_t{2}}) {
        const std::vector<mscclpp::Operation>& head = gpu.thread_blocks[first].operations;
        const std::vector<mscclpp::Operation>& tail = gpu.thread_blocks[first + 1].operations;
        REQUIRE(head.back().kind == mscclpp::OperationKind::semaphore_release);
        REQUIRE(tail.front().kind == mscclpp::OperationKind::semaphore_acquire);
        CHECK(head.back().semaphores == tail.front().semaphores);
        CHECK(gpu.semaphores[static_cast<std::size_t>(tail.front().semaphores[0])].initial == 0);
    }
    CHECK(mscclpp::check_plan(plan).verdict == Verdict::holds);
    // Without the second block's acquire it runs ahead of the first: violated.
    mscclpp::Plan unchained = plan;
    std::vector<mscclpp::Operation>& tail = unchained.gpus[0].thread_blocks[1].operations;
    tail.erase(tail.begin());
    for (std::size_t index = 0; index < tail.size(); ++index)
        tail[index].index = static_cast<int>(index);
    CHECK(mscclpp::check_plan(unchained).verdict == Verdict::violated);
}

TEST_CASE("mscclpp export: Trivance B on 1,024 ranks, no thread block past MAX_OPERATION") {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::B;
    request.topology = Topology::ring(1024);
    const mscclpp::Plan plan = mscclpp::plan_from_msccl(msccl::lower_to_msccl(generate(request)));
    int largest = 0;
    for (const mscclpp::Gpu& gpu : plan.gpus)
        for (const mscclpp::ThreadBlock& block : gpu.thread_blocks)
            largest = std::max(largest, mscclpp::executor_operation_count(block));
    // 425 in one block before the export split them.
    CHECK(largest <= mscclpp::executor_max_operations);
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
    // In thread blocks of at most MAX_OPERATION nops, as the executor loads them.
    std::vector<mscclpp::ThreadBlock>& blocks = plan.gpus[0].thread_blocks;
    const auto add_nop = [&] {
        if (blocks.empty() || blocks.back().operations.size() ==
                                  static_cast<std::size_t>(mscclpp::executor_max_operations))
            blocks.push_back({static_cast<int>(blocks.size()), {}});
        std::vector<mscclpp::Operation>& operations = blocks.back().operations;
        const int index = static_cast<int>(operations.size());
        operations.emplace_back().index = index;
    };
    for (long long count = 0; count < mscclpp::compact_plan_operations; ++count) add_nop();
    const std::string indented = mscclpp::write_plan_json(plan);
    CHECK(indented.find("\n  \"name\": \"nops\"") != std::string::npos);
    add_nop();
    const std::string compact = mscclpp::write_plan_json(plan);
    CHECK(compact.find('\n') == compact.size() - 1);
    CHECK(compact.size() < indented.size() / 2);
    mscclpp::Plan read = mscclpp::parse_plan_json(compact, "nops.json");
    // So many thread blocks on one gpu are not all resident at once: the reader says so.
    REQUIRE(read.warnings.size() == 1);
    CHECK(read.warnings[0].find("thread blocks on one gpu") != std::string::npos);
    read.warnings.clear();
    CHECK(read == plan);
}
