#include <algorithm>
#include <filesystem>
#include <set>

#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

MSCCL_CORPUS_TEST_CASE("msccl corpus: every real file is read and holds") {
    REQUIRE(std::filesystem::is_directory(msccl_corpus_dir()));
    std::set<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(msccl_corpus_dir()))
        if (entry.path().extension() == ".xml") names.insert(entry.path().filename().string());
    CHECK(names.size() == 5);
    for (const std::string& name : names) {
        CAPTURE(name);
        const Report report = check_msccl_text(corpus_text(name));
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.violation_counts.empty());
        REQUIRE(report.asynchronous);
        CHECK(report.asynchronous->fifo_depth_needed >= 1);
    }
}

MSCCL_CORPUS_TEST_CASE("msccl corpus: the 8-gpu ring allreduce's figures") {
    const Report report = check_msccl_text(corpus_text("ndv4_r48ll.xml"));
    REQUIRE(report.asynchronous);
    const AsynchronousFigures& figures = *report.asynchronous;
    CHECK(figures.collective == "allreduce");
    CHECK(figures.buffer_chunks == 64);
    // A ring: 2(n - 1) = 14 hops from the first send to the last receive.
    CHECK(figures.critical_path == 14);
    CHECK(figures.thread_blocks == 256);
    CHECK(figures.channels == 32);
    CHECK(figures.steps_total == 960);
    REQUIRE(figures.gpus.size() == 8);
    // Each gpu sends 2(n - 1)/n of the vector: 112 of 64 chunks.
    for (const GpuTraffic& gpu : figures.gpus) {
        CHECK(gpu.sent_chunks == 112);
        CHECK(gpu.received_chunks == 112);
    }
    CHECK(figures.connections.size() == 256);
    for (const ConnectionFigures& connection : figures.connections)
        CHECK(connection.receiver == (connection.sender + 1) % 8);
}

MSCCL_CORPUS_TEST_CASE("msccl corpus: in-place and out-of-place layouts") {
    SUBCASE("in-place allgather with i_chunks = 0: the input is the gpu's slice of the output") {
        const Report report = check_msccl_text(corpus_text("ndv4_ag-1k-512k.xml"));
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.asynchronous->buffer_chunks == 16);
        CHECK(report.asynchronous->critical_path == 1);
        for (const GpuTraffic& gpu : report.asynchronous->gpus) CHECK(gpu.sent_chunks == 14);
    }
    SUBCASE("out-of-place hierarchical allgather") {
        const Report report = check_msccl_text(corpus_text("ncv4_ag_hier_4_Simple.xml"));
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.asynchronous->critical_path == 2);
    }
    SUBCASE("alltoall") {
        const Report report = check_msccl_text(corpus_text("ndv4_a2a2ll.xml"));
        CHECK(report.asynchronous->collective == "alltoall");
        CHECK(report.verdict == Verdict::holds);
    }
    SUBCASE("in-place hierarchical allreduce with a scratch buffer") {
        const Report report = check_msccl_text(corpus_text("ncv4_ar_hier_12_Simple.xml"));
        CHECK(report.verdict == Verdict::holds);
        CHECK(report.asynchronous->critical_path == 3);
    }
}
