// `trivcheck check PLAN.json` end to end: the real binary, its exit codes and output.
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("mscclpp cli: a plan holds (exit 0) whatever its name; text and JSON") {
    for (const char* extension : {".json", ".plan", ""}) {
        INFO(extension);
        const std::string file = temporary_file("mscclpp-pair", extension, two_gpu_plan_joined());
        const CommandOutput text = run_trivcheck("check " + file);
        CHECK(text.exit_code == 0);
        CHECK(text.out.find("pair: allreduce (MSCCL++, Simple), 2 gpus, m = 1 chunks\nverdict: "
                            "holds\n") == 0);
    }
    const std::string file = temporary_file("mscclpp-pair-json", ".json", two_gpu_plan_joined());
    const CommandOutput json = run_trivcheck("check --json " + file);
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"signals\": 4") != std::string::npos);
    CHECK(json.out.find("\"postcondition\": \"holds\"") != std::string::npos);
}

TEST_CASE("mscclpp cli: a stale read exits 1 and names both operations") {
    const std::string file =
        temporary_file("mscclpp-relaxed", ".json", two_gpu_plan_joined("rlxsignal", "wait"));
    const CommandOutput text = run_trivcheck("check " + file);
    CHECK(text.exit_code == 1);
    CHECK(text.out.find("gpu 0 tb 0 step 3 (put: writes) gpu 1 s[0]") != std::string::npos);
    CHECK(text.out.find("gpu 1 tb 0 step 8 (re: reads) gpu 1 s[0]") != std::string::npos);
    const CommandOutput sarif = run_trivcheck("check --format sarif " + file);
    CHECK(sarif.exit_code == 1);
    CHECK(sarif.out.find("\"ruleId\": \"stale_read\"") != std::string::npos);
    CHECK(sarif.out.find("gpus[1].threadblocks[0].ops[8]") != std::string::npos);
}

TEST_CASE("mscclpp cli: an operation the executor does not map exits 3; ignored fields warn") {
    const std::string refused =
        temporary_file("mscclpp-glre", ".json",
                       replace_first(two_gpu_plan(), R"("name": "re")", R"("name": "glre")"));
    const CommandOutput error = run_trivcheck_with_errors("check " + refused);
    CHECK(error.exit_code == 3);
    CHECK(error.out.find("gpus[0].threadblocks[0].ops[5].name: MSCCL++ executor: Invalid "
                         "operation type: glre") != std::string::npos);
    const std::string warned =
        temporary_file("mscclpp-warned", ".json",
                       replace_first(two_gpu_plan_joined(), R"("inplace": false,)",
                                     R"("inplace": false, "note": "mine",)"));
    const CommandOutput json = run_trivcheck("check --json " + warned);
    CHECK(json.exit_code == 0);
    CHECK(json.out.find("\"warnings\": [") != std::string::npos);
    const CommandOutput stderr_text = run_trivcheck_stderr("check " + warned);
    CHECK(stderr_text.out.find("warning: ") == 0);
}

TEST_CASE("mscclpp cli: shrink PLAN.json keeps the violation in a smaller plan that reads back") {
    const std::string file =
        temporary_file("mscclpp-shrink", ".json", two_gpu_plan_joined("rlxsignal", "wait"));
    const std::string smaller = unique_temp_path("mscclpp-shrunk") + ".json";
    const CommandOutput run = run_trivcheck("shrink " + file + " --kind stale_read -o " + smaller);
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("shrunk " + file + " keeping stale_read: 2 gpus, 2 thread blocks, ") == 0);
    const CommandOutput again = run_trivcheck("check --json " + smaller);
    CHECK(again.exit_code == 1);
    CHECK(again.out.find("\"stale_read\": ") != std::string::npos);
    // The nops stay: without them the put races (docs/mscclpp.md, Threads).
    CHECK(run.out.find(" -> 2 gpus, 2 thread blocks, 6 operations (") != std::string::npos);
    const CommandOutput holds = run_trivcheck(
        "shrink " + temporary_file("mscclpp-shrink-holds", ".json", two_gpu_plan_joined()));
    CHECK(holds.exit_code == 0);
    CHECK(holds.out == "pair holds: nothing to shrink\n");
}
