#include "checker/schedule_json.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "models/generator.hpp"

using namespace trivcheck;

namespace {

/// A small valid schedule; each error case below changes one piece of it.
const std::string kValid =
    R"({"schema": "trivcheck.schedule/1", "name": "t", "collective": "allreduce",
 "topology": {"kind": "ring", "dims": [4]}, "ranks": 4, "blocks": 4, "ports": 2,
 "steps": [{"phase": "reduce_scatter", "transfers": [
   {"src": 0, "dst": 1, "blocks": [0], "op": "reduce"},
   {"src": 1, "dst": 2, "blocks": "1", "op": "reduce", "route": "+"}]}]})";

/// `text` with `from` (which must occur exactly once) replaced by `to`.
std::string replaced(const std::string& text, const std::string& from, const std::string& to) {
    std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, from);
    REQUIRE_MESSAGE(text.find(from, at + 1) == std::string::npos, from);
    return text.substr(0, at) + to + text.substr(at + from.size());
}

/// kValid with `from` replaced by `to`.
std::string with(const std::string& from, const std::string& to) {
    return replaced(kValid, from, to);
}

std::string error_of(const std::string& text) {
    try {
        parse_schedule_json(text, "t.json");
    } catch (const InputError& error) {
        return error.what();
    }
    return "(no error)";
}

void check_equal(const Schedule& a, const Schedule& b) {
    CHECK(a.name == b.name);
    CHECK(a.algo == b.algo);
    CHECK(a.form == b.form);
    CHECK(a.collective == b.collective);
    CHECK(a.topology.kind == b.topology.kind);
    CHECK(a.topology.dims == b.topology.dims);
    CHECK(a.topology.edges == b.topology.edges);
    CHECK(a.ranks == b.ranks);
    CHECK(a.blocks == b.blocks);
    CHECK(a.ports == b.ports);
    REQUIRE(a.bounds.has_value() == b.bounds.has_value());
    if (a.bounds) {
        CHECK(a.bounds->steps == b.bounds->steps);
        CHECK(a.bounds->link_chunks == b.bounds->link_chunks);
        CHECK(a.bounds->link_bytes == b.bounds->link_bytes);
        CHECK(a.bounds->bytes_per_rank_per_phase == b.bounds->bytes_per_rank_per_phase);
        CHECK(a.bounds->theta == b.bounds->theta);
    }
    REQUIRE(a.steps.size() == b.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        CAPTURE(k);
        CHECK(a.steps[k].phase == b.steps[k].phase);
        REQUIRE(a.steps[k].transfers.size() == b.steps[k].transfers.size());
        for (std::size_t i = 0; i < a.steps[k].transfers.size(); ++i) {
            CAPTURE(i);
            const Transfer& x = a.steps[k].transfers[i];
            const Transfer& y = b.steps[k].transfers[i];
            CHECK(x.src == y.src);
            CHECK(x.dst == y.dst);
            CHECK(x.op == y.op);
            CHECK(x.route == y.route);
            CHECK(x.blocks.sorted() == y.blocks.sorted());
        }
    }
}

/// Writes, reads back, compares, and checks that writing again gives the
/// same text (the writer is deterministic and the reader loses nothing).
void check_round_trip(const Schedule& schedule) {
    const std::string text = write_schedule_json(schedule);
    Schedule read = parse_schedule_json(text, "round-trip.json");
    check_equal(schedule, read);
    CHECK(write_schedule_json(read) == text);
    for (const Step& step : read.steps)
        for (const Transfer& transfer : step.transfers)
            CHECK(transfer.blocks.modulus() == read.blocks);
}

}  // namespace

