// `trivcheck check FILE.xml` end to end: the real binary, its exit codes and output.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

MSCCL_CORPUS_TEST_CASE("msccl cli: a real file holds (exit 0), as text and as JSON") {
    const std::string file = msccl_corpus_dir() + "/ndv4_r48ll.xml";
    const CommandOutput text = run_trivcheck("check " + file);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("allreduce_ring_4channelsperring: allreduce (MSCCL-IR, LL), 8 gpus, m = "
                        "64 chunks\nverdict: holds\n") == 0);
    CHECK(text.out.find("critical path 14 sending steps; fifo_depth_needed 1") !=
          std::string::npos);
    const CommandOutput json = run_trivcheck("check --json " + file);
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"critical_path\": 14") != std::string::npos);
    CHECK(json.out.find("\"collective\": \"allreduce\"") != std::string::npos);
}

MSCCL_CORPUS_TEST_CASE("msccl cli: a file named otherwise is read by its content") {
    const std::string path =
        temporary_file("trivcheck-msccl-content", ".txt", corpus_text("ndv4_a2a2ll.xml"));
    const CommandOutput output = run_trivcheck("check " + path);
    CHECK(output.exit_code == 0);
    CHECK(output.out.find("alltoall (MSCCL-IR, LL), 8 gpus") != std::string::npos);
    std::filesystem::remove(path);
}

MSCCL_CORPUS_TEST_CASE(
    "msccl cli: a broken copy exits 1, a malformed one 3, as a gather 0, an unknown collective 3") {
    const std::string text = corpus_text("ndv4_ag-1k-512k.xml");
    const std::string racy = temporary_file(
        "trivcheck-msccl-broken", ".xml",
        replace_in_block(text, 0, 0,
                         R"(<step s="0" type="r" srcbuf="o" srcoff="2" dstbuf="o" dstoff="2")",
                         R"(<step s="0" type="r" srcbuf="o" srcoff="2" dstbuf="o" dstoff="0")"));
    const CommandOutput violated = run_trivcheck("check " + racy);
    CHECK(violated.exit_code == 1);
    CHECK(violated.out.find("verdict: violated") != std::string::npos);
    const std::string malformed =
        temporary_file("trivcheck-msccl-malformed", ".xml",
                       replace_in_block(text, 3, 5, R"(dstoff="5")", R"(dstoff="40")"));
    const CommandOutput refused = run_trivcheck_stderr("check " + malformed);
    CHECK(refused.exit_code == 3);
    CHECK(refused.out ==
          "error: " + malformed + ": gpu[3]/tb[5]/step[0]@dstoff: 40 is past o_chunks = 16\n");
    // An allgather is also a gather to any root: root 3 ends with every chunk.
    const std::string gather =
        temporary_file("trivcheck-msccl-gather", ".xml",
                       replace_once(text, R"(coll="allgather")", R"(coll="gather")"));
    const CommandOutput gathered = run_trivcheck("check " + gather + " --root 3");
    CHECK(gathered.exit_code == 0);
    CHECK(gathered.out.find("\npostcondition: gather to root 3\n") != std::string::npos);
    const std::string unknown =
        temporary_file("trivcheck-msccl-unknown", ".xml",
                       replace_once(text, R"(coll="allgather")", R"(coll="gatherv")"));
    const CommandOutput unsupported = run_trivcheck_stderr("check " + unknown);
    CHECK(unsupported.exit_code == 3);
    CHECK(unsupported.out.find(": algo@coll: \"gatherv\" is not a collective (RCCL: unsupported "
                               "collective;") != std::string::npos);
    for (const std::string& path : {racy, malformed, gather, unknown})
        std::filesystem::remove(path);
}
