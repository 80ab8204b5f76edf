// Schedules lowered to MSCCL-IR (checker/lowering) and written as XML
// (checker/formats/msccl_xml_writer): the exact text for a small schedule,
// RCCL's limits on generated schedules, and the refusals.

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "models/generator.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Two ranks, two blocks: a reduce-scatter step, then an all-gather step of copies.
Schedule two_rank_schedule() {
    Schedule schedule;
    schedule.name = "two";
    schedule.topology = Topology::ring(2);
    schedule.ranks = 2;
    schedule.blocks = 2;
    schedule.steps = {
        {"reduce_scatter",
         {{0, 1, BlockSet::single(1, 2), Op::reduce}, {1, 0, BlockSet::single(0, 2), Op::reduce}}},
        {"allgather",
         {{0, 1, BlockSet::single(0, 2), Op::copy}, {1, 0, BlockSet::single(1, 2), Op::copy}}}};
    return schedule;
}

/// Every step of every thread block, with its gpu.
template <class Visit>
void for_each_step(const msccl::Program& program, Visit&& visit) {
    for (const msccl::Gpu& gpu : program.gpus)
        for (const msccl::ThreadBlock& block : gpu.thread_blocks)
            for (const msccl::Step& step : block.steps) visit(gpu, block, step);
}

}  // namespace

TEST_CASE("export: a two-rank schedule as exact MSCCL-IR text") {
    const std::string expected =
        R"(<algo name="two" proto="Simple" nchannels="1" nchunksperloop="2" ngpus="2" coll="allreduce" inplace="1" outofplace="0" minBytes="0" maxBytes="0">
  <gpu id="0" i_chunks="2" o_chunks="0" s_chunks="0">
    <tb id="0" send="1" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="1" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="1" deps="0" hasdep="0"/>
    </tb>
    <tb id="1" send="-1" recv="1" chan="0">
      <step s="0" type="rrc" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="1" type="r" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="0" deps="0" hasdep="0"/>
    </tb>
  </gpu>
  <gpu id="1" i_chunks="2" o_chunks="0" s_chunks="0">
    <tb id="0" send="-1" recv="0" chan="0">
      <step s="0" type="rrc" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="1" type="r" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="1" deps="0" hasdep="0"/>
    </tb>
    <tb id="1" send="0" recv="-1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="i" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="1"/>
      <step s="1" type="s" srcbuf="i" srcoff="1" dstbuf="i" dstoff="1" cnt="1" depid="0" deps="0" hasdep="0"/>
    </tb>
  </gpu>
</algo>
)";
    CHECK(write_msccl_xml(msccl::lower_to_msccl(two_rank_schedule())) == expected);
}

TEST_CASE("export for RCCL: the two-rank schedule receives into scratch, reduces, then sends") {
    const msccl::Program program =
        msccl::lower_to_msccl(two_rank_schedule(), msccl::limits_for(msccl::Runtime::rccl));
    std::vector<std::string> types;
    for (const msccl::ThreadBlock& block : program.gpus[0].thread_blocks)
        for (const msccl::Step& step : block.steps) types.emplace_back(msccl::spelling(step.type));
    // No rrc: the reduce-scatter's message lands in scratch and a local re adds it.
    CHECK(types == std::vector<std::string>{"s", "s", "r", "r", "re"});
    CHECK(program.gpus[0].scratch_chunks == 1);
    CHECK(program.min_bytes == 0);
    CHECK(program.max_bytes == 0);
    msccl::AsynchronousOptions rccl;
    rccl.runtime = msccl::Runtime::rccl;
    const Report report = msccl::check_program(program, rccl);
    CAPTURE(write_msccl_xml(program));
    CHECK(report.violation_counts.empty());
}

TEST_CASE("export: generated schedules keep RCCL's limits") {
    struct Case {
        std::string algo;
        Form form;
        int n;
    };
    // Ring B of 256 needs a second channel: 510 sends on each connection.
    const std::vector<Case> cases = {
        {"ring", Form::B, 256}, {"trivance", Form::B, 100},          {"trivance", Form::L, 1024},
        {"swing", Form::B, 24}, {"recursive_doubling", Form::L, 20}, {"bruck", Form::B, 11}};
    for (const Case& c : cases) {
        CAPTURE(c.algo);
        CAPTURE(c.n);
        const msccl::Program program = msccl::lower_to_msccl(ring_schedule(c.algo, c.form, c.n));
        CHECK(program.gpu_count == c.n);
        for (const msccl::Gpu& gpu : program.gpus) {
            std::vector<int> sending(static_cast<std::size_t>(program.channels), 0);
            std::vector<int> receiving(static_cast<std::size_t>(program.channels), 0);
            std::size_t longest = 0;
            bool ids_in_order = true;
            for (std::size_t t = 0; t < gpu.thread_blocks.size(); ++t) {
                const msccl::ThreadBlock& block = gpu.thread_blocks[t];
                ids_in_order = ids_in_order && block.id == static_cast<int>(t);
                longest = std::max(longest, block.steps.size());
                REQUIRE(block.channel < program.channels);
                if (block.send_peer >= 0) ++sending[static_cast<std::size_t>(block.channel)];
                if (block.receive_peer >= 0) ++receiving[static_cast<std::size_t>(block.channel)];
            }
            CHECK(ids_in_order);
            CHECK(longest <= 256);
            CHECK(*std::max_element(sending.begin(), sending.end()) <= 32);
            CHECK(*std::max_element(receiving.begin(), receiving.end()) <= 32);
        }
        int widest = 0;
        for_each_step(program,
                      [&](const msccl::Gpu&, const msccl::ThreadBlock&, const msccl::Step& step) {
                          widest = std::max(widest, step.count);
                      });
        CHECK(widest < 72);
    }
    CHECK(msccl::lower_to_msccl(ring_schedule("ring", Form::B, 256)).channels == 2);
}