TEST_CASE("a valid schedule reads with its defaults") {
    Schedule schedule = parse_schedule_json(kValid, "t.json");
    CHECK(schedule.name == "t");
    CHECK(schedule.algo.empty());
    CHECK(schedule.collective == Collective::allreduce);
    CHECK(schedule.topology.kind == TopologyKind::ring);
    CHECK(schedule.ranks == 4);
    CHECK(schedule.blocks == 4);
    CHECK(schedule.ports == 2);
    CHECK_FALSE(schedule.bounds.has_value());
    REQUIRE(schedule.steps.size() == 1);
    CHECK(schedule.steps[0].phase == "reduce_scatter");
    REQUIRE(schedule.steps[0].transfers.size() == 2);
    CHECK(schedule.steps[0].transfers[0].route == Route::shortest);
    CHECK(schedule.steps[0].transfers[1].route == Route::plus);
    CHECK(schedule.steps[0].transfers[1].blocks.sorted() == std::vector<int>{1});

    Schedule unlabelled = parse_schedule_json(with(R"("phase": "reduce_scatter", )", ""), "t.json");
    CHECK(unlabelled.steps[0].phase.empty());
    Schedule labelled = parse_schedule_json(
        with(R"("name": "t",)", R"("name": "t", "algo": "trivance", "form": "B",)"), "t.json");
    CHECK(labelled.algo == "trivance");
    CHECK(labelled.form == "B");
}

