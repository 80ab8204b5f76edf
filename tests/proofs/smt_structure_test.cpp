// --engine smt never passes what it did not check: ports, unheld sends and
// declared bounds beside Z3's counts (proofs/smt_structure.hpp).
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "checker/formats/schedule_json.hpp"
#include "proofs/smt_structure.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// A correct ring all-reduce of 4 ranks (ring B) with `bounds` declared.
std::string ring_with_bounds(const std::string& bounds, const std::string& topology) {
    Schedule schedule = ring_schedule("ring", Form::B, 4);
    std::string text = write_schedule_json(schedule);
    const std::string ranks = "  \"ranks\": 4,\n";
    text.replace(text.find(ranks), ranks.size(), ranks + "  \"bounds\": " + bounds + ",\n");
    const std::string ring = R"({"kind": "ring", "dims": [4]})";
    if (text.find(ring) != std::string::npos) text.replace(text.find(ring), ring.size(), topology);
    return text;
}

std::string written(const std::string& text) {
    const std::string path = unique_temp_path("smt-structure") + ".json";
    std::ofstream(path) << text;
    return path;
}

}  // namespace

TEST_CASE("smt engine: an exceeded declared bound is a violation, exit 1") {
    const std::string path =
        written(ring_with_bounds(R"({"link_chunks": 0})", R"({"kind": "ring", "dims": [4]})"));
    const Schedule schedule = read_schedule_file(path);
    const proofs::StructureOutcome outcome = proofs::check_structure(schedule);
    CHECK(outcome.check.verdict == Verdict::violated);
    REQUIRE(outcome.violation.has_value());
    CHECK(outcome.violation->kind == ViolationKind::bound_exceeded);
    CHECK(outcome.violation->detail.rfind("link_chunks in step 0: ", 0) == 0);
    CHECK(outcome.unchecked.empty());
    const CommandOutput run = run_trivcheck("check " + path + " --engine smt");
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("verdict: violated") != std::string::npos);
    CHECK(run.out.find("bound_exceeded") != std::string::npos);
}

TEST_CASE("smt engine: a correct schedule within its bounds holds, exit 0") {
    const std::string path =
        written(ring_with_bounds(R"({"link_chunks": 1})", R"({"kind": "ring", "dims": [4]})"));
    const proofs::StructureOutcome outcome = proofs::check_structure(read_schedule_file(path));
    CHECK(outcome.check.verdict == Verdict::holds);
    CHECK(run_trivcheck("check " + path + " --engine smt").exit_code == 0);
}

TEST_CASE("smt engine: bounds it cannot check make the answer unknown, exit 4") {
    const std::string path =
        written(ring_with_bounds(R"({"link_chunks": 1})", R"({"kind": "torus", "dims": [4]})"));
    const proofs::StructureOutcome outcome = proofs::check_structure(read_schedule_file(path));
    CHECK(outcome.check.verdict == Verdict::not_applicable);
    CHECK(outcome.unchecked == "declared bounds (the reference walk knows rings, not a torus)");
    const CommandOutput run = run_trivcheck_stderr("check " + path + " --engine smt");
    CHECK(run.exit_code == 4);
    CHECK(run.out ==
          "unknown: the counts hold, but --engine smt did not check declared bounds (the "
          "reference walk knows rings, not a torus); run --engine symbolic\n");
}

TEST_CASE("smt engine: a send of a block the sender does not hold is a violation") {
    // Rank 0 sends block 0 from its scratch buffer, which nothing has written.
    const std::string text = R"({"schema": "trivcheck.schedule/1", "collective": "allreduce",
 "topology": {"kind": "ring", "dims": [2]}, "ranks": 2, "blocks": 1, "ports": 2,
 "buffers": ["tmp"],
 "steps": [{"transfers": [
   {"src": 0, "dst": 1, "blocks": [0], "op": "reduce", "src_buffer": "tmp"},
   {"src": 0, "dst": 1, "blocks": [0], "op": "reduce"},
   {"src": 1, "dst": 0, "blocks": [0], "op": "reduce"}]}]})";
    const proofs::StructureOutcome outcome = proofs::check_structure(parse_schedule_json(text, "t"));
    CHECK(outcome.check.verdict == Verdict::violated);
    REQUIRE(outcome.violation.has_value());
    CHECK(outcome.violation->kind == ViolationKind::send_unheld);
}
