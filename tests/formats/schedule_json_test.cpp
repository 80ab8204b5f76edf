#include "checker/formats/schedule_json.hpp"

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
#include "tests/schedule_json_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

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
        "blocks, ports, buffers, bounds, steps)";
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
         "op, route, src_buffer, dst_buffer)"},
        {with(R"("dims": [4])", R"("dims": [4], "size": 4)"),
         "t.json: topology.size: unknown field (expected one of: kind, dims, edges)"},
        {with(R"("phase": "reduce_scatter")", R"("phase": "reduce_scatter", "label": "x")"),
         "t.json: steps[0].label: unknown field (expected one of: phase, every_rank, local, "
         "transfers)"},
        {with(R"("ports": 2,)", R"("ports": 2, "bounds": {"time": 1},)"),
         "t.json: bounds.time: unknown field (expected one of: steps, link_chunks, link_bytes, "
         "bytes_per_rank_per_phase, theta)"},
        {with(R"("ports": 2,)", ""), "t.json: missing required field \"ports\""},
        {with(R"(, "op": "reduce", "route": "+")", ""),
         "t.json: steps[0].transfers[1]: missing required field \"op\""},
        {with(R"("kind": "ring", )", ""), "t.json: topology: missing required field \"kind\""},
        {with(R"("phase": "reduce_scatter", "transfers": [)", R"("phase": "x", "moves": [)"),
         "t.json: steps[0].moves: unknown field (expected one of: phase, every_rank, local, "
         "transfers)"},

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
         "t.json: topology.kind: expected \"ring\", \"torus\", \"graph\", or \"switch\", got "
         "string "
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
                          "topology, ranks, blocks, ports, buffers, bounds, steps)"));
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
