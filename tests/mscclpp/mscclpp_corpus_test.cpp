// Every plan of the MSCCL++ corpus judged (docs/mscclpp.md): its verdict and
// the kinds of its violations, each plan that does not hold with the reason,
// read from its operations. A plan added to the corpus fails here until judged.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "checker/core/input_error.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

struct Judged {
    const char* file;
    /// "holds", "violated", or "refused" (the reader refuses it, exit 3).
    const char* verdict;
    std::set<std::string> kinds;
};

const std::vector<Judged> judged = {
    {"execution-files_allreduce.json", "holds", {}},
    {"execution-files_allreduce_packet.json", "holds", {}},
    // The repository's own test plan names its switch channel's buffer "buff"; the executor reads
    // "buffer_type" (parseChannels) and fails.
    {"execution-files_allreduce_pipeline.json", "refused", {}},
    {"executor-tests_reduce.json", "holds", {}},
    // Multimem stores published by relaxed signals only: a peer's caller may read its output before
    // they are visible; the pattern MSCCL++'s own NVLS kernel closes with (relaxed_publication).
    {"executor-tests_reduce_nvls.json", "violated", {"relaxed_publication"}},
    // As reduce_nvls, per pipeline iteration.
    {"executor-tests_reduce_nvls_pipeline.json", "violated", {"relaxed_publication"}},
    {"executor-tests_reduce_pack.json", "holds", {}},
    {"executor-tests_reduce_pack_tbg.json", "holds", {}},
    // Thread-block groups slice a 2-chunk copy by chunks but the 1-chunk reads by halves; each peer
    // thread block waits only for its partner, so reads meet the other partner's writes.
    {"executor-tests_reduce_tbg.json", "violated", {"race"}},
    {"executor-tests_transfer_pack.json", "holds", {}},
    {"executor-tests_transfer_pack_tbg.json", "holds", {}},
    {"multi_node_allgather_gpn4.json", "holds", {}},
    {"multi_node_allgather_pkt_gpn4.json", "holds", {}},
    // A pws's source (input chunk 4 + g) rewritten by the caller between launches with neither a
    // flush nor the peer's acknowledgement: the proxy may still be reading it (Port channels).
    {"multi_node_reducescatter_gpn4.json", "violated", {"race"}},
    {"multi_node_reducescatter_pkt_gpn4.json", "holds", {}},
    // As multi_node_reducescatter: each pws's input chunk, with neither flush nor acknowledgement.
    {"multi_node_send_recv_gpn4.json", "violated", {"race"}},
    {"single_node_allgather.json", "holds", {}},
    // As reduce_nvls: gstore results published by relaxed signals only.
    {"single_node_allgather_nvls_zero_copy_g4.json", "violated", {"relaxed_publication"}},
    {"single_node_allgather_pkt_g4.json", "holds", {}},
    {"single_node_allgather_pkt_rppkt_g4.json", "holds", {}},
    {"single_node_allgather_tbg.json", "holds", {}},
    {"single_node_allreduce_g4.json", "holds", {}},
    {"single_node_allreduce_naivy_g4.json", "holds", {}},
    // As reduce_nvls: glres results published by relaxed signals only.
    {"single_node_allreduce_nvls_zero_copy_g4.json", "violated", {"relaxed_publication"}},
    {"single_node_allreduce_pipeline.json", "holds", {}},
    {"single_node_allreduce_pkt_g4.json", "holds", {}},
    {"single_node_alltoall_alltoall_g4.json", "holds", {}},
    {"single_node_alltoall_alltoall_pipeline_g4.json", "holds", {}},
    {"single_node_alltoall_alltoall_ring_g4.json", "holds", {}},
    {"single_node_alltoall_alltoall_ring_oop_g4.json", "holds", {}},
    {"single_node_alltoall_alltoall_ring_peers_g4.json", "holds", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_barrier_test.json", "refused", {}},
    {"unit_tests_copy_packet_test.json", "holds", {}},
    {"unit_tests_copy_test.json", "holds", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_flush_flush_fuse_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_flush_flush_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_get_get_fuse_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_get_get_test.json", "refused", {}},
    {"unit_tests_pipeline_test.json", "holds", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_put_packet_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_put_put_fuse_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_put_put_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_put_put_with_signal_and_flush_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_put_put_with_signal_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_read_put_packet_test.json", "refused", {}},
    {"unit_tests_read_reduce_read_reduce_fuse_test.json", "holds", {}},
    {"unit_tests_read_reduce_read_reduce_test.json", "holds", {}},
    {"unit_tests_read_reduce_send_test.json", "holds", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_reduce_copy_packet_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_reduce_copy_send_packet_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_reduce_packet_reduce_packets_fuse_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_reduce_packet_reduce_packets_test.json", "refused", {}},
    {"unit_tests_reduce_reduce_fuse_test.json", "holds", {}},
    {"unit_tests_reduce_reduce_test.json", "holds", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_reduce_send_packet_test.json", "refused", {}},
    {"unit_tests_reduce_send_test.json", "holds", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_semaphore.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_signal_wait_relaxed_signal_wait_fuse_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_signal_wait_relaxed_signal_wait_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_signal_wait_signal_wait_fuse_test.json", "refused", {}},
    // A gpu with 0 input or output chunks: checkMessageSize divides by them.
    {"unit_tests_signal_wait_signal_wait_test.json", "refused", {}},
    // A multimem store into gpu 1 with no synchronization at all.
    {"unit_tests_switch_broadcast_test.json", "violated", {"race"}},
    // "glre": not an operation the executor maps (getOpType: Invalid operation type).
    {"unit_tests_switch_reduce_test.json", "refused", {}},
    {"unit_tests_tbg_tbg_copy_test.json", "holds", {}},
    {"unit_tests_tbg_tbg_reduce_fuse_test.json", "holds", {}},
    // Remote writes into the peer's output with no signal after them.
    {"unit_tests_tbg_tbg_reduce_send_test.json", "violated", {"race"}},
    {"unit_tests_tbg_tbg_reduce_test.json", "holds", {}},
    {"unit_tests_unpack_packet_test.json", "holds", {}},
};

}  // namespace

MSCCLPP_CORPUS_TEST_CASE("mscclpp corpus: every plan judged as recorded") {
    std::set<std::string> recorded;
    for (const Judged& plan : judged) recorded.insert(plan.file);
    for (const std::string& name : mscclpp_corpus_files()) {
        INFO(name);
        CHECK(recorded.contains(name));
    }
    for (const Judged& plan : judged) {
        INFO(plan.file);
        const std::string path = mscclpp_corpus_dir() + "/" + plan.file;
        if (std::string(plan.verdict) == "refused") {
            CHECK_THROWS_AS(mscclpp::read_plan_file(path), InputError);
            continue;
        }
        const Report report = mscclpp::check_plan(mscclpp::read_plan_file(path));
        CHECK(to_string(report.verdict) == std::string(plan.verdict));
        std::set<std::string> kinds;
        for (const auto& [kind, count] : report.violation_counts)
            kinds.insert(std::string(to_string(kind)));
        CHECK(kinds == plan.kinds);
    }
}

MSCCLPP_CORPUS_TEST_CASE("mscclpp corpus: the refused plans name the executor's rule") {
    const auto message = [](const std::string& file) {
        try {
            mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + file);
        } catch (const InputError& error) {
            return std::string(error.what());
        }
        return std::string();
    };
    CHECK(
        message("unit_tests_switch_reduce_test.json")
            .ends_with(
                "unit_tests_switch_reduce_test.json: gpus[0].threadblocks[0].ops[0].name: MSCCL++ "
                "executor: Invalid operation type: glre"));
    // Its gpus of 0 output chunks come first in the file (and in loadExecutionPlan).
    CHECK(message("execution-files_allreduce_pipeline.json")
              .ends_with("gpus[0].output_chunks: MSCCL++ executor: checkMessageSize "
                         "(execution_plan.cc) divides the message size by output_chunks, so the "
                         "gpu's executor cannot load a plan where it is 0"));
    // Every plan with a gpu of 0 input or output chunks: execution_plan.cc's
    // checkMessageSize divides by them (22 of the corpus's plans).
    int zero_chunk_plans = 0;
    for (const Judged& plan : judged) {
        const std::string text = message(plan.file);
        if (text.find("checkMessageSize") == std::string::npos) continue;
        INFO(plan.file);
        CHECK(std::string(plan.verdict) == "refused");
        CHECK(
            (text.find("input_chunks: MSCCL++ executor: checkMessageSize") != std::string::npos ||
             text.find("output_chunks: MSCCL++ executor: checkMessageSize") != std::string::npos));
        ++zero_chunk_plans;
    }
    CHECK(zero_chunk_plans == 22);
}

MSCCLPP_CORPUS_TEST_CASE("mscclpp corpus: collectives' postconditions are checked, not skipped") {
    for (const char* file :
         {"single_node_allreduce_g4.json", "multi_node_allgather_pkt_gpn4.json",
          "multi_node_reducescatter_gpn4.json", "single_node_alltoall_alltoall_ring_g4.json",
          "single_node_allreduce_pkt_g4.json", "single_node_allreduce_pipeline.json"}) {
        INFO(file);
        const Report report =
            mscclpp::check_plan(mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + file));
        CHECK(report.checks.at("postcondition").verdict == Verdict::holds);
    }
    // The corpus's all-reduces reduce each chunk once and copy the sum: one tree for all gpus.
    for (const char* file : {"single_node_allreduce_g4.json", "single_node_allreduce_pkt_g4.json",
                             "single_node_allreduce_naivy_g4.json"}) {
        INFO(file);
        const Report report =
            mscclpp::check_plan(mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + file));
        CHECK(report.checks.at("rank_consistency").verdict == Verdict::holds);
        CHECK(report.mscclpp->reduction_depth == 3);
    }
    const Report test_plan = mscclpp::check_plan(
        mscclpp::read_plan_file(mscclpp_corpus_dir() + "/unit_tests_copy_test.json"));
    CHECK(test_plan.checks.at("postcondition").verdict == Verdict::not_applicable);
}

MSCCLPP_CORPUS_TEST_CASE("mscclpp corpus: figures of the 4-gpu all-reduce") {
    const Report report = mscclpp::check_plan(
        mscclpp::read_plan_file(mscclpp_corpus_dir() + "/single_node_allreduce_g4.json"));
    REQUIRE(report.asynchronous);
    REQUIRE(report.mscclpp);
    CHECK(report.ranks == 4);
    CHECK(report.asynchronous->thread_blocks == 32);
    CHECK(report.asynchronous->most_thread_blocks_per_gpu == 8);
    // Each thread block: relaxed handshake with 3 peers, rres, signal and wait with 3 peers.
    CHECK(report.mscclpp->signals == 96);
    CHECK(report.mscclpp->relaxed_signals == 96);
    CHECK(report.mscclpp->waits == 192);
    CHECK(report.asynchronous->critical_path == 5);
}
