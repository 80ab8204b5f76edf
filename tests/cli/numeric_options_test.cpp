// Every numeric option of every command with -1, 0, nan, inf and a huge
// value: each either means something (the exit of the run) or is a usage
// error (exit 2) naming the option; none is taken silently, and none crashes.
// Before, `--max-violations -1` printed "first 0 shown", `--m -1|nan|-inf` were
// ignored, `--m inf` printed "inf B", and `synth --jobs -1` and `draw
// --violation -1` were accepted.
#include <doctest/doctest.h>

#include <array>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

/// The values tried, in the order of NumericOption::exits.
const std::array<std::string, 5> values = {"-1", "0", "nan", "inf", "99999999999"};

struct NumericOption {
    /// A quick run the option is added to.
    std::string command;
    std::string option;
    /// Exit for each of `values`; -1 where the value is not tried (a long run).
    std::array<int, 5> exits;
};

const std::string ring_check = "check --algo ring --form B --topo ring:4";
const std::string smt_check = ring_check + " --engine smt";
const std::string draw = "draw --algo trivance --form L --topo ring:10";
const std::string sweep = "sweep --algo ring --form B --n 4..6";
const std::string model = "model --topo ring:8 --algo ring-B --m 1KiB";
const std::string prove = "prove --max-s 0 --only last_step_covers";
const std::string shrink = "shrink --algo trivance --form L --topo ring:9 --mutation peer_sign";

const std::vector<NumericOption> options = {
    //                                               -1  0  nan inf huge
    {ring_check, "--m", {2, 2, 2, 2, 0}},
    {ring_check, "--max-violations", {2, 0, 2, 2, 2}},
    {ring_check, "--memory-limit", {2, 2, 2, 2, 0}},  // 0 would mean "none given"
    {smt_check, "--smt-timeout-ms", {2, 0, 2, 2, 2}},
    {smt_check, "--seed", {2, 0, 2, 2, 2}},
    {smt_check, "--smt-rlimit", {2, 0, 2, 2, 2}},
    {draw, "--step", {2, 0, 2, 2, 2}},
    {draw, "--block", {2, 0, 2, 2, 2}},
    {draw, "--rank", {2, 0, 2, 2, 2}},
    {draw, "--violation", {2, 0, 2, 2, 2}},
    {sweep, "--jobs", {2, 0, 2, 2, 2}},
    {sweep, "--memory-limit", {2, 2, 2, 2, 0}},
    {model, "--jobs", {2, 0, 2, 2, 2}},
    {model, "--memory-limit", {2, 2, 2, 2, 0}},
    {"model --topo ring:8 --algo ring-B --m 1KiB..1MiB", "--points", {2, 2, 2, 2, 2}},
    {"model --topo ring:8 --algo ring-B", "--m", {2, 2, 2, 2, 2}},  // a size needs its unit
    {model, "--alpha", {2, 2, 2, 2, 2}},
    {model, "--link", {2, 2, 2, 2, 2}},
    {model, "--beta", {2, 2, 2, 2, 2}},
    {"synth --n 4", "--jobs", {2, 0, 2, 2, 2}},
    {"synth --n 4", "--seed", {2, 0, 2, 2, 2}},
    {"synth --n 4", "--smt-timeout-ms", {2, 4, 2, 2, 2}},  // no time at all: unknown
    {"prove --only last_step_covers", "--max-s", {2, 0, 2, 2, 2}},
    {prove, "--smt-timeout-ms", {2, 0, 2, 2, 2}},
    {prove, "--seed", {2, 0, 2, 2, 2}},
    {"mutate --algo ring --form B --n 4", "--sites", {2, 2, 2, 2, 2}},
    {shrink, "--site", {2, 1, 2, 2, 2}},
};

}  // namespace

TEST_CASE("numeric options: every numeric option with -1, 0, nan, inf and a huge value") {
    for (const NumericOption& row : options)
        for (std::size_t index = 0; index < values.size(); ++index) {
            if (row.exits[index] < 0) continue;
            const std::string arguments = row.command + " " + row.option + " " + values[index];
            CAPTURE(arguments);
            const CommandOutput run = run_trivcheck_stderr(arguments);
            CHECK(run.exit_code == row.exits[index]);
            if (row.exits[index] == 2) CHECK(run.out.find(row.option) != std::string::npos);
        }
}

TEST_CASE("numeric options: a refusal says what was expected") {
    const CommandOutput negative = run_trivcheck_stderr(ring_check + " --max-violations -1");
    CHECK(negative.out.find("--max-violations: expected 0 or more, got -1") != std::string::npos);
    const CommandOutput not_a_number = run_trivcheck_stderr(ring_check + " --m nan");
    CHECK(not_a_number.out.find("--m: expected a finite number above 0, got nan") !=
          std::string::npos);
    const CommandOutput too_large = run_trivcheck_stderr(ring_check + " --m 1e400");
    CHECK(too_large.out.find("--m: expected a finite number above 0, got 1e400") !=
          std::string::npos);
    const CommandOutput no_violation = run_trivcheck_stderr(draw + " --violation -1");
    CHECK(no_violation.out.find("--violation: expected 0 or more, got -1") != std::string::npos);
}

TEST_CASE("numeric options: an empty value, spaces around a number and --memory-limit 0 refused") {
    // Before: --memory-limit 0 and '' silently meant "no limit of its own"
    // (the default), --m '' and ' 1' were accepted (issue 47).
    check_refusals({
        {ring_check + " --memory-limit 0", 2,
         "--memory-limit: expected 1 to 17592186044415 MiB, got 0\nRun with --help for more "
         "information.\n"},
        {ring_check + " --memory-limit ''", 2,
         "--memory-limit: expected a number, got ''\nRun with --help for more information.\n"},
        {ring_check + " --m ''", 2,
         "--m: expected a number, got ''\nRun with --help for more information.\n"},
        {ring_check + " --m ' 1'", 2,
         "--m: expected a number, got ' 1'\nRun with --help for more information.\n"},
        {ring_check + " --max-violations '1 '", 2,
         "--max-violations: expected a number, got '1 '\nRun with --help for more "
         "information.\n"},
    });
}