TEST_CASE("schedule errors name the file, the JSON path and what was expected") {
    struct Case {
        std::string input;
        std::string error;
    };
    const std::string one_of_top =
        "unknown field (expected one of: schema, name, algo, form, collective, topology, ranks, "
        "blocks, ports, bounds, steps)";
    const std::string graph =
        R"("topology": {"kind": "graph", "dims": [4], "edges": [[0, 1], [1, 2], [2, 3], [3, 0]]})";
    const Case cases[] = {
        // Malformed JSON: a position, since there is no path yet.
        {"",
         "t.json:1:1: malformed JSON: syntax error while parsing value - unexpected end of "
         "input; expected '[', '{', or a literal"},
        {"{\"schema\": \"trivcheck.schedule/1\",\n \"ranks\": 4,,}",
         "t.json:2:13: malformed JSON: syntax error while parsing object key - unexpected ','; "
         "expected string literal"},
        {kValid.substr(0, kValid.size() - 2),
         "t.json:5:71: malformed JSON: syntax error while parsing array - unexpected end of "
         "input; expected ']'"},
        {kValid + "x",
         "t.json:5:73: malformed JSON: syntax error while parsing value - invalid "
         "literal; last read: '\"+\"}]}]}x'; expected end of input"},
        {with(R"("ranks": 4,)", R"("ranks": 4, "ranks": 5,)"),
         "t.json: ranks: duplicate field (each field may appear once)"},
        {with(R"("blocks": "1", )", R"("blocks": "1", "src": 1, )"),
         "t.json: steps[0].transfers[1].src: duplicate field (each field may appear once)"},

        // The document and its schema.
        {"[1, 2]", "t.json: expected a schedule object, got an array"},
        {with(R"("schema": "trivcheck.schedule/1", )", ""),
         "t.json: missing required field \"schema\" (expected \"trivcheck.schedule/1\")"},
        {with("trivcheck.schedule/1", "trivcheck.schedule/2"),
         "t.json: schema: expected \"trivcheck.schedule/1\", got string "
         "\"trivcheck.schedule/2\""},
        {with(R"("schema": "trivcheck.schedule/1")", R"("schema": 1)"),
         "t.json: schema: expected \"trivcheck.schedule/1\", got 1"},

        // Unknown and missing fields, anywhere.
        {with(R"("collective")", R"("colective")"), "t.json: colective: " + one_of_top},
        {with(R"("blocks": [0], "op": "reduce")", R"("blocks": [0], "op": "reduce", "weight": 1)"),
         "t.json: steps[0].transfers[0].weight: unknown field (expected one of: src, dst, blocks, "
         "op, route)"},
        {with(R"("dims": [4])", R"("dims": [4], "size": 4)"),
         "t.json: topology.size: unknown field (expected one of: kind, dims, edges)"},
        {with(R"("phase": "reduce_scatter")", R"("phase": "reduce_scatter", "label": "x")"),
         "t.json: steps[0].label: unknown field (expected one of: phase, transfers)"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"time": 1},)"),
         "t.json: bounds.time: unknown field (expected one of: steps, link_chunks, link_bytes, "
         "bytes_per_rank_per_phase, theta)"},
        {with(R"("ports": 2,)", ""), "t.json: missing required field \"ports\""},
        {with(R"(, "op": "reduce", "route": "+")", ""),
         "t.json: steps[0].transfers[1]: missing required field \"op\""},
        {with(R"("kind": "ring", )", ""), "t.json: topology: missing required field \"kind\""},
        {with(R"("phase": "reduce_scatter", "transfers": [)", R"("phase": "x", "moves": [)"),
         "t.json: steps[0].moves: unknown field (expected one of: phase, transfers)"},

        // Wrong types and values of top-level fields.
        {with(R"("ranks": 4)", R"("ranks": "4")"),
         "t.json: ranks: expected an integer >= 1, got string \"4\""},
        {with(R"("ranks": 4)", R"("ranks": 0)"), "t.json: ranks: expected an integer >= 1, got 0"},
        {with(R"("ranks": 4)", R"("ranks": 4.0)"),
         "t.json: ranks: expected an integer >= 1, got 4.0"},
        {with(R"("blocks": 4)", R"("blocks": 3000000000)"),
         "t.json: blocks: expected an integer in [1, 2147483647], got 3000000000"},
        {with(R"("blocks": 4)", R"("blocks": 18446744073709551615)"),
         "t.json: blocks: expected an integer in [1, 2147483647], got 18446744073709551615"},
        {with(R"("ports": 2)", R"("ports": true)"),
         "t.json: ports: expected an integer >= 1, got true"},
        {with(R"("collective": "allreduce")", R"("collective": "allreduc")"),
         "t.json: collective: expected \"allreduce\", \"reduce_scatter\", or \"allgather\", got "
         "string \"allreduc\""},
        {with(R"("name": "t")", R"("name": 5)"), "t.json: name: expected a string, got 5"},
        {with(R"("name": "t")", R"("name": "t", "algo": null)"),
         "t.json: algo: expected a string, got null"},

        // Steps and transfers: types.
        {R"({"schema": "trivcheck.schedule/1", "collective": "allreduce",
            "topology": {"kind": "ring", "dims": [4]}, "ranks": 4, "blocks": 4, "ports": 2,
            "steps": {}})",
         "t.json: steps: expected an array of steps, got an object"},
        {with(R"("steps": [{"phase")", R"("steps": [[], {"phase")"),
         "t.json: steps[0]: expected a step object, got an array"},
        {with(R"("phase": "reduce_scatter")", R"("phase": null)"),
         "t.json: steps[0].phase: expected a string, got null"},
        {with(R"("src": 0)", R"("src": "0")"),
         "t.json: steps[0].transfers[0].src: expected a rank in [0, 4), got string \"0\""},
        {with(R"("src": 0)", R"("src": 0.5)"),
         "t.json: steps[0].transfers[0].src: expected a rank in [0, 4), got 0.5"},
        {with(R"({"src": 0, "dst": 1, "blocks": [0], "op": "reduce"})", "3"),
         "t.json: steps[0].transfers[0]: expected a transfer object, got 3"},
        {with(R"("transfers": [)", R"("transfers": [[], )"),
         "t.json: steps[0].transfers[0]: expected a transfer object, got an array"},
        {with(R"("op": "reduce", "route")", R"("op": "sum", "route")"),
         "t.json: steps[0].transfers[1].op: expected \"reduce\" or \"copy\", got string \"sum\""},
        {with(R"("route": "+")", R"("route": "left")"),
         "t.json: steps[0].transfers[1].route: expected \"+\", \"-\", or \"shortest\", got string "
         "\"left\""},
        {with(R"("blocks": [0])", R"("blocks": 3)"),
         "t.json: steps[0].transfers[0].blocks: expected a list of block numbers or a block-set "
         "string such as \"0-3,8:20:4\", got 3"},
        {with(R"("blocks": [0])", R"("blocks": [0, "1"])"),
         "t.json: steps[0].transfers[0].blocks[1]: expected a block in [0, 4), got string \"1\""},

        // Ranks and blocks out of range, self-sends, duplicates.
        {with(R"("dst": 1,)", R"("dst": 9,)"),
         "t.json: steps[0].transfers[0].dst: rank 9 out of range [0, 4)"},
        {with(R"("src": 1,)", R"("src": -1,)"),
         "t.json: steps[0].transfers[1].src: rank -1 out of range [0, 4)"},
        {with(R"("dst": 1,)", R"("dst": 0,)"),
         "t.json: steps[0].transfers[0]: self-send: src and dst are both rank 0"},
        {with(R"("blocks": [0])", R"("blocks": [0, 4])"),
         "t.json: steps[0].transfers[0].blocks[1]: block 4 out of range [0, 4)"},
        {with(R"("blocks": "1")", R"("blocks": "1-4")"),
         "t.json: steps[0].transfers[1].blocks: item \"1-4\": block 4 out of range [0, 4)"},
        {with(R"("blocks": [0])", R"("blocks": [])"),
         "t.json: steps[0].transfers[0].blocks: expected at least one block"},
        {with(R"("blocks": "1")", R"("blocks": "")"),
         "t.json: steps[0].transfers[1].blocks: expected at least one block"},
        {with(R"("blocks": [0])", R"("blocks": [0, 2, 0])"),
         "t.json: steps[0].transfers[0].blocks[2]: block 0 listed twice"},
        {with(R"("blocks": "1")", R"("blocks": "0-2,1")"),
         "t.json: steps[0].transfers[1].blocks: block 1 listed twice"},

        // Bad block strings.
        {with(R"("blocks": "1")", R"("blocks": "1;2")"),
         "t.json: steps[0].transfers[1].blocks: item \"1;2\": expected a block number, a range "
         "a-b or start:stop:stride"},
        {with(R"("blocks": "1")", R"("blocks": "3-1")"),
         "t.json: steps[0].transfers[1].blocks: item \"3-1\": empty range (3 > 1)"},
        {with(R"("blocks": "1")", R"("blocks": "0:4:0")"),
         "t.json: steps[0].transfers[1].blocks: item \"0:4:0\": stride must be at least 1"},
        {with(R"("blocks": "1")", R"("blocks": "0,-1")"),
         "t.json: steps[0].transfers[1].blocks: item \"-1\": negative block number"},

        // Topology.
        {with(R"("kind": "ring")", R"("kind": "mesh")"),
         "t.json: topology.kind: expected \"ring\", \"torus\", or \"graph\", got string "
         "\"mesh\""},
        {with(R"("dims": [4])", R"("dims": [2, 2])"),
         "t.json: topology.dims: expected one entry (the number of ranks) for a ring, got 2"},
        {with(R"("dims": [4])", R"("dims": [5])"),
         "t.json: topology.dims: dims give 5 ranks, but \"ranks\" is 4"},
        {with(R"("kind": "ring", "dims": [4])", R"("kind": "torus", "dims": [3, 3])"),
         "t.json: topology.dims: dims give 9 ranks, but \"ranks\" is 4"},
        {with(R"("kind": "ring", "dims": [4])", R"("kind": "torus", "dims": [2, 0])"),
         "t.json: topology.dims[1]: expected an integer >= 1, got 0"},
        {with(R"("kind": "ring", "dims": [4])", R"("kind": "torus", "dims": [])"),
         "t.json: topology.dims: expected at least one dimension, got none"},
        {with(R"("dims": [4])", R"("dims": 4)"),
         "t.json: topology.dims: expected an array of integers >= 1, got 4"},
        {with(R"("dims": [4])", R"("dims": [4], "edges": [[0, 1]])"),
         "t.json: topology.edges: only allowed when \"kind\" is \"graph\""},
        {with(R"("kind": "ring", "dims": [4])", R"("kind": "graph", "dims": [4])"),
         "t.json: topology: missing required field \"edges\" (a graph needs its links)"},
        {with(R"("topology": {"kind": "ring", "dims": [4]})",
              R"("topology": {"kind": "graph", "dims": [4], "edges": [[0, 1], [1, 4]]})"),
         "t.json: topology.edges[1][1]: rank 4 out of range [0, 4)"},
        {with(R"("topology": {"kind": "ring", "dims": [4]})",
              R"("topology": {"kind": "graph", "dims": [4], "edges": [[0, 1], [2, 2]]})"),
         "t.json: topology.edges[1]: self-loop at rank 2"},
        {with(R"("topology": {"kind": "ring", "dims": [4]})",
              R"("topology": {"kind": "graph", "dims": [4], "edges": [[0, 1, 2]]})"),
         "t.json: topology.edges[0]: expected a pair of ranks [u, v], got an array"},
        {with(R"("topology": {"kind": "ring", "dims": [4]})",
              R"("topology": {"kind": "graph", "dims": [4], "edges": [[0, 1], [3, 2]]})"),
         "t.json: steps[0].transfers[1]: no path from rank 1 to rank 2 in the graph"},
        {with(R"("topology": {"kind": "ring", "dims": [4]})", graph),
         "t.json: steps[0].transfers[1].route: a direction is only meaningful on a ring or "
         "torus"},

        // Bounds.
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"link_chunks": [1, 1]},)"),
         "t.json: bounds.link_chunks: expected one number per step (1) or a single number, got 2 "
         "numbers"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"link_chunks": [1.5]},)"),
         "t.json: bounds.link_chunks[0]: expected an integer >= 0, got 1.5"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"link_bytes": "x"},)"),
         "t.json: bounds.link_bytes: expected a number >= 0, or an array of one per step, got "
         "string \"x\""},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"theta": -1},)"),
         "t.json: bounds.theta: expected a number >= 0, got -1"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"steps": 1.5},)"),
         "t.json: bounds.steps: expected an integer >= 0, got 1.5"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": [],)"),
         "t.json: bounds: expected a bounds object, got an array"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"bytes_per_rank_per_phase": null},)"),
         "t.json: bounds.bytes_per_rank_per_phase: expected a number >= 0, got null"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.input);
        CHECK(error_of(c.input) == c.error);
    }
}

