// Error paths of the CLI, asserted in full: for each bad input the exit code
// and the exact message on standard error (a table, as in Souper's parser
// tests), so a refusal that names the wrong field or file cannot pass.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::check_refusals;

namespace {

std::string write_temp(const std::string& stem, const std::string& text) {
    const std::string path = testing::unique_temp_path(stem);
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("malformed schedule files: exit 3, the file and the JSON path named") {
    const std::string out_of_range =
        write_temp("trivcheck-rank-7.json",
                   R"({"schema": "trivcheck.schedule/1", "name": "x", "collective": "allreduce",
            "topology": {"kind": "ring", "dims": [3]}, "ranks": 3, "blocks": 1, "ports": 2,
            "steps": [{"phase": "a", "transfers": [
              {"src": 0, "dst": 7, "blocks": [0], "op": "reduce"}]}]})");
    const std::string truncated = write_temp("trivcheck-truncated.json", R"({"schema": )");
    const std::string missing = testing::unique_temp_path("trivcheck-never-written.json");
    check_refusals({
        {"check " + out_of_range, 3,
         "error: " + out_of_range + ": steps[0].transfers[0].dst: rank 7 out of range [0, 3)\n"},
        {"check " + out_of_range + " --json", 3,
         "error: " + out_of_range + ": steps[0].transfers[0].dst: rank 7 out of range [0, 3)\n"},
        {"check " + truncated, 3,
         "error: " + truncated +
             ":1:12: malformed JSON: syntax error while parsing value - unexpected end of "
             "input; expected '[', '{', or a literal\n"},
        {"check " + missing, 3, "error: " + missing + ": cannot open: No such file or directory\n"},
        {"shrink " + missing, 3,
         "error: " + missing + ": cannot open: No such file or directory\n"},
        {"shrink " + out_of_range, 3,
         "error: " + out_of_range + ": steps[0].transfers[0].dst: rank 7 out of range [0, 3)\n"},
    });
    std::remove(out_of_range.c_str());
    std::remove(truncated.c_str());
}

TEST_CASE("bad --topo, --n, --shard and --table values: exit 2 with the option named") {
    check_refusals({
        {"check --algo trivance --form L --topo ring:x", 2,
         "error: --topo: expected a positive size in 'ring:x'\n"},
        {"check --algo trivance --form L --topo cube:3", 2,
         "error: --topo: expected ring:N, switch:N or torus:AxB, got 'cube:3'\n"},
        {"check --algo trivance --form L --n 5..2", 2,
         "error: --n: item \"5..2\": empty range, 5 > 2\n"},
        {"mutate --algo trivance --form L --n 0..3", 2,
         "error: --n: item \"0..3\": ring sizes start at 2\n"},
        {"sweep --algo trivance --n 2..4 --shard 3/2", 2,
         "error: --shard: shard index must be between 1 and 2 (shards are numbered from 1), got "
         "\"3/2\"\n"},
        {"sweep --algo trivance --n 2..4 --shard x", 2,
         "error: --shard: expected i/k (shard i of k, 1 <= i <= k <= 1000000), got \"x\"\n"},
        {"sweep --algo trivance --n 2..4 --table nosuch", 2,
         "--table: nosuch not in {summary,classes}\nRun with --help for more information.\n"},
        {"sweep --algo trivance --n 2..4 --table classes --json", 2,
         "error: --json and --table classes both want stdout; give one\n"},
        {"check --topo ring:4", 2,
         "error: give a schedule FILE, or --algo and --topo (and --form) to generate one\n"},
        // check took a 5D torus that sweep and model refuse (issue 32, item 7): now all refuse.
        {"check --algo trivance --form L --topo torus:3x3x3x3x3", 2,
         "error: --topo: torus item \"3x3x3x3x3\": a torus has 2 to 4 dimensions\n"},
        {"sweep --algo trivance --form L --topo torus:3x3x3x3x3", 2,
         "error: --topo: torus item \"3x3x3x3x3\": a torus has 2 to 4 dimensions\n"},
    });
}

TEST_CASE("gen, shrink and mutate refuse what they cannot do") {
    check_refusals({
        {"gen --algo nosuch --form B --topo ring:4", 2,
         "error: unknown algorithm 'nosuch' (see `trivcheck list`)\n"},
        {"gen --algo trivance --form L --topo ring:4 --last-step nosuch", 2,
         "error: unknown trivance last step 'nosuch' (have: published, fold, synthesized)\n"},
        {"gen --algo trivance --form B --topo ring:4 -o /nonexistent/dir/x.json", 3,
         "error: /nonexistent/dir/x.json: cannot open for writing: No such file or directory\n"},
        {"mutate --algo nosuch --n 2..4", 2,
         "error: unknown algorithm 'nosuch' (see `trivcheck list`)\n"},
        {"mutate --algo trivance --n 2..4 --sites 0", 2, "error: --sites: expected 1 or more\n"},
    });
    // A schedule that holds has nothing to shrink: exit 0, said on standard output.
    const auto holds =
        testing::run_trivcheck("shrink " + testing::source_path("tests/cases/direct-3-holds.json"));
    CHECK(holds.exit_code == 0);
    CHECK(holds.out == "direct-3 holds: nothing to shrink\n");
}
