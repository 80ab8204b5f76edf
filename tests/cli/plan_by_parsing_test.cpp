// Which reader a JSON file gets, decided by parsing its top-level keys, not
// by a window of bytes (checker/mscclpp_reading/plan_sniffing.hpp; issue 47,
// "Misreads"); and `--require postcondition`, which makes a file whose
// collective has no postcondition violated (issue 47, "A false pass").
#include <doctest/doctest.h>

#include <string>

#include "checker/mscclpp_reading/plan_sniffing.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

TEST_CASE("plan by parsing: a byte order mark, or gpus after 64 KiB, is still a plan") {
    const std::string plan = two_gpu_plan_joined();
    // Before: both taken for trivcheck schedules, "missing required field "schema"" (exit 3).
    const std::string with_mark = temporary_file("plan-with-bom", ".json", "\xEF\xBB\xBF" + plan);
    const std::string late_gpus = temporary_file(
        "plan-late-gpus", ".json",
        replace_first(plan, R"("name": "pair")", R"("name": ")" + std::string(70000, 'x') + "\""));
    for (const std::string& file : {with_mark, late_gpus}) {
        CAPTURE(file);
        const CommandOutput run = run_trivcheck_stderr("check " + file);
        CHECK(run.exit_code == 0);
        CHECK(run.out.empty());
    }
    CHECK(run_trivcheck("check --json " + with_mark).out.find("\"algo\": \"mscclpp\"") !=
          std::string::npos);
}

TEST_CASE("plan by parsing: the top-level keys in order, values skipped whole") {
    CHECK(mscclpp::looks_like_mscclpp_plan("\xEF\xBB\xBF{\"gpus\": []}"));
    // Braces, brackets and quotes inside strings and nested values are not keys.
    CHECK(mscclpp::looks_like_mscclpp_plan(
        R"({"name": "a}\"{\"schema\": ", "x": {"schema": [1, {"]": 2}]}, "gpus": []})"));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan(
        R"({"schema": "trivcheck.schedule/1", "gpus": [], "steps": []})"));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan(R"({"x": {"gpus": []}})"));
    // A plan cut short inside its gpus is still a plan: its reader says where it ends.
    CHECK(mscclpp::looks_like_mscclpp_plan(R"({"name": "p", "gpus": [{"id": 0, )"));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan(R"({"name": "p" "gpus": []})"));
    CHECK_FALSE(mscclpp::looks_like_mscclpp_plan(""));
}

TEST_CASE("require postcondition: a file with none is violated, exit 1") {
    const std::string unknown =
        temporary_file("plan-unknown-collective", ".json",
                       replace_first(two_gpu_plan_joined(), R"("collective": "allreduce")",
                                     R"("collective": "AllReduce")"));
    const CommandOutput plan = run_trivcheck("check " + unknown + " --require postcondition");
    CHECK(plan.exit_code == 1);
    CHECK(plan.out.find("violations: postcondition 1; first 1 shown\n  postcondition: none "
                        "(unknown collective \"AllReduce\")\n") != std::string::npos);
    // The file may come right after the option's value: --require takes one value.
    CHECK(run_trivcheck("check --require postcondition " + unknown).exit_code == 1);
    // Without it the plan's other checks decide (it holds), as before.
    CHECK(run_trivcheck("check " + unknown).exit_code == 0);
    // A plan whose collective has a postcondition is not touched by it.
    const std::string known =
        temporary_file("plan-known-collective", ".json", two_gpu_plan_joined());
    CHECK(run_trivcheck("check " + known + " --require postcondition").exit_code == 0);

    // MSCCL-IR: a custom collective has none, unless --expect gives it.
    const std::string custom = source_path("tests/msccl/collectives/custom-separate-receives.xml");
    const CommandOutput program = run_trivcheck("check " + custom + " --require postcondition");
    CHECK(program.exit_code == 1);
    CHECK(program.out.find("  postcondition: none given (") != std::string::npos);
    CHECK(run_trivcheck("check " + custom).exit_code == 0);
    CHECK(run_trivcheck("check " + source_path("tests/msccl/collectives/broadcast.xml") +
                        " --require postcondition")
              .exit_code == 0);
    // A trivcheck schedule always has one.
    CHECK(run_trivcheck("check --require postcondition --algo ring --form B --topo ring:4")
              .exit_code == 0);
}