TEST_CASE("the first error in document order wins, wherever the header is") {
    // Transfers are checked while parsing when the header comes first (the
    // writer's order) and afterwards otherwise; both must give the same
    // answers, and a transfer's error must not hide an earlier one.
    const std::string header_last =
        R"({"schema": "trivcheck.schedule/1", "steps": [
             {"transfers": [{"src": 0, "dst": 1, "blocks": [0], "op": "reduce"}]},
             {"transfers": [{"src": 0, "dst": 9, "blocks": [0], "op": "reduce"}]}],
           "collective": "allreduce", "topology": {"kind": "ring", "dims": [4]},
           "ranks": 4, "blocks": 4, "ports": 2})";
    CHECK(error_of(header_last) == "t.json: steps[1].transfers[0].dst: rank 9 out of range [0, 4)");
    const std::string bad_dst = with(R"("dst": 1,)", R"("dst": 9,)");
    CHECK(error_of(bad_dst.substr(0, bad_dst.size() - 1) + ", \"zzz\": 1}") ==
          "t.json: zzz: " +
              std::string("unknown field (expected one of: schema, name, algo, form, collective, "
                          "topology, ranks, blocks, ports, bounds, steps)"));
    CHECK(error_of(bad_dst.substr(0, bad_dst.size() - 1) + ", \"ports\": 3}") ==
          "t.json: ports: duplicate field (each field may appear once)");
    CHECK(error_of(bad_dst + "}") ==
          "t.json:5:73: malformed JSON: syntax error while parsing value - unexpected '}'; "
          "expected end of input");
    CHECK(error_of(replaced(with(R"("phase": "reduce_scatter")", R"("phase": 7)"), R"("dst": 1,)",
                            R"("dst": 0,)")) == "t.json: steps[0].phase: expected a string, got 7");
    CHECK(error_of(replaced(with(R"("ports": 2,)", R"("ports": 2, "bounds": {"theta": "x"},)"),
                            R"("dst": 1,)", R"("dst": 0,)")) ==
          "t.json: bounds.theta: expected a number >= 0, got string \"x\"");

    // The same valid schedule read both ways.
    std::string valid_header_last = header_last;
    valid_header_last.replace(valid_header_last.find(R"("dst": 9)"), 8, R"("dst": 2)");
    Schedule late = parse_schedule_json(valid_header_last, "t.json");
    REQUIRE(late.steps.size() == 2);
    CHECK(late.steps[1].transfers[0].dst == 2);
    check_round_trip(late);
}

