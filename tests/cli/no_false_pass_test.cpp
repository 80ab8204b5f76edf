// A gate never passes what it did not check (issue 16, item 1): for every
// command that can exit 0, an input it cannot decide exits 4 (unknown) or 2
// (nothing applicable), never 0. The smt engine's structure checks are in
// tests/proofs/smt_structure_test.cpp.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

/// A schedule file of `ranks` ranks and `blocks` blocks with one transfer:
/// small on disk, enormous to check.
std::string huge_schedule(long ranks, long blocks, bool every_rank = false) {
    const std::string path = unique_temp_path("huge") + ".json";
    std::ofstream(path)
        << R"({"schema": "trivcheck.schedule/1", "name": "huge",
 "collective": "allreduce", "topology": {"kind": "ring", "dims": [)"
        << ranks << R"(]}, "ranks": )" << ranks << R"(, "blocks": )" << blocks
        << R"(, "ports": 2, "steps": [{)" << (every_rank ? R"("every_rank": true, )" : "")
        << R"("transfers": [{"src": 0, "dst": 1, "blocks": [0], "op": "reduce"}]}]})";
    return path;
}

}  // namespace

TEST_CASE("no false pass: check refuses a 100-million-rank file before building it (exit 4)") {
    const std::string file = huge_schedule(100'000'000, 100'000'000);
    const CommandOutput run = run_trivcheck_stderr("check " + file);
    CHECK(run.exit_code == 4);
    // The refusal names the file first (docs/robustness.md, "Memory limits").
    CHECK(run.out.starts_with("unknown (resource limit): " + file + ": checking huge "));
}

TEST_CASE("no false pass: the memory estimate counts per-link figures, not only the cells") {
    // 100 million ranks of one block: 400 MB of cells, but about 6 GB of link loads and
    // per-rank figures; this used to run for minutes past a 1000 MiB limit.
    const CommandOutput run = run_trivcheck_stderr("check " + huge_schedule(100'000'000, 1, true) +
                                                   " --memory-limit 1000");
    CHECK(run.exit_code == 4);
    CHECK(run.out.find("more than the limit of 1000 MiB") != std::string::npos);
}

TEST_CASE("no false pass: --engine smt refuses a large rotation orbit before expanding it") {
    const CommandOutput run =
        run_trivcheck_stderr("check " + huge_schedule(100'000'000, 1, true) + " --engine smt");
    CHECK(run.exit_code == 2);
    CHECK(run.out ==
          "not applicable: the smt engine checks at most 32 ranks; huge has 100000000 (use "
          "--engine symbolic)\n");
}

TEST_CASE("no false pass: shrink and draw of a file too large to check exit 4") {
    const std::string huge = huge_schedule(100'000'000, 100'000'000);
    CHECK(
        run_trivcheck("shrink " + huge + " -o " + unique_temp_path("shrunk") + ".json").exit_code ==
        4);
    CHECK(run_trivcheck("draw " + huge + " -o " + unique_temp_path("drawn") + ".svg").exit_code ==
          4);
}

TEST_CASE("no false pass: a sweep that checked nothing is not a pass") {
    CHECK(run_trivcheck("sweep --algo ring --form L --n 4,5").exit_code == 2);
    CHECK(run_trivcheck("sweep --algo ring --form B --n 64 --memory-limit 1").exit_code == 4);
    // Some sizes applicable: those were checked, and hold.
    CHECK(run_trivcheck("sweep --algo trivance --form L --last-step fold --n 4,9").exit_code == 0);
}

TEST_CASE("no false pass: mutate exits 4 when it could not confirm a rejection, or had nothing") {
    // n = 256: the reference replay (n^2 B counters) is too large to confirm rejections.
    const CommandOutput large =
        run_trivcheck_stderr("mutate --algo ring --form B --n 256 --sites 1");
    CHECK(large.exit_code == 4);
    CHECK(large.out.find("too large for the reference replay to confirm") != std::string::npos);
    // Trivance L at n = 4 double-counts as published: no correct original to mutate.
    const CommandOutput none = run_trivcheck_stderr("mutate --algo trivance --form L --n 4");
    CHECK(none.exit_code == 4);
    CHECK(none.out == "unknown: no size gave a correct original to mutate\n");
}

TEST_CASE("no false pass: prove and synth exit 4 when the solver gives up") {
    CHECK(run_trivcheck("prove --max-s 3 --smt-timeout-ms 1").exit_code == 4);
    CHECK(run_trivcheck("synth --n 40 --smt-timeout-ms 1").exit_code == 4);
}

TEST_CASE("no false pass: a header too large for any check is refused before its steps are read") {
    // Two billion ranks: at least 2e9 x 60 bytes of figures, whatever the steps are.
    const CommandOutput run = run_trivcheck_stderr("check " + huge_schedule(2'000'000'000, 1));
    CHECK(run.exit_code == 4);
    CHECK(run.out.find("ranks, 1 blocks) needs at least ") != std::string::npos);
    CHECK(run.out.find("refused before reading its steps") != std::string::npos);
}
