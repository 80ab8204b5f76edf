// Scratch buffers and local operations in trivcheck.schedule/1 files: what
// the reader accepts, the exact errors it gives, and what the writer writes.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/formats/schedule_json.hpp"
#include "tests/schedule_json_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// A small valid schedule with two scratch buffers; each error case below
/// changes one piece of it.
const std::string kBuffers =
    R"({"schema": "trivcheck.schedule/1", "name": "b", "collective": "allreduce",
 "topology": {"kind": "ring", "dims": [3]}, "ranks": 3, "blocks": 3, "ports": 2,
 "buffers": ["acc", "p0"],
 "steps": [{"phase": "reduce_scatter", "transfers": [
   {"src": 0, "dst": 1, "blocks": [0], "op": "reduce", "dst_buffer": "acc"},
   {"src": 1, "dst": 2, "blocks": "1", "op": "copy", "src_buffer": "p0", "dst_buffer": "main"}]},
  {"local": [{"rank": 1, "src_buffer": "acc", "dst_buffer": "main", "blocks": "0"},
             {"rank": 2, "src_buffer": "main", "dst_buffer": "p0", "blocks": [1, 2], "op": "copy"}],
   "transfers": []}]})";

/// ["b0", "b1", ...]: `count` distinct names.
std::string many_buffers(int count) {
    std::string list = "[";
    for (int i = 0; i < count; ++i) list += (i ? ", \"b" : "\"b") + std::to_string(i) + "\"";
    return list + "]";
}

std::string with_buffers(const std::string& from, const std::string& to) {
    return replaced(kBuffers, from, to);
}

/// Header first (so transfers are read while parsing), "buffers" last.
const std::string kBuffersLast =
    R"({"schema": "trivcheck.schedule/1", "collective": "allreduce",
 "topology": {"kind": "ring", "dims": [3]}, "ranks": 3, "blocks": 3, "ports": 2,
 "steps": [
  {"transfers": [{"src": 0, "dst": 1, "blocks": [0], "op": "reduce", "dst_buffer": "acc"},
                 {"src": 2, "dst": 1, "blocks": [0], "op": "reduce"}]},
  {"transfers": [{"src": 1, "dst": 2, "blocks": [0], "op": "reduce", "src_buffer": "acc"}]}],
 "buffers": ["acc"]})";

}  // namespace

TEST_CASE("buffers, transfer buffers and local operations read with their defaults") {
    const Schedule schedule = parse_schedule_json(kBuffers, "t.json");
    CHECK(schedule.buffers == std::vector<std::string>{"acc", "p0"});
    CHECK(schedule.uses_buffers());
    REQUIRE(schedule.steps.size() == 2);
    const std::vector<Transfer>& transfers = schedule.steps[0].transfers;
    CHECK(transfers[0].src_buffer == main_buffer);
    CHECK(transfers[0].dst_buffer == 1);
    CHECK(transfers[1].src_buffer == 2);
    CHECK(transfers[1].dst_buffer == main_buffer);
    CHECK(schedule.steps[0].local.empty());
    const std::vector<LocalOp>& local = schedule.steps[1].local;
    REQUIRE(local.size() == 2);
    CHECK(local[0].rank == 1);
    CHECK(local[0].src_buffer == 1);
    CHECK(local[0].dst_buffer == main_buffer);
    CHECK(local[0].blocks.sorted() == std::vector<int>{0});
    CHECK(local[0].op == Op::reduce);
    CHECK(local[1].op == Op::copy);
    CHECK(local[1].blocks.sorted() == std::vector<int>{1, 2});

    const Schedule plain = parse_schedule_json(kValid, "t.json");
    CHECK(plain.buffers.empty());
    CHECK_FALSE(plain.uses_buffers());
}