TEST_CASE("a header field that is itself wrong is reported before any transfer") {
    CHECK(error_of(replaced(with(R"("blocks": 4)", R"("blocks": 0)"), R"("blocks": [0])",
                            R"("blocks": [7])")) ==
          "t.json: blocks: expected an integer >= 1, got 0");
    CHECK(error_of(
              replaced(with(R"("dims": [4])", R"("dims": [5])"), R"("dst": 1,)", R"("dst": 7,)")) ==
          "t.json: topology.dims: dims give 5 ranks, but \"ranks\" is 4");
}

TEST_CASE("InputError keeps its parts for callers that format their own report") {
    try {
        parse_schedule_json(with(R"("dst": 1,)", R"("dst": 9,)"), "s.json");
        FAIL("no error");
    } catch (const InputError& error) {
        CHECK(error.file == "s.json");
        CHECK(error.path == "steps[0].transfers[0].dst");
        CHECK(error.expected == "rank 9 out of range [0, 4)");
        CHECK(error.line == 0);
    }
    try {
        parse_schedule_json("{\n  nope", "s.json");
        FAIL("no error");
    } catch (const InputError& error) {
        CHECK(error.file == "s.json");
        CHECK(error.path.empty());
        CHECK(error.line == 2);
        CHECK(error.column == 4);
    }
}

