// Compact schedule files: steps marked "every_rank", read as rotation orbits.
#include <doctest/doctest.h>

#include <string>
#include <variant>

#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/reports/report_json.hpp"
#include "models/generator.hpp"
#include "models/orbit_generator.hpp"
#include "tests/schedule_json_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

GeneratorRequest ring_request(const char* algo, Form form, int ranks) {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = Topology::ring(ranks);
    return request;
}

/// kValid's step, marked every_rank: rank r sends block r to r + 1 and block r + 1 to r + 2.
std::string every_rank_file() {
    return with(R"({"phase": "reduce_scatter", "transfers")",
                R"({"phase": "reduce_scatter", "every_rank": true, "transfers")");
}

}  // namespace

TEST_CASE("a generator's orbit written compactly reads back as the same orbit") {
    const struct {
        const char* algo;
        Form form;
        int ranks;
    } cases[] = {{"ring", Form::B, 8},
                 {"ring", Form::B, 7},
                 {"trivance", Form::L, 27},
                 {"trivance", Form::L, 10}};
    for (const auto& c : cases) {
        CAPTURE(std::string(c.algo));
        CAPTURE(c.ranks);
        const GeneratorRequest request = ring_request(c.algo, c.form, c.ranks);
        const std::optional<RotationOrbit> orbit = generate_orbit(request);
        REQUIRE(orbit.has_value());
        const std::string text = write_orbit_json(*orbit);
        CHECK(text.find("\"every_rank\": true") != std::string::npos);
        const ScheduleOrOrbit read = parse_schedule_or_orbit_json(text, "c.json");
        REQUIRE(std::holds_alternative<RotationOrbit>(read));
        CHECK(write_orbit_json(std::get<RotationOrbit>(read)) == text);
        // Expanded, it is exactly the generator's whole schedule.
        check_equal(parse_schedule_json(text, "c.json"), generate(request));
    }
}

TEST_CASE("a compact file checks to the same report as the whole schedule") {
    const GeneratorRequest request = ring_request("trivance", Form::L, 10);
    const RotationOrbit orbit = *generate_orbit(request);
    const ScheduleOrOrbit read =
        parse_schedule_or_orbit_json(write_orbit_json(orbit), "trivance-L-10.json");
    const Report compact = check_orbit(std::get<RotationOrbit>(read));
    const Report whole = check_schedule(generate(request));
    CHECK(compact.verdict == Verdict::violated);  // the published last step double-counts at n = 10
    CHECK(report_to_json(compact, std::nullopt).dump() ==
          report_to_json(whole, std::nullopt).dump());
}

TEST_CASE("every_rank steps: each transfer stands for its n rotations, in order") {
    const Schedule schedule = parse_schedule_json(every_rank_file(), "t.json");
    REQUIRE(schedule.steps.size() == 1);
    const std::vector<Transfer>& transfers = schedule.steps[0].transfers;
    REQUIRE(transfers.size() == 8);
    // Turned by 3: the first model transfer goes 3 -> 0 with block 3.
    CHECK(transfers[6].src == 3);
    CHECK(transfers[6].dst == 0);
    CHECK(transfers[6].blocks.sorted() == std::vector<int>{3});
    CHECK(transfers[7].src == 0);
    CHECK(transfers[7].dst == 1);
    CHECK(transfers[7].blocks.sorted() == std::vector<int>{0});
    CHECK(std::holds_alternative<RotationOrbit>(
        parse_schedule_or_orbit_json(every_rank_file(), "t")));
}

TEST_CASE("a file mixing every_rank steps with whole steps is read whole") {
    const std::string mixed = replaced(every_rank_file(), R"("route": "+"}]}])",
                                       R"("route": "+"}]}, {"phase": "allgather", "transfers": [
   {"src": 2, "dst": 3, "blocks": [2], "op": "copy"}]}])");
    const ScheduleOrOrbit read = parse_schedule_or_orbit_json(mixed, "t.json");
    REQUIRE(std::holds_alternative<Schedule>(read));
    const Schedule& schedule = std::get<Schedule>(read);
    CHECK(schedule.steps[0].transfers.size() == 8);
    CHECK(schedule.steps[1].transfers.size() == 1);
}

TEST_CASE("every_rank errors name the step's field") {
    struct Case {
        std::string text;
        std::string error;
    };
    const Case cases[] = {
        {replaced(every_rank_file(), "\"every_rank\": true", "\"every_rank\": 1"),
         "t.json: steps[0].every_rank: expected true or false, got 1"},
        {replaced(replaced(every_rank_file(), R"("blocks": 4)", R"("blocks": 6)"),
                  R"("blocks": "1")", R"("blocks": "5")"),
         "t.json: steps[0].every_rank: needs 1 block or a multiple of the ranks (4) so blocks "
         "turn with the ranks; the schedule has 6"},
        {replaced(every_rank_file(), R"({"kind": "ring", "dims": [4]})",
                  R"({"kind": "torus", "dims": [2, 2]})"),
         "t.json: steps[0].every_rank: only on a ring: a step given once stands for its "
         "rotations by 0..3 ranks"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        CHECK(error_of(c.text) == c.error);
    }
}