TEST_CASE("buffer errors name the file, the JSON path and what was expected") {
    struct Case {
        std::string input;
        std::string error;
    };
    const std::string local0 = R"({"rank": 1, "src_buffer": "acc", "dst_buffer": "main", )";
    const Case cases[] = {
        // The top-level list.
        {with_buffers(R"(["acc", "p0"])", R"("acc")"),
         "t.json: buffers: expected an array of buffer names, got string \"acc\""},
        {with_buffers(R"(["acc", "p0"])", R"(["acc", ""])"),
         "t.json: buffers[1]: expected a non-empty string, got string \"\""},
        {with_buffers(R"(["acc", "p0"])", R"(["acc", 3])"),
         "t.json: buffers[1]: expected a non-empty string, got 3"},
        {with_buffers(R"(["acc", "p0"])", R"(["main"])"),
         "t.json: buffers[0]: \"main\" is every rank's own vector (buffer 0), not a scratch "
         "buffer"},
        {with_buffers(R"(["acc", "p0"])", R"(["acc", "p0", "acc"])"),
         "t.json: buffers[2]: buffer \"acc\" named twice"},
        {with_buffers(R"(["acc", "p0"])", many_buffers(32767)),
         "t.json: buffers: at most 32766 scratch buffers"},

        // Transfer buffers.
        {with_buffers(R"("dst_buffer": "acc")", R"("dst_buffer": "x")"),
         "t.json: steps[0].transfers[0].dst_buffer: unknown buffer \"x\" (have: main, acc, p0)"},
        {with_buffers(R"("src_buffer": "p0")", R"("src_buffer": 1)"),
         "t.json: steps[0].transfers[1].src_buffer: expected a buffer name (\"main\" or one of "
         "\"buffers\"), got 1"},
        {with_buffers(R"("buffers": ["acc", "p0"],)", ""),
         "t.json: steps[0].transfers[0].dst_buffer: unknown buffer \"acc\" (have: main)"},
        {with_buffers(R"("op": "reduce", "dst_buffer")", R"("op": "reduce", "buffer")"),
         "t.json: steps[0].transfers[0].buffer: unknown field (expected one of: src, dst, "
         "blocks, op, route, src_buffer, dst_buffer)"},

        // Local operations.
        {with_buffers(R"("local": [{"rank": 1,)", R"("local": [{"rank": 3,)"),
         "t.json: steps[1].local[0].rank: rank 3 out of range [0, 3)"},
        {with_buffers(R"("blocks": "0"})", R"("blocks": "0,3"})"),
         "t.json: steps[1].local[0].blocks: item \"3\": block 3 out of range [0, 3)"},
        {with_buffers(R"("blocks": [1, 2])", R"("blocks": [1, 5])"),
         "t.json: steps[1].local[1].blocks[1]: block 5 out of range [0, 3)"},
        {with_buffers(R"("dst_buffer": "main", "blocks": "0")",
                      R"("dst_buffer": "acc", "blocks": "0")"),
         "t.json: steps[1].local[0]: src_buffer and dst_buffer are both \"acc\" (a local "
         "operation moves between two buffers)"},
        {with_buffers(local0, R"({"rank": 1, "src_buffer": "tmp", "dst_buffer": "main", )"),
         "t.json: steps[1].local[0].src_buffer: unknown buffer \"tmp\" (have: main, acc, p0)"},
        {with_buffers(local0, R"({"rank": 1, "dst_buffer": "main", )"),
         "t.json: steps[1].local[0]: missing required field \"src_buffer\""},
        {with_buffers(local0, R"({"rank": 1, "src_buffer": "acc", )"),
         "t.json: steps[1].local[0]: missing required field \"dst_buffer\""},
        {with_buffers(R"(, "blocks": "0"})", "}"),
         "t.json: steps[1].local[0]: missing required field \"blocks\""},
        {with_buffers(R"({"rank": 1, )", "{"),
         "t.json: steps[1].local[0]: missing required field \"rank\""},
        {with_buffers(R"("blocks": "0"})", R"("blocks": "0", "weight": 2})"),
         "t.json: steps[1].local[0].weight: unknown field (expected one of: rank, src_buffer, "
         "dst_buffer, blocks, op)"},
        {with_buffers(R"("op": "copy"})", R"("op": "sum"})"),
         "t.json: steps[1].local[1].op: expected \"reduce\" or \"copy\", got string \"sum\""},
        {with_buffers(R"("local": [)", R"("local": [3, )"),
         "t.json: steps[1].local[0]: expected a local operation object, got 3"},
        {with_buffers(R"("transfers": []})", R"("transfers": [], "local": {}})"),
         "t.json: steps[1].local: duplicate field (each field may appear once)"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.input);
        CHECK(error_of(c.input) == c.error);
    }
    const std::string not_array = replaced(kValid, R"("phase": "reduce_scatter", )",
                                           R"("phase": "reduce_scatter", "local": {}, )");
    CHECK(error_of(not_array) ==
          "t.json: steps[0].local: expected an array of local operations, got an object");
}

