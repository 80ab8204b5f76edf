// trivcheck-bench (bench/): its budgets file reads whole, a malformed one is
// refused naming the file and the case, and its options are refused exactly.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/bench_case.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

std::string write_temp(const std::string& text) {
    const std::string path = testing::unique_temp_path("budgets.json");
    std::ofstream(path) << text;
    return path;
}

/// The message read_bench_cases throws for `text`, with the path cut off.
std::string refusal(const std::string& text) {
    const std::string path = write_temp(text);
    try {
        bench::read_bench_cases(path);
    } catch (const std::runtime_error& error) {
        const std::string message = error.what();
        std::remove(path.c_str());
        return message.rfind(path + ": ", 0) == 0 ? message.substr(path.size() + 2) : message;
    }
    std::remove(path.c_str());
    return "read";
}

}  // namespace

TEST_CASE("bench/budgets.json: every case has a budget and either a command or an inner call") {
    const auto cases = bench::read_bench_cases(testing::source_path("bench/budgets.json"));
    CHECK(cases.size() == 20);
    CHECK(bench::suites_of(cases) ==
          std::vector<std::string>{"default", "scale", "long", "msccl", "mscclpp", "torus"});
    for (const bench::BenchCase& bench : cases) {
        CAPTURE(bench.name);
        CHECK(bench.budget_seconds > 0);
        CHECK(bench.command.empty() == bench.inner.has_value());
    }
}

TEST_CASE("malformed budgets files are refused, naming the case") {
    const std::string head = R"({"format": "trivcheck.bench/1", "cases": [)";
    const std::string good =
        R"({"name": "a", "suite": "default", "budget_seconds": 1, "command": ["list"]})";
    struct Row {
        std::string text, message;
    };
    const std::vector<Row> rows = {
        {head + good + "]}", "read"},
        {R"({"cases": []})", "format is not trivcheck.bench/1"},
        {R"({"format": "trivcheck.bench/1"})", "no array of cases"},
        {head + good + R"(, {"name": "b", "suite": "default", "budget_seconds": 1}]})",
         "cases[1]: give either command or inner"},
        {head + R"({"name": "a", "suite": "default", "budget_seconds": 0, "command": ["list"]}]})",
         "cases[0]: budget_seconds must be positive"},
        {head +
             R"({"name": "a", "suite": "default", "budget_seconds": 1, "inner": {"call": "x"}}]})",
         "cases[0]: unknown inner call 'x' (have: check_generated, every_algorithm)"},
    };
    for (const Row& row : rows) {
        CAPTURE(row.text);
        CHECK(refusal(row.text) == row.message);
    }
}

TEST_CASE("trivcheck-bench refuses what it cannot do") {
    struct Row {
        std::string arguments;
        int exit_code;
        std::string message;
    };
    const std::vector<Row> rows = {
        {"--jobs x", 2, "Could not convert: --jobs = x\nRun with --help for more information.\n"},
        {"--jobs -1", 2, "error: --jobs: expected 0 (all cores) or more\n"},
        {"--suites default,nosuch", 2,
         "--suites: nosuch not in {default,scale,long,msccl,mscclpp,torus}\nRun with --help for "
         "more "
         "information.\n"},
        {"--nosuch", 2,
         "The following argument was not expected: --nosuch\nRun with --help for more "
         "information.\n"},
        {"--budgets /nonexistent/budgets.json", 3,
         "error: /nonexistent/budgets.json: cannot open\n"},
    };
    for (const Row& row : rows) {
        CAPTURE(row.arguments);
        const auto result = testing::run_shell(std::string(TRIVCHECK_BENCH_BINARY) + " " +
                                               row.arguments + " 2>&1 >/dev/null");
        CHECK(result.exit_code == row.exit_code);
        CHECK(result.out == row.message);
    }
}

TEST_CASE("trivcheck-bench runs a command and an inner call from a budgets file") {
    const std::string path = write_temp(R"({"format": "trivcheck.bench/1", "cases": [
        {"name": "list", "suite": "default", "budget_seconds": 600, "command": ["list"]},
        {"name": "  inner", "suite": "default", "budget_seconds": 600,
         "inner": {"call": "check_generated", "algo": "trivance", "form": "L", "n": 4,
                   "verdict": "violated"}}]})");
    const auto result =
        testing::run_shell(std::string(TRIVCHECK_BENCH_BINARY) + " --budgets " + path + " --json");
    std::remove(path.c_str());
    CHECK(result.exit_code == 0);
    CHECK(result.out.find(R"("command": "trivcheck list")") != std::string::npos);
    CHECK(result.out.find(R"("result": "WRONG VERDICT")") == std::string::npos);
}
