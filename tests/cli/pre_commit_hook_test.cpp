// The pre-commit hook (.pre-commit-hooks.yaml): its `entry`, run as pre-commit
// runs it (from the repository root, the changed files as arguments), passes a
// correct schedule and fails a broken one.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

/// The value of the hook's `entry:` line.
std::string hook_entry() {
    std::ifstream hooks(source_path(".pre-commit-hooks.yaml"));
    std::string line;
    while (std::getline(hooks, line)) {
        const std::size_t key = line.find("entry:");
        if (key != std::string::npos) return line.substr(line.find_first_not_of(' ', key + 6));
    }
    return "";
}

/// Exit code and standard output of the entry on `files`.
CommandOutput run_hook(const std::string& files) {
    const std::string command = "cd " + source_path("") + " && TRIVCHECK=" TRIVCHECK_BINARY " " +
                                hook_entry() + " " + files + " 2>&1";
    return run_shell(command);
}

}  // namespace

TEST_CASE("pre-commit hook: a correct schedule passes, a broken one fails with its report") {
    REQUIRE(hook_entry() == "scripts/pre-commit-check");
    const CommandOutput good = run_hook("tests/cases/direct-3-holds.json");
    CHECK(good.exit_code == 0);
    CHECK(good.out.empty());
    const CommandOutput bad =
        run_hook("tests/cases/direct-3-holds.json tests/cases/direct-3-sent-twice.json");
    CHECK(bad.exit_code == 1);
    CHECK(bad.out.starts_with("tests/cases/direct-3-sent-twice.json: trivcheck exit 1\n"));
    CHECK(
        bad.out.find("double_count at step 0: rank 1 reduces contribution 0 of block 0 2 times") !=
        std::string::npos);
}

TEST_CASE("pre-commit hook: JSON that is not a schedule is skipped; a broken schedule file fails") {
    // The expectation files beside the cases are JSON, but not schedules.
    CHECK(run_hook("tests/cases/direct-3-holds.expect.json").exit_code == 0);
    const std::string unreadable = unique_temp_path("hook") + ".json";
    std::ofstream(unreadable) << R"({"schema": "trivcheck.schedule/1", "ranks": )";
    const CommandOutput run = run_hook(unreadable);
    CHECK(run.exit_code == 1);
    CHECK(run.out.starts_with(unreadable + ": trivcheck exit 3\n"));
}