TEST_CASE("bounds read as one number for every step or one per step") {
    Schedule schedule = parse_schedule_json(
        with(R"("ports": 2,)",
             R"("ports": 2, "bounds": {"steps": 1, "link_chunks": 3, "link_bytes": [0.25],
                 "bytes_per_rank_per_phase": 1, "theta": 0.5},)"),
        "t.json");
    REQUIRE(schedule.bounds.has_value());
    CHECK(schedule.bounds->steps == 1);
    CHECK(schedule.bounds->link_chunks == std::vector<std::int64_t>{3});
    CHECK(schedule.bounds->link_bytes == std::vector<double>{0.25});
    CHECK(schedule.bounds->bytes_per_rank_per_phase == 1.0);
    CHECK(schedule.bounds->theta == 0.5);
}

TEST_CASE("block sets that are rotations of one another share one pattern") {
    Schedule schedule = parse_schedule_json(
        R"({"schema": "trivcheck.schedule/1", "collective": "allreduce",
            "topology": {"kind": "ring", "dims": [6]}, "ranks": 6, "blocks": 6, "ports": 2,
            "steps": [{"transfers": [
              {"src": 0, "dst": 1, "blocks": [0, 1, 3], "op": "reduce"},
              {"src": 1, "dst": 2, "blocks": "2-3,5", "op": "reduce"},
              {"src": 2, "dst": 3, "blocks": [5, 0, 2], "op": "reduce"},
              {"src": 3, "dst": 4, "blocks": [0, 1, 2], "op": "reduce"}]}]})",
        "t.json");
    const std::vector<Transfer>& transfers = schedule.steps[0].transfers;
    CHECK(transfers[0].blocks.sorted() == std::vector<int>{0, 1, 3});
    CHECK(transfers[1].blocks.sorted() == std::vector<int>{2, 3, 5});
    CHECK(transfers[2].blocks.sorted() == std::vector<int>{0, 2, 5});
    CHECK(transfers[3].blocks.sorted() == std::vector<int>{0, 1, 2});
    CHECK(transfers[0].blocks.pattern() == transfers[1].blocks.pattern());
    CHECK(transfers[0].blocks.pattern() == transfers[2].blocks.pattern());
    CHECK(transfers[0].blocks.pattern() != transfers[3].blocks.pattern());
}

