// What an MSCCL++ plan's reader refuses before the run (issue 47): a collective
// it does not know never passes silently, indexes and sizes near INT_MAX are
// input errors, and a run too large to index or to hold is exit 4 before any
// of it is made. The real binary, each invocation a reproducer of a crash or a
// false pass.
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

std::string plan_file(const std::string& stem, const std::string& text) {
    return temporary_file(stem, ".json", text);
}

/// two_gpu_plan with gpu 0's first operation preceded by nops in thread-block
/// groups of these sizes (their least common multiple is the pieces per chunk).
std::string grouped_plan(const std::vector<int>& group_sizes) {
    std::string nops;
    for (int size : group_sizes)
        nops += R"({"name": "nop", "tbg_info": {"tbg_size": )" + std::to_string(size) +
                R"(, "tb_id": 0}}, )";
    return replace_first(two_gpu_plan(), R"("ops": [)", R"("ops": [)" + nops);
}

}  // namespace

TEST_CASE("mscclpp limits: a collective the checker does not know warns, and --strict refuses") {
    const std::string known = plan_file("mscclpp-allreduce", two_gpu_plan_joined());
    CHECK(run_trivcheck("check --json " + known).out.find("\"postcondition\": \"holds\"") !=
          std::string::npos);
    // The DSL's own collectives without a postcondition are read without a
    // warning, --strict or not; their other checks decide the exit code.
    const std::string test_plan =
        plan_file("mscclpp-test-collective",
                  replace_first(two_gpu_plan_joined(), R"("collective": "allreduce")",
                                R"("collective": "test")"));
    const CommandOutput test_run = run_trivcheck_stderr("check --strict " + test_plan);
    CHECK(test_run.exit_code != 3);
    CHECK(test_run.out.empty());
    for (const std::string name : {"AllReduce", "all_reduce", "allreduce ", ""}) {
        INFO(name);
        const std::string file =
            plan_file("mscclpp-unknown-collective",
                      replace_first(two_gpu_plan_joined(), R"("collective": "allreduce")",
                                    R"("collective": ")" + name + "\""));
        const std::string warning =
            file + ": collective: postcondition: none (unknown collective \"" + name +
            "\"; trivcheck knows allreduce, allgather, reducescatter and alltoall, and test and "
            "sendrecv, which have none); the executor runs a plan of any name (checkMessageSize "
            "reads it only to size \"allgather\" by its output)";
        // Before: no warning, no postcondition checked, and exit 0 where
        // "allreduce" was violated. Now the warning, and the exit code of the
        // same plan as a collective with no postcondition.
        const CommandOutput stderr_text = run_trivcheck_stderr("check " + file);
        CHECK(stderr_text.exit_code == test_run.exit_code);
        CHECK(stderr_text.out == "warning: " + warning + "\n");
        const CommandOutput json = run_trivcheck("check --json " + file);
        CHECK(json.out.find("\"warnings\": [") != std::string::npos);
        // In JSON, the name's quotes escaped.
        CHECK(json.out.find("\"postcondition\": \"none (unknown collective \\\"" + name +
                            "\\\")\"") != std::string::npos);
        const CommandOutput strict = run_trivcheck_stderr("check --strict " + file);
        CHECK(strict.exit_code == 3);
        CHECK(strict.out == "error: " + warning + " (refused under --strict)\n");
    }
}

TEST_CASE("mscclpp limits: an index or a size near INT_MAX is an input error in every command") {
    const std::string range = R"("type": "i", "index": 0, "size": 1)";
    struct Row {
        std::string edited;
        std::string message;
    };
    const std::vector<Row> rows = {
        // Before: SIGSEGV (the end, index + size, wrapped to a negative int).
        {R"("type": "i", "index": 2147483647, "size": 1)",
         "gpus[0].threadblocks[0].ops[2].src_buff[0]: chunks [2147483647, 2147483648) of gpu 0's "
         "i buffer, which has 1 chunks"},
        // Before: 4.2 GB and 26 s, then exit 4, or SIGSEGV.
        {R"("type": "i", "index": 1, "size": 2147483647)",
         "gpus[0].threadblocks[0].ops[2].src_buff[0]: chunks [1, 2147483648) of gpu 0's i "
         "buffer, which has 1 chunks"},
    };
    for (const Row& row : rows) {
        const std::string file =
            plan_file("mscclpp-int-max", replace_first(two_gpu_plan(), range, row.edited));
        for (const std::string& command :
             {"check " + file, "draw " + file + " -o " + unique_temp_path("drawn") + ".svg",
              "mutate " + file, "shrink " + file}) {
            INFO(command);
            const CommandOutput run = run_trivcheck_stderr(command);
            CHECK(run.exit_code == 3);
            CHECK(run.out == "error: " + file + ": " + row.message + "\n");
        }
    }
}

