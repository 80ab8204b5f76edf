#include <doctest/doctest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "checker/formats/topology_spec.hpp"
#include "checker/search/size_class.hpp"
#include "tests/sweep_report_lines.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

std::vector<std::string> described(const std::vector<Topology>& topologies) {
    std::vector<std::string> names;
    for (const Topology& topology : topologies) names.push_back(topology.describe());
    return names;
}

/// "algo form shape" -> verdict ("violated:double_count" for a violation), from --json lines.
std::map<std::string, std::string> verdicts_of(const std::string& json_lines) {
    std::map<std::string, std::string> verdicts;
    for (const std::string& line : testing::sweep_report_lines(json_lines)) {
        const auto report = nlohmann::json::parse(line);
        const auto& schedule = report["schedule"];
        std::string verdict = report["verdict"];
        if (verdict == "violated")
            verdict += ":" + report["violations"][0]["kind"].get<std::string>();
        verdicts[schedule["algo"].get<std::string>() + " " + schedule["form"].get<std::string>() +
                 " " + schedule["topology"].get<std::string>()] = verdict;
    }
    return verdicts;
}

}  // namespace

TEST_CASE("torus --topo specs: a range per dimension names every shape of the product") {
    CHECK(described(parse_topology_spec("torus:2..3x2..3")) ==
          std::vector<std::string>{"torus:2x2", "torus:2x3", "torus:3x2", "torus:3x3"});
    // Sorted by dimension count, then extents; duplicates drop out; rings first.
    CHECK(
        described(parse_topology_spec("torus:4x4x4,8x8x8,3x3x3x3,4x4x4,ring:5,torus:pow3:..9x2")) ==
        std::vector<std::string>{"ring:5", "torus:3x2", "torus:9x2", "torus:4x4x4", "torus:8x8x8",
                                 "torus:3x3x3x3"});
    CHECK(parse_topology_spec("torus:2..16x2..16").size() == 225);
    CHECK(parse_topology_spec("ring:2..5,9").size() == 5);
    CHECK_THROWS_WITH_AS(parse_topology_spec("torus:3x3x3x3x3"),
                         "torus item \"3x3x3x3x3\": a torus has 2 to 4 dimensions",
                         TopologySpecError);
    CHECK_THROWS_WITH_AS(parse_topology_spec("torus:1..3x3"),
                         "torus item \"1..3x3\": item \"1..3\": ring sizes start at 2",
                         TopologySpecError);
    CHECK_THROWS_AS(parse_topology_spec("3x3"), TopologySpecError);
    CHECK_THROWS_AS(parse_topology_spec("torus:9"), TopologySpecError);
    CHECK_THROWS_AS(parse_topology_spec("torus:4xx4"), TopologySpecError);
    CHECK(classify_shape({9, 27}) == SizeClass::power_of_3);
    CHECK(classify_shape({8, 2, 4}) == SizeClass::power_of_2);
    CHECK(classify_shape({3, 4}) == SizeClass::other);
}

TEST_CASE("torus sweep: exact verdict per shape and exit 1 when one is violated (real binary)") {
    const testing::CommandOutput run = testing::run_trivcheck(
        "sweep --algo trivance,bruck --form L --topo torus:2..3x3..4 --json --jobs 2");
    CHECK(run.exit_code == 1);
    // Trivance L (published last step) is exact only where every extent is a
    // power of 3; Bruck L with both peers the + way double-counts on 4 ranks.
    const std::map<std::string, std::string> expected{
        {"bruck L torus:2x3", "holds"},
        {"bruck L torus:2x4", "violated:double_count"},
        {"bruck L torus:3x3", "holds"},
        {"bruck L torus:3x4", "violated:double_count"},
        {"trivance L torus:2x3", "violated:double_count"},
        {"trivance L torus:2x4", "violated:double_count"},
        {"trivance L torus:3x3", "holds"},
        {"trivance L torus:3x4", "violated:double_count"},
    };
    CHECK(verdicts_of(run.out) == expected);
}

TEST_CASE("torus sweep: summary by shape, exit 0 when all hold, 2 when none applies") {
    const testing::CommandOutput holds = testing::run_trivcheck(
        "sweep --algo trivance,ring --form B --topo torus:2..4x2..4,4x4x4,3x3x3x3 --jobs 2");
    CHECK(holds.exit_code == 0);
    CHECK(holds.out.find("slowest shape") != std::string::npos);
    CHECK(holds.out.find("22 schedules (11 shapes)") != std::string::npos);
    for (const char* row :
         {"ring       B     11      11     0", "trivance   B     11      11     0"})
        CHECK(holds.out.find(row) != std::string::npos);

    const testing::CommandOutput none =
        testing::run_trivcheck("sweep --algo ring --form L --topo torus:3x3,2x5");
    CHECK(none.exit_code == 2);
    CHECK(
        none.out.find("ring L: not applicable for all 2 shapes (first: 2x5, ring has no L form)") !=
        std::string::npos);

    const testing::CommandOutput both =
        testing::run_trivcheck_stderr("sweep --algo ring --n 3 --topo torus:3x3");
    CHECK(both.exit_code == 2);
    CHECK(both.out ==
          "error: give the sizes with --n (rings) or --topo (rings, tori), one of them\n");
}

TEST_CASE("torus sweep --table classes: a shape's class is its extents' common class") {
    const testing::CommandOutput run = testing::run_trivcheck(
        "sweep --algo trivance --form L --topo torus:2..3x3,2x4 --table classes");
    CHECK(run.exit_code == 1);
    CHECK(run.out.find("| trivance | L | holds for all 1 shapes | violated for all 1 shapes "
                       "(first: 2x4 double_count) | violated for all 1 shapes (first: 2x3 "
                       "double_count) |") != std::string::npos);
}

TEST_CASE("torus sweep shards: disjoint, and together the whole sweep's lines (real binary)") {
    const std::string sweep =
        "sweep --algo trivance,ring --topo torus:2..5x2..5,3x3x3 --json --jobs 2";
    const testing::CommandOutput whole = testing::run_trivcheck(sweep);
    CHECK(whole.exit_code == 1);  // trivance L off the powers of 3
    const std::vector<std::string> whole_lines = testing::sweep_report_lines(whole.out);
    const std::multiset<std::string> expected(whole_lines.begin(), whole_lines.end());
    CHECK(expected.size() == 3 * 17);
    std::multiset<std::string> merged;
    for (int shard = 1; shard <= 3; ++shard) {
        const testing::CommandOutput part =
            testing::run_trivcheck(sweep + " --shard " + std::to_string(shard) + "/3");
        for (const std::string& line : testing::sweep_report_lines(part.out)) merged.insert(line);
    }
    CHECK(merged == expected);
}