TEST_CASE("generated schedules round-trip exactly") {
    struct Case {
        const char* algo;
        Form form;
        int ranks;
    };
    const Case cases[] = {
        {"trivance", Form::B, 9},  {"trivance", Form::B, 10}, {"trivance", Form::B, 27},
        {"trivance", Form::B, 28}, {"trivance", Form::B, 2},  {"trivance", Form::L, 4},
        {"trivance", Form::L, 9},  {"ring", Form::B, 4},      {"ring", Form::B, 7},
    };
    for (const Case& c : cases) {
        CAPTURE(c.algo);
        CAPTURE(c.ranks);
        GeneratorRequest request;
        request.algo = c.algo;
        request.form = c.form;
        request.topology = Topology::ring(c.ranks);
        check_round_trip(generate(request));
    }
}

TEST_CASE("hand-built schedules round-trip exactly") {
    SUBCASE("rotated shared patterns, labels, bounds with fractions") {
        Schedule schedule;
        schedule.name = "odd \"name\" with unicode \xC3\xA9 and \\ backslash";
        schedule.algo = "trivance";
        schedule.form = "B";
        schedule.collective = Collective::reduce_scatter;
        schedule.topology = Topology::ring(20);
        schedule.ranks = 20;
        schedule.blocks = 20;
        schedule.ports = 2;
        schedule.bounds = Bounds{3, {1, 2, 3}, {1.0 / 3.0}, 0.95, 2.0 / 3.0};
        auto pattern = std::make_shared<const std::vector<int>>(
            std::vector<int>{0, 1, 2, 3, 5, 7, 9, 11, 13, 19});
        for (int k = 0; k < 3; ++k) {
            Step step{k == 2 ? "" : "reduce_scatter", {}};
            for (int r = 0; r < 20; ++r)
                step.transfers.push_back(Transfer{r, (r + 1 + k) % 20,
                                                  BlockSet(pattern, r * 7 + k, 20),
                                                  k == 1 ? Op::copy : Op::reduce,
                                                  r % 3 == 0   ? Route::plus
                                                  : r % 3 == 1 ? Route::minus
                                                               : Route::shortest});
            schedule.steps.push_back(std::move(step));
        }
        check_round_trip(schedule);
    }
    SUBCASE("torus, graph, empty steps, one bound for every step") {
        Schedule torus;
        torus.collective = Collective::allgather;
        torus.topology = Topology{TopologyKind::torus, {3, 3}, {}};
        torus.ranks = 9;
        torus.blocks = 1;
        torus.ports = 4;
        torus.bounds = Bounds{};
        torus.steps.push_back(Step{"allgather", {}});
        torus.steps.push_back(
            Step{"allgather", {Transfer{0, 8, BlockSet::all(1), Op::copy, Route::minus}}});
        check_round_trip(torus);

        Schedule graph;
        graph.topology = Topology{TopologyKind::graph, {4}, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}};
        graph.ranks = 4;
        graph.blocks = 4;
        graph.bounds = Bounds{std::nullopt, {5}, {0.1, 0.2}, std::nullopt, std::nullopt};
        graph.steps.push_back(
            Step{"", {Transfer{0, 2, BlockSet::all(4), Op::reduce, Route::shortest}}});
        graph.steps.push_back(
            Step{"x", {Transfer{3, 1, BlockSet({1, 3}, 4), Op::reduce, Route::shortest}}});
        check_round_trip(graph);

        Schedule empty;
        empty.topology = Topology::ring(1);
        empty.ranks = 1;
        check_round_trip(empty);
    }
}