TEST_CASE("transfer buffers named before \"buffers\" are resolved after it, in order") {
    const Schedule schedule = parse_schedule_json(kBuffersLast, "t.json");
    CHECK(schedule.buffers == std::vector<std::string>{"acc"});
    CHECK(schedule.steps[0].transfers[0].dst_buffer == 1);
    CHECK(schedule.steps[0].transfers[1].dst_buffer == main_buffer);
    CHECK(schedule.steps[1].transfers[0].src_buffer == 1);
    check_round_trip(schedule);

    CHECK(error_of(replaced(kBuffersLast, R"("src_buffer": "acc")", R"("src_buffer": "x")")) ==
          "t.json: steps[1].transfers[0].src_buffer: unknown buffer \"x\" (have: main, acc)");
    // The first error in document order wins, whichever kind it is.
    const std::string unknown_first =
        replaced(replaced(kBuffersLast, R"("dst_buffer": "acc")", R"("dst_buffer": "x")"),
                 R"("src": 2, "dst": 1)", R"("src": 2, "dst": 7)");
    CHECK(error_of(unknown_first) ==
          "t.json: steps[0].transfers[0].dst_buffer: unknown buffer \"x\" (have: main, acc)");
    const std::string range_first =
        replaced(replaced(kBuffersLast, R"("src": 0, "dst": 1)", R"("src": 0, "dst": 7)"),
                 R"("src_buffer": "acc")", R"("src_buffer": "x")");
    CHECK(error_of(range_first) == "t.json: steps[0].transfers[0].dst: rank 7 out of range [0, 3)");
    const std::string later_step =
        replaced(replaced(kBuffersLast, R"("dst_buffer": "acc")", R"("dst_buffer": "x")"),
                 R"("src": 1, "dst": 2)", R"("src": 1, "dst": 7)");
    CHECK(error_of(later_step) ==
          "t.json: steps[0].transfers[0].dst_buffer: unknown buffer \"x\" (have: main, acc)");
    const std::string bad_list = replaced(kBuffersLast, R"(["acc"])", R"(["acc", "acc"])");
    CHECK(error_of(bad_list) == "t.json: buffers[1]: buffer \"acc\" named twice");
}

TEST_CASE("buffer schedules round-trip exactly, and plain ones are written as before") {
    check_round_trip(parse_schedule_json(kBuffers, "t.json"));

    Schedule schedule;
    schedule.topology = Topology::ring(2);
    schedule.ranks = 2;
    schedule.blocks = 2;
    schedule.buffers = {"acc"};
    Step step;
    step.phase = "x";
    Transfer into_scratch;
    into_scratch.src = 0;
    into_scratch.dst = 1;
    into_scratch.blocks = BlockSet({1}, 2);
    into_scratch.dst_buffer = 1;
    step.transfers.push_back(into_scratch);
    LocalOp fold;
    fold.rank = 1;
    fold.src_buffer = 1;
    fold.dst_buffer = main_buffer;
    fold.blocks = BlockSet({0, 1}, 2);
    step.local.push_back(fold);
    fold.op = Op::copy;
    fold.src_buffer = main_buffer;
    fold.dst_buffer = 1;
    step.local.push_back(fold);
    schedule.steps.push_back(step);
    check_round_trip(schedule);
    CHECK(write_schedule_json(schedule) ==
          R"({
  "schema": "trivcheck.schedule/1",
  "collective": "allreduce",
  "topology": {"kind": "ring", "dims": [2]},
  "ranks": 2,
  "blocks": 2,
  "ports": 2,
  "buffers": ["acc"],
  "steps": [
    {"phase": "x", "local": [
      {"rank": 1, "src_buffer": "acc", "dst_buffer": "main", "blocks": [0, 1], "op": "reduce"},
      {"rank": 1, "src_buffer": "main", "dst_buffer": "acc", "blocks": [0, 1], "op": "copy"}
    ], "transfers": [
      {"src": 0, "dst": 1, "blocks": [1], "op": "reduce", "dst_buffer": "acc"}
    ]}
  ]
}
)");
    const std::string plain = write_schedule_json(parse_schedule_json(kValid, "t.json"));
    CHECK(plain.find("buffer") == std::string::npos);
    CHECK(plain.find("local") == std::string::npos);
}
