// The schedule JSON writer: layout, round trips, files.
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

#include "checker/formats/schedule_json.hpp"
#include "models/generator.hpp"
#include "tests/required_inputs.hpp"
#include "tests/schedule_json_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

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
            Step step{k == 2 ? "" : "reduce_scatter", {}, {}};
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
        torus.steps.push_back(Step{"allgather", {}, {}});
        torus.steps.push_back(
            Step{"allgather", {Transfer{0, 8, BlockSet::all(1), Op::copy, Route::minus}}, {}});
        check_round_trip(torus);

        Schedule graph;
        graph.topology = Topology{TopologyKind::graph, {4}, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}};
        graph.ranks = 4;
        graph.blocks = 4;
        graph.bounds = Bounds{std::nullopt, {5}, {0.1, 0.2}, std::nullopt, std::nullopt};
        graph.steps.push_back(
            Step{"", {Transfer{0, 2, BlockSet::all(4), Op::reduce, Route::shortest}}, {}});
        graph.steps.push_back(
            Step{"x", {Transfer{3, 1, BlockSet({1, 3}, 4), Op::reduce, Route::shortest}}, {}});
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
                                   Transfer{1, 0, BlockSet(many, 12), Op::copy, Route::shortest}},
                                  {}});
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
        trivcheck::testing::unique_temp_path("trivcheck-schedule-json-test.json");
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

TEST_CASE("every example schedule of tests/examples reads and round-trips") {
    const std::filesystem::path examples = trivcheck::testing::source_path("tests/examples");
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
