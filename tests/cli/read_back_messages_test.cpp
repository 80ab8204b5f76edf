// Files trivcheck writes read back, and messages name the real fault (issue 49).
#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "checker/core/input_error.hpp"
#include "cli/command_errors.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// The report's lines after the first (which names the source): the verdict and figures.
std::string figures_of(const std::string& report) { return report.substr(report.find('\n') + 1); }

}  // namespace

TEST_CASE("read back: gen of recursive doubling and Swing B on tori with a ring of 3") {
    for (const std::string algo : {"recursive_doubling", "swing"})
        for (const std::string topology : {"torus:3x3", "torus:3x4"})
            for (const std::string expand : {"", " --expand"}) {
                const std::string arguments = "--algo " + algo + " --form B --topo " + topology;
                CAPTURE(arguments + expand);
                const std::string file = unique_temp_path("gen-read-back") + ".json";
                REQUIRE(run_trivcheck("gen " + arguments + expand + " -o " + file).exit_code == 0);
                // Before: exit 3, `steps[1].transfers[0].blocks: expected at least one block`.
                const CommandOutput from_file = run_trivcheck_with_errors("check " + file);
                const CommandOutput generated = run_trivcheck("check " + arguments);
                CHECK(from_file.exit_code == 0);
                CHECK(generated.exit_code == 0);
                CHECK(figures_of(from_file.out) == figures_of(generated.out));
            }
}

TEST_CASE("messages: a NUL in a name is quoted as \\u0000, and bytes after a NUL are refused") {
    // Before: `Invalid operation type: signal`, the NUL and what followed dropped.
    const std::string named = temporary_file(
        "mscclpp-nul-name", ".json",
        replace_first(two_gpu_plan(), R"("name": "signal")", R"("name": "signal\u0000x")"));
    const CommandOutput run = run_trivcheck_stderr("check " + named);
    CHECK(run.exit_code == 3);
    CHECK(run.out == "error: " + named +
                         ": gpus[0].threadblocks[0].ops[0].name: MSCCL++ executor: Invalid "
                         "operation type: signal\\u0000x\n");
    // Before: a document followed by a NUL and anything at all was read as if
    // the NUL ended it. The NUL is the 21st byte of the document's 30th line.
    const std::string trailing =
        temporary_file("mscclpp-nul-tail", ".json", two_gpu_plan() + std::string("\0junk", 5));
    const CommandOutput tail = run_trivcheck_stderr("check " + trailing);
    CHECK(tail.exit_code == 3);
    CHECK(tail.out == "error: " + trailing +
                          ":30:21: malformed JSON: a NUL byte, which JSON text cannot hold\n");
}

TEST_CASE("messages: a declared bound is compared exactly and printed in full") {
    const std::string file = unique_temp_path("ring-bound") + ".json";
    REQUIRE(run_trivcheck("gen --algo ring --form B --topo ring:3 -o " + file).exit_code == 0);
    // Measured theta is 4 blocks of 6, 2/3; the bound is below it by 6.7e-10
    // (before: it held, under an absolute tolerance of 1e-9 no page mentioned).
    const std::string bounded =
        temporary_file("ring-bound-tight", ".json",
                       replace_first(file_contents(file), R"("ports": 2,)",
                                     R"("ports": 2, "bounds": {"theta": 0.666666666},)"));
    const CommandOutput below = run_trivcheck("check " + bounded);
    CHECK(below.exit_code == 1);
    CHECK(below.out.find("theta bound 0.666666666, measured 0.6666666666666666") !=
          std::string::npos);
    const std::string exact =
        temporary_file("ring-bound-exact", ".json",
                       replace_first(file_contents(file), R"("ports": 2,)",
                                     R"("ports": 2, "bounds": {"theta": 0.6666666666666666},)"));
    CHECK(run_trivcheck("check " + exact).exit_code == 0);
}

TEST_CASE("SARIF: a file that cannot be decided is its own result, the others' stay") {
    const std::string violated = source_path("tests/cases/direct-3-missing.json");
    std::string nops;
    for (int size : {2, 3, 5, 7, 11, 13, 17, 19, 23, 29})
        nops += R"({"name": "nop", "tbg_info": {"tbg_size": )" + std::to_string(size) +
                R"(, "tb_id": 0}}, )";
    const std::string huge =
        temporary_file("sarif-huge-plan", ".json",
                       replace_first(two_gpu_plan(), R"("ops": [)", R"("ops": [)" + nops));
    const CommandOutput run = run_trivcheck("check " + huge + " " + violated + " --format sarif");
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("\"uri\": \"" + huge + "\"") != std::string::npos);
    CHECK(run.out.find("\"uri\": \"" + violated + "\"") != std::string::npos);
    CHECK(run.out.find("the checker can index") != std::string::npos);
    CHECK(run.out.find("\"ruleId\": \"missing\"") != std::string::npos);
}

TEST_CASE("SARIF: a fault of trivcheck's own is classified as the exit code's says") {
    // check --format sarif turns what one file throws into that file's result
    // with the classification every command uses (before: an internal error,
    // "cannot create std::vector larger than max_size()", ended the whole log).
    const auto caught = [](auto thrown) {
        try {
            throw thrown;
        } catch (...) {
            return cli::describe_current_exception();
        }
    };
    const cli::CaughtError internal =
        caught(std::length_error("cannot create std::vector larger than max_size()"));
    CHECK(internal.exit_code == 4);
    CHECK(internal.label == "internal error");
    CHECK(internal.message == "cannot create std::vector larger than max_size()");
    const cli::CaughtError input = caught(InputError("f.json", "steps", "bad"));
    CHECK(input.exit_code == 3);
    CHECK(input.message == "f.json: steps: bad");
    const cli::CaughtError memory = caught(std::bad_alloc());
    CHECK(memory.exit_code == 4);
    CHECK(memory.label == "resource limit");
}