TEST_CASE("the writer's layout: fixed field order, one transfer per line") {
    Schedule schedule;
    schedule.name = "tiny";
    schedule.topology = Topology::ring(2);
    schedule.ranks = 2;
    schedule.blocks = 12;
    schedule.bounds = Bounds{2, {1}, {}, std::nullopt, 0.5};
    std::vector<int> many{0, 1, 2, 3, 4, 5, 6, 8, 10};
    schedule.steps.push_back(Step{"reduce_scatter",
                                  {Transfer{0, 1, BlockSet({3, 1}, 12), Op::reduce, Route::plus},
                                   Transfer{1, 0, BlockSet(many, 12), Op::copy, Route::shortest}}});
    CHECK(write_schedule_json(schedule) ==
          R"({
  "schema": "trivcheck.schedule/1",
  "name": "tiny",
  "collective": "allreduce",
  "topology": {"kind": "ring", "dims": [2]},
  "ranks": 2,
  "blocks": 12,
  "ports": 2,
  "bounds": {"steps": 2, "link_chunks": 1, "theta": 0.5},
  "steps": [
    {"phase": "reduce_scatter", "transfers": [
      {"src": 0, "dst": 1, "blocks": [1, 3], "op": "reduce", "route": "+"},
      {"src": 1, "dst": 0, "blocks": "0-6,8,10", "op": "copy"}
    ]}
  ]
}
)");
}

TEST_CASE("files: write, read back, and a missing file is an input error") {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::B;
    request.topology = Topology::ring(10);
    Schedule schedule = generate(request);
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() / "trivcheck-schedule-json-test.json";
    write_schedule_file(schedule, path.string());
    check_equal(schedule, read_schedule_file(path.string()));
    std::filesystem::remove(path);

    // Large enough that the file is written in several pieces.
    request.algo = "ring";
    request.topology = Topology::ring(120);
    const Schedule large = generate(request);
    write_schedule_file(large, path.string());
    std::ifstream written(path, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(written)),
                           std::istreambuf_iterator<char>());
    CHECK(text.size() > (std::size_t{3} << 20));
    CHECK(text == write_schedule_json(large));
    std::filesystem::remove(path);

    CHECK_THROWS_WITH_AS(read_schedule_file("/nonexistent/dir/x.json"),
                         "/nonexistent/dir/x.json: cannot open: No such file or directory",
                         InputError);
    CHECK_THROWS_AS(write_schedule_file(schedule, "/nonexistent/dir/x.json"), std::runtime_error);
}

TEST_CASE("every shared example schedule reads and round-trips") {
    const std::filesystem::path examples =
        std::filesystem::path(TRIVCHECK_SOURCE_DIR) / ".." / "shared" / "examples";
    if (!std::filesystem::is_directory(examples)) {
        MESSAGE("skipped: no examples at " << examples.string());
        return;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(examples))
        if (entry.path().extension() == ".json") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    CHECK(!files.empty());
    for (const std::filesystem::path& file : files) {
        CAPTURE(file.string());
        Schedule schedule = read_schedule_file(file.string());
        CHECK(schedule.ranks >= 1);
        CHECK(!schedule.steps.empty());
        check_round_trip(schedule);
    }
}

TEST_CASE("damaged files only ever give input errors") {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::B;
    request.topology = Topology::ring(10);
    const std::string text = write_schedule_json(generate(request));
    auto outcome = [](const std::string& damaged) {
        try {
            parse_schedule_json(damaged, "d.json");
            return std::string("read");
        } catch (const InputError&) {
            return std::string("input error");
        } catch (const std::exception& error) {
            return std::string("other exception: ") + error.what();
        }
    };
    SUBCASE("every cut short") {
        for (std::size_t length = 0; length + 1 < text.size(); length += 7) {
            CAPTURE(length);
            CHECK(outcome(text.substr(0, length)) == "input error");
        }
    }
    SUBCASE("single bytes changed") {
        const std::string replacements = "{}[]\",:0123456789-+.eE \ntruefalsnl\\x";
        std::mt19937 random(7);
        for (int trial = 0; trial < 3000; ++trial) {
            std::string damaged = text;
            damaged[random() % damaged.size()] = replacements[random() % replacements.size()];
            CAPTURE(damaged);
            const std::string result = outcome(damaged);
            CHECK(result.rfind("other exception", 0) == std::string::npos);
        }
    }
}
