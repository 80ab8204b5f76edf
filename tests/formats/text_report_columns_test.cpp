// Text tables that fit any n (issue 17, item 4): every column as wide as its
// widest value, so no two values ever touch, at n = 10^6 and on a 27x27x27
// torus.
#include <doctest/doctest.h>

#include <sstream>

#include "checker/formats/text_table.hpp"
#include "checker/reports/report_text.hpp"
#include "checker/search/sweep_table.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// The lines of `text` from the one starting with `header_start` up to the
/// first empty line.
std::vector<std::string> table_lines(const std::string& text, const std::string& header_start) {
    std::istringstream in(text);
    std::vector<std::string> lines;
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (!inside && line.rfind(header_start, 0) == 0) inside = true;
        if (!inside) continue;
        if (line.empty()) break;
        lines.push_back(line);
    }
    return lines;
}

/// Where each column starts: the header's words, separated by two spaces or more.
std::vector<std::size_t> column_starts(const std::string& header) {
    std::vector<std::size_t> starts{0};
    for (std::size_t i = 2; i < header.size(); ++i)
        if (header[i] != ' ' && header[i - 1] == ' ' && header[i - 2] == ' ') starts.push_back(i);
    return starts;
}

/// The first row (after the header) in which a value does not start at its
/// column or runs into the next value; empty when every value stands apart.
std::string first_touching_row(const std::vector<std::string>& lines) {
    REQUIRE(!lines.empty());
    const std::vector<std::size_t> starts = column_starts(lines.front());
    for (std::size_t r = 1; r < lines.size(); ++r) {
        const std::string& row = lines[r];
        for (std::size_t c = 1; c < starts.size(); ++c) {
            const std::size_t at = starts[c];
            // Two spaces before each column, and a value at its start (the last may be empty).
            const bool apart =
                row.size() <= at || (row[at - 1] == ' ' && row[at - 2] == ' ' && row[at] != ' ');
            if (!apart) return row;
        }
    }
    return "";
}

/// A report whose every figure has 7 digits or more, as at n = 10^6.
Report huge_report() {
    Report report;
    report.name = "huge";
    report.topology = "ring:1000000";
    report.ranks = 1000000;
    report.blocks = 1;
    for (int step = 0; step < 13; ++step) {
        StepFigures figures;
        figures.step = step;
        figures.phase = "allreduce";
        figures.distances = {1234567, 7654321};
        figures.coverage_min = 1000000;
        figures.coverage_max = 1000000;
        figures.messages_max = 1234567;
        figures.blocks_max = 7654321;
        figures.link_chunks_min = 234280;
        figures.link_chunks_max = 1771472;
        figures.link_blocks_max = 1771472;
        figures.busiest_link = "999999->0 (+)";
        report.per_step.push_back(figures);
    }
    return report;
}

}  // namespace

TEST_CASE("a text table sizes every column to its widest value") {
    TextTable table({"step", "coverage", "msgs"});
    table.add_row({"0", "3..3", "2"});
    table.add_row({"12", "1000000..1000000", "1234567"});
    CHECK(table.render() ==
          "step  coverage          msgs\n"
          "0     3..3              2\n"
          "12    1000000..1000000  1234567\n");
    TextTable headless = TextTable::headless(2);
    headless.add_row({"a", "b"});
    CHECK(headless.render() == "a  b\n");
    CHECK_THROWS_AS(table.add_row({"1", "2", "3", "4"}), std::logic_error);
    // Θ is two bytes and one column: the cost model's table lines up under it.
    TextTable costs({"K", "\xCE\x98", "note"});
    costs.add_row({"126", "0.9844", "x"});
    CHECK(costs.render("  ") ==
          "  K    \xCE\x98       note\n"
          "  126  0.9844  x\n");
}

TEST_CASE("the step table of a report keeps 7-digit values apart") {
    const std::vector<std::string> lines = table_lines(report_to_text(huge_report()), "step ");
    CHECK(lines.size() == 14);
    CHECK(first_touching_row(lines) == "");
    // The columns of the issue: coverage, then messages.
    CHECK(lines[1].find("1000000..1000000  1234567") != std::string::npos);
}

TEST_CASE("the touching-values check itself catches fused columns") {
    // What the fixed widths printed at n = 10^6: coverage and messages fused.
    const std::vector<std::string> fused = {"step  coverage     msgs  blocks",
                                            "11    177147..177147  2     1"};
    CHECK(first_touching_row(fused) == fused[1]);
}

TEST_CASE("the sweep summary keeps long labels and counts apart") {
    SweepRow row;
    row.algo = "recursive_doubling";
    row.form = "L";
    row.last_step = "a very long variant";
    for (int n = 2; n < 1200; ++n) row.sizes.push_back({n, SweepStatus::holds, "", "", 0.001});
    const std::vector<std::string> lines = table_lines(format_sweep_summary({row}), "algorithm");
    CHECK(lines.size() == 2);
    CHECK(first_touching_row(lines) == "");
}

TEST_CASE("check at n = 10^6 prints a step table whose values never touch") {
    const auto result =
        testing::run_trivcheck("check --algo trivance --form L --topo ring:1000000 --no-shrink");
    CHECK(result.exit_code == 1);
    const std::vector<std::string> lines = table_lines(result.out, "step ");
    CHECK(lines.size() == 14);
    CHECK(first_touching_row(lines) == "");
    CHECK(lines.back().find("1000000..1000000  2 ") != std::string::npos);
}

TEST_CASE("check on torus:27x27x27 prints a step table whose values never touch") {
    // Trivance L: 9 steps, three per dimension, coverage 3^(k+1) up to 19683.
    const auto result =
        testing::run_trivcheck("check --algo trivance --form L --topo torus:27x27x27");
    CHECK(result.exit_code == 0);
    const std::vector<std::string> lines = table_lines(result.out, "step ");
    CHECK(lines.size() == 10);
    CHECK(first_touching_row(lines) == "");
    CHECK(lines.back().find("19683..19683  6 ") != std::string::npos);
}