TEST_CASE("mscclpp limits: a run too large to index or to hold is exit 4 before it is made") {
    // Groups of 2, 3, 5, ..., 19: 9,699,690 pieces a chunk, 58 million cells
    // (before: 3.15 GB under --memory-limit 100).
    const std::string primes =
        plan_file("mscclpp-groups", grouped_plan({2, 3, 5, 7, 11, 13, 17, 19}));
    const CommandOutput limited = run_trivcheck_stderr("check " + primes + " --memory-limit 100");
    CHECK(limited.exit_code == 4);
    CHECK(limited.out == "unknown (resource limit): " + primes +
                             ": checking pair (2 gpus, 9699690 pieces per chunk) needs about "
                             "2738 MiB of state, more than the limit of 100 MiB\n");
    // Ten groups: more cells than an int indexes (before: the OOM killer after 55 s).
    const std::string ten =
        plan_file("mscclpp-ten-groups", grouped_plan({2, 3, 5, 7, 11, 13, 17, 19, 23, 29}));
    const CommandOutput unindexable = run_trivcheck_stderr("check " + ten);
    CHECK(unindexable.exit_code == 4);
    CHECK(unindexable.out ==
          "unknown (resource limit): " + ten +
              ": checking pair (2 gpus, 2147483648 pieces per chunk) needs 12884901888 cells and "
              "8589934592 contributions, more than the 2147483647 the checker can index\n");
    // Double scratch (three launches: 6 contributions) and a scratch of 2^31 - 1 chunks (before:
    // SIGSEGV under --memory-limit 100).
    const std::string scratch =
        plan_file("mscclpp-double-scratch",
                  replace_first(replace_first(two_gpu_plan(), R"("scratch_chunks": 1)",
                                              R"("scratch_chunks": 2147483647)"),
                                R"("inplace": false,)",
                                R"("inplace": false, "use_double_scratch_buffer": true,)"));
    const CommandOutput doubled = run_trivcheck_stderr("check " + scratch + " --memory-limit 100");
    CHECK(doubled.exit_code == 4);
    CHECK(doubled.out == "unknown (resource limit): " + scratch +
                             ": checking pair (2 gpus, 1 pieces per chunk) needs 4294967300 cells "
                             "and 6 contributions, more than the 2147483647 the checker can "
                             "index\n");
}

TEST_CASE("mscclpp limits: a shrunk plan keeps block ids its own executor reads back") {
    // gpu 0's one thread block becomes block 1 of two; the first, empty,
    // block is shrunk away, and the kept one must be renumbered 0 (before:
    // `gpus[0].threadblocks[0].id: 1 out of range [0, 0]` when read back).
    const std::string two_blocks = replace_first(
        two_gpu_plan_joined("rlxsignal", "wait"), R"("threadblocks": [{"id": 0,)",
        R"("threadblocks": [{"id": 0, "ops": [{"name": "nop"}], "channels": []}, {"id": 1,)");
    const std::string file = plan_file("mscclpp-shrink-ids", two_blocks);
    REQUIRE(run_trivcheck("check " + file).exit_code == 1);
    const std::string smaller = unique_temp_path("mscclpp-shrunk-ids") + ".json";
    const CommandOutput run = run_trivcheck("shrink " + file + " --kind stale_read -o " + smaller);
    CHECK(run.exit_code == 1);
    const CommandOutput again = run_trivcheck_with_errors("check " + smaller);
    CHECK(again.exit_code == 1);
    CHECK(again.out.find("stale_read") != std::string::npos);
}