TEST_CASE("export: a message of 100 consecutive blocks is two steps, of 71 and 29 chunks") {
    Schedule schedule;
    schedule.name = "wide";
    schedule.topology = Topology::ring(2);
    schedule.ranks = 2;
    schedule.blocks = 100;
    schedule.steps = {
        {"allreduce",
         {{0, 1, BlockSet::all(100), Op::reduce}, {1, 0, BlockSet::all(100), Op::reduce}}}};
    const msccl::Program program = msccl::lower_to_msccl(schedule);
    // The cnt of each step of gpu `id` of type `type`.
    auto counts = [&](int id, msccl::StepType type) {
        std::vector<int> found;
        for_each_step(program, [&](const msccl::Gpu& gpu, const msccl::ThreadBlock&,
                                   const msccl::Step& step) {
            if (gpu.id == id && step.type == type) found.push_back(step.count);
        });
        return found;
    };
    CHECK(counts(0, msccl::StepType::send) == std::vector<int>{71, 29});
    // Each piece is received and added in place by one rrc: no landing chunks.
    CHECK(counts(1, msccl::StepType::receive_reduce_copy) == std::vector<int>{71, 29});
    CHECK(program.gpus[0].scratch_chunks == 0);
}

TEST_CASE("export: what MSCCL-IR cannot hold is refused with the reason") {
    SUBCASE("a reduce-scatter whose blocks do not split evenly over its ranks") {
        // An MSCCL-IR reducescatter gives every gpu o_chunks = i_chunks / ngpus.
        Schedule schedule = two_rank_schedule();
        schedule.collective = Collective::reduce_scatter;
        schedule.blocks = 3;
        for (Step& step : schedule.steps)
            for (Transfer& transfer : step.transfers)
                transfer.blocks = BlockSet::single(transfer.blocks.sorted().front(), 3);
        CHECK_THROWS_WITH_AS(msccl::lower_to_msccl(schedule),
                             "an MSCCL-IR reduce_scatter gives every gpu the same number of "
                             "chunks; this schedule's 3 blocks are not a multiple of its 2 ranks",
                             NotApplicable);
    }
    SUBCASE("a step that must wait on more thread blocks than a thread block has steps") {
        // Gpu 0 receives blocks 0 and 1 from two peers (two receiving thread
        // blocks), then sends both in one message: its send waits on both.
        Schedule schedule;
        schedule.name = "joined";
        schedule.topology = Topology::ring(3);
        schedule.ranks = 3;
        schedule.blocks = 3;
        schedule.steps = {
            {"in", {{1, 0, BlockSet({0}, 3), Op::reduce}, {2, 0, BlockSet({1}, 3), Op::reduce}}},
            {"out", {{0, 1, BlockSet({0, 1}, 3), Op::reduce}}}};
        msccl::RuntimeLimits limits = msccl::limits_for(msccl::Runtime::msccl);
        limits.steps_per_thread_block = 1;
        CHECK_THROWS_WITH_AS(msccl::lower_to_msccl(schedule, limits),
                             "a step of gpu 0 must wait on more thread blocks than 1 steps of one "
                             "thread block can (MSCCL_MAX_NUM_STEPS of microsoft/msccl)",
                             NotApplicable);
    }
    SUBCASE("more thread blocks on a gpu than RCCL runs") {
        msccl::RuntimeLimits limits = msccl::limits_for(msccl::Runtime::rccl);
        limits.thread_blocks_per_gpu = 1;
        CHECK_THROWS_WITH_AS(msccl::lower_to_msccl(two_rank_schedule(), limits),
                             "gpu 0 needs 3 thread blocks; RCCL allows at most 1 "
                             "(MSCCL_MAX_NUM_THREAD_BLOCKS)",
                             NotApplicable);
    }
}

TEST_CASE("export: trivcheck gen --format msccl writes the same text every time") {
    const CommandOutput first =
        run_trivcheck("gen --algo trivance --form B --topo ring:10 --format msccl");
    const CommandOutput second =
        run_trivcheck("gen --algo trivance --form B --topo ring:10 --format msccl");
    CHECK(first.exit_code == 0);
    CHECK(first.out == second.out);
    CHECK(first.out == write_msccl_xml(msccl::export_to_msccl(
                           ring_schedule("trivance", Form::B, 10), msccl::Runtime::rccl)));
    CHECK(
        run_trivcheck("gen --algo trivance --form B --topo ring:10 --format msccl --runtime msccl")
            .out == write_msccl_xml(msccl::export_to_msccl(ring_schedule("trivance", Form::B, 10),
                                                           msccl::Runtime::msccl)));
    // Bruck B on 10 sends steps of cnt 3 before it receives: past 10 MiB a call carries one
    // chunk, three calls do not fit in a Simple FIFO, and the file stops there (maxBytes).
    const std::string bruck = "gen --algo bruck --form B --topo ring:10 --format msccl";
    CHECK(run_trivcheck(bruck).out.find("maxBytes=\"10485760\"") != std::string::npos);
    CHECK(run_trivcheck_stderr(bruck).out.find(
              "trivcheck gen: maxBytes = 10485760: at 10485761 bytes and more a call carries at "
              "most 1 chunk(s)") != std::string::npos);
    const CommandOutput refused =
        run_trivcheck_stderr("gen --algo trivance --form B --topo ring:10 --format xml");
    CHECK(refused.exit_code == 2);
}
