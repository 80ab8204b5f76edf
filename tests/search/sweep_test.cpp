#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "checker/formats/ordered_lines.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/search/shard.hpp"
#include "checker/search/size_class.hpp"
#include "checker/search/sweep_table.hpp"
#include "tests/sweep_report_lines.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

std::vector<int> range(int first, int last) {
    std::vector<int> sizes;
    for (int n = first; n <= last; ++n) sizes.push_back(n);
    return sizes;
}

using testing::run_trivcheck;
using Run = testing::CommandOutput;

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream stream(text);
    for (std::string line; std::getline(stream, line);) lines.push_back(line);
    return lines;
}

/// The whitespace-separated words of the summary line of `algo` `form`.
std::vector<std::string> summary_row(const std::string& summary, const std::string& algo,
                                     const std::string& form) {
    for (const std::string& line : lines_of(summary)) {
        std::istringstream stream(line);
        std::vector<std::string> words;
        for (std::string word; stream >> word;) words.push_back(word);
        if (words.size() >= 2 && words[0] == algo && words[1] == form) return words;
    }
    return {};
}

}  // namespace

TEST_CASE("--n specs name the union of their items, sorted and distinct") {
    struct Case {
        const char* text;
        std::vector<int> sizes;
    };
    const Case cases[] = {
        {"7", {7}},
        {"2..5", {2, 3, 4, 5}},
        {"4..4", {4}},
        {"3,9,27", {3, 9, 27}},
        {"27, 3 ,9", {3, 9, 27}},
        {"pow3", {3, 9, 27, 81, 243, 729, 2187}},
        {"pow2", {2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}},
        {"pow3:..100", {3, 9, 27, 81}},
        {"pow3:9..243", {9, 27, 81, 243}},
        {"pow2:3..16", {4, 8, 16}},
        {"pow3:..6561", {3, 9, 27, 81, 243, 729, 2187, 6561}},
        {"2..4,pow2:..16,3", {2, 3, 4, 8, 16}},
        {"pow2:..8,pow3:..9", {2, 3, 4, 8, 9}},
        {"5..6,2..3", {2, 3, 5, 6}},
        {"1073741824", {1073741824}},
    };
    for (const Case& c : cases) {
        const std::string text = c.text;
        CAPTURE(text);
        CHECK(parse_size_spec(c.text) == c.sizes);
    }
    CHECK(parse_size_spec("2..4096") == range(2, 4096));
}

TEST_CASE("bad --n specs are rejected with the item and the reason") {
    struct Case {
        const char* text;
        const char* error;
    };
    const Case cases[] = {
        {"", "expected at least one size"},
        {" ", "expected at least one size"},
        {"3,,9", "item 2 is empty"},
        {"3,", "item 2 is empty"},
        {",3", "item 1 is empty"},
        {"x", "item \"x\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"2-5", "item \"2-5\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"2...5", "item \"2...5\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"2..", "item \"2..\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"..5", "item \"..5\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"+3", "item \"+3\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"-3", "item \"-3\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"pow5", "item \"pow5\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"pow33", "item \"pow33\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"pow3:", "item \"pow3:\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"pow3:9..", "item \"pow3:9..\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"pow3:100", "item \"pow3:100\": expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B"},
        {"0", "item \"0\": ring sizes start at 2"},
        {"1..8", "item \"1..8\": ring sizes start at 2"},
        {"pow2:1..8", "item \"pow2:1..8\": ring sizes start at 2"},
        {"9..3", "item \"9..3\": empty range, 9 > 3"},
        {"pow3:10..26", "item \"pow3:10..26\": no power of 3 in 10..26"},
        {"pow3:..2,5", "item \"pow3:..2\": no power of 3 in 2..2"},
        {"1073741825", "item \"1073741825\": sizes above 1073741824 are not supported"},
        {"2..99999999999999999999",
         "item \"2..99999999999999999999\": sizes above 1073741824 are not supported"},
        {"2..10000002", "item \"2..10000002\": more than 10000000 sizes in one spec"},
        {"2..5000001,5000002..10000002",
         "item \"5000002..10000002\": more than 10000000 sizes in one spec"},
    };
    for (const Case& c : cases) {
        const std::string text = c.text;
        CAPTURE(text);
        CHECK_THROWS_WITH_AS(parse_size_spec(c.text), c.error, SizeSpecError);
    }
}

TEST_CASE("--shard i/k is 1-based and validated") {
    CHECK(parse_shard("1/1").index == 1);
    CHECK(parse_shard("3/8").index == 3);
    CHECK(parse_shard("3/8").count == 8);
    CHECK(parse_shard("1000000/1000000").count == 1000000);
    const std::string expected = "expected i/k (shard i of k, 1 <= i <= k <= 1000000), got \"";
    struct Case {
        const char* text;
        std::string error;
    };
    const Case cases[] = {
        {"", expected + "\""},
        {"3", expected + "3\""},
        {"1/", expected + "1/\""},
        {"/4", expected + "/4\""},
        {"1/2/3", expected + "1/2/3\""},
        {"-1/4", expected + "-1/4\""},
        {"1 /4", expected + "1 /4\""},
        {"1/2000000", expected + "1/2000000\""},
        {"1/0", "shard count must be at least 1, got \"1/0\""},
        {"0/4", "shard index must be between 1 and 4 (shards are numbered from 1), got \"0/4\""},
        {"5/4", "shard index must be between 1 and 4 (shards are numbered from 1), got \"5/4\""},
    };
    for (const Case& c : cases) {
        const std::string text = c.text;
        CAPTURE(text);
        CHECK_THROWS_WITH_AS(parse_shard(c.text), c.error.c_str(), ShardError);
    }
}

TEST_CASE("the k shards of a size list are disjoint, cover it, and differ by at most one size") {
    for (const char* spec : {"2..4096", "3,9,27", "pow2,pow3,1000..1010", "5"}) {
        const std::vector<int> whole = parse_size_spec(spec);
        for (int count : {1, 2, 3, 7, 16, 5000}) {
            const std::string spec_text = spec;
            CAPTURE(spec_text);
            CAPTURE(count);
            std::multiset<int> seen;
            std::size_t smallest = whole.size();
            std::size_t largest = 0;
            for (int index = 1; index <= count; ++index) {
                const std::vector<int> part = select_shard(whole, {index, count});
                CHECK(std::is_sorted(part.begin(), part.end()));
                seen.insert(part.begin(), part.end());
                smallest = std::min(smallest, part.size());
                largest = std::max(largest, part.size());
            }
            CHECK(std::vector<int>(seen.begin(), seen.end()) == whole);  // each exactly once
            CHECK(largest - smallest <= 1);
        }
    }
    CHECK(select_shard(range(2, 12), {2, 4}) == std::vector<int>{3, 7, 11});
}

TEST_CASE("sizes are classed as powers of 3, powers of 2, or other") {
    for (int n : {3, 9, 27, 81, 243, 729, 2187, 6561, 1162261467})
        CHECK(classify_size(n) == SizeClass::power_of_3);
    for (int n : {2, 4, 8, 64, 4096, 1073741824}) CHECK(classify_size(n) == SizeClass::power_of_2);
    for (int n : {5, 6, 12, 18, 24, 48, 54, 4095, 4097})
        CHECK(classify_size(n) == SizeClass::other);
}

TEST_CASE("verdict table cells say what held and where it first failed") {
    auto outcome = [](int n, SweepStatus status, std::string kind = "", std::string reason = "") {
        return SizeOutcome{n, status, std::move(kind), std::move(reason), 0.0};
    };
    const auto holds = SweepStatus::holds;
    const auto violated = SweepStatus::violated;
    CHECK(describe_outcomes({}) == "—");
    CHECK(describe_outcomes({outcome(3, holds), outcome(9, holds)}) == "holds for all 2 n");
    CHECK(describe_outcomes(
              {outcome(2, violated, "double_count"), outcome(4, violated, "missing")}) ==
          "violated for all 2 n (first: 2 double_count)");
    CHECK(describe_outcomes({outcome(4, holds), outcome(5, violated, "double_count"),
                             outcome(7, violated, "missing")}) ==
          "violated for 2 of 3 n (first: 5 double_count); holds for 1 of 3 n");
    CHECK(describe_outcomes({outcome(5, SweepStatus::not_applicable, "", "no L form")}) ==
          "not applicable for all 1 n (no L form)");
    CHECK(describe_outcomes(
              {outcome(4, holds), outcome(5, SweepStatus::not_applicable, "", "odd n")}) ==
          "not applicable for 1 of 2 n (first: 5, odd n); holds for 1 of 2 n");
    CHECK(describe_outcomes({outcome(9, SweepStatus::unknown, "", "resource limit: 9 GiB")}) ==
          "unknown for all 1 n (first: 9, resource limit: 9 GiB)");
}

TEST_CASE("lines finished out of order are passed on in index order, as soon as possible") {
    std::vector<std::string> out;
    OrderedLines lines([&](const std::string& line) { out.push_back(line); });
    lines.add(2, "c");
    lines.add(1, "");  // a size without a report keeps its place
    CHECK(out.empty());
    CHECK(lines.waiting() == 2);
    lines.add(0, "a");
    CHECK(out == std::vector<std::string>{"a", "c"});
    CHECK(lines.waiting() == 0);
    lines.add(4, "e");
    lines.add(3, "d");
    CHECK(out == std::vector<std::string>{"a", "c", "d", "e"});
}

TEST_CASE("sweep: trivance L holds exactly for powers of 3, B for every n (real binary)") {
    const Run run = run_trivcheck("sweep --algo trivance --form both --n 2..30 --jobs 2");
    CHECK(run.exit_code == 1);
    const std::vector<std::string> b = summary_row(run.out, "trivance", "B");
    const std::vector<std::string> l = summary_row(run.out, "trivance", "L");
    REQUIRE(b.size() >= 7);
    REQUIRE(l.size() >= 7);
    // Words: algorithm form sizes holds violated n/a unknown ...
    CHECK(std::vector<std::string>(b.begin() + 2, b.begin() + 7) ==
          std::vector<std::string>{"29", "29", "0", "0", "0"});
    CHECK(std::vector<std::string>(l.begin() + 2, l.begin() + 7) ==
          std::vector<std::string>{"29", "3", "26", "0", "0"});
    CHECK(run.out.find("2 double_count, 4 double_count, 5 double_count, ...") != std::string::npos);
}

TEST_CASE("sweep --table classes prints the verdict table by class of n (real binary)") {
    const Run run = run_trivcheck("sweep --algo trivance,ring --n 2..30 --table classes --jobs 2");
    CHECK(run.exit_code == 1);
    CHECK(run.out ==
          "| algorithm | form | power of 3 | power of 2 | other |\n"
          "| --- | --- | --- | --- | --- |\n"
          "| ring | B | holds for all 3 n | holds for all 4 n | holds for all 22 n |\n"
          "| trivance | B | holds for all 3 n | holds for all 4 n | holds for all 22 n |\n"
          "| trivance | L | holds for all 3 n | violated for all 4 n (first: 2 double_count) | "
          "violated for all 22 n (first: 5 double_count) |\n");
}

TEST_CASE("sweep --last-step fold: the corrected Trivance L holds for every n, in its own row") {
    const Run run = run_trivcheck(
        "sweep --algo trivance,ring --form L --last-step fold --n 2..30 --table classes --jobs 2");
    CHECK(run.exit_code == 0);
    CHECK(run.out ==
          "| algorithm | form | power of 3 | power of 2 | other |\n"
          "| --- | --- | --- | --- | --- |\n"
          "| ring | L | not applicable for all 3 n (ring has no L form) | not applicable for all "
          "4 n (ring has no L form) | not applicable for all 22 n (ring has no L form) |\n"
          "| trivance (fold last step) | L | holds for all 3 n | holds for all 4 n | "
          "holds for all 22 n |\n");
}

TEST_CASE("sweep --json: one report per n, sorted; shards merge back to the whole (real binary)") {
    const std::string sweep = "sweep --algo trivance,ring --form both --n 2..20 --json --jobs 2";
    const Run whole = run_trivcheck(sweep);
    CHECK(whole.exit_code == 1);
    const std::vector<std::string> lines = testing::sweep_report_lines(whole.out);
    REQUIRE(lines.size() == 3 * 19);
    using Key = std::tuple<std::string, std::string, int>;
    std::vector<Key> keys;
    for (const std::string& line : lines) {
        const auto report = nlohmann::json::parse(line);
        CHECK(report["schema"] == "trivcheck.report/1");
        keys.emplace_back(report["schedule"]["algo"], report["schedule"]["form"],
                          report["schedule"]["ranks"]);
        const bool expect_holds = std::get<1>(keys.back()) == "B" ||
                                  classify_size(std::get<2>(keys.back())) == SizeClass::power_of_3;
        CHECK(report["verdict"] == (expect_holds ? "holds" : "violated"));
    }
    CHECK(std::is_sorted(keys.begin(), keys.end()));
    CHECK(std::get<0>(keys.front()) == "ring");
    CHECK(std::get<0>(keys.back()) == "trivance");

    std::vector<std::pair<Key, std::string>> merged;
    for (int shard = 1; shard <= 3; ++shard) {
        const Run part = run_trivcheck(sweep + " --shard " + std::to_string(shard) + "/3");
        for (const std::string& line : testing::sweep_report_lines(part.out)) {
            const auto report = nlohmann::json::parse(line);
            merged.emplace_back(Key(report["schedule"]["algo"], report["schedule"]["form"],
                                    report["schedule"]["ranks"]),
                                line);
        }
    }
    std::sort(merged.begin(), merged.end());
    std::vector<std::string> merged_lines;
    for (const auto& entry : merged) merged_lines.push_back(entry.second);
    CHECK(merged_lines == lines);
}

TEST_CASE("sweep --json ends with a summary line counting every size, so a cut stream shows") {
    // Before, the stream ended with its last report: one cut after a whole line
    // could not be told from a complete run.
    const Run run = run_trivcheck("sweep --algo ring,trivance --form L --n 3,4 --json");
    CHECK(run.exit_code == 1);
    const std::vector<std::string> lines = lines_of(run.out);
    REQUIRE(lines.size() == 5);
    CHECK(lines.back() ==
          "{\"summary\":{\"schedules\":4,\"holds\":1,\"violated\":1,\"not_applicable\":2,"
          "\"unknown\":0,\"complete\":true}}");
    for (std::size_t i = 0; i + 1 < lines.size(); ++i)
        CHECK(nlohmann::json::parse(lines[i])["schema"] == "trivcheck.report/1");
}

TEST_CASE("sweep: a generator's own limit is a resource limit, worded as check words it") {
    // Before: "out of memory" (GeneratedScheduleTooLarge is a bad_alloc), where
    // check says "unknown (resource limit): swing-B-300x300 would store ...".
    const Run run =
        testing::run_trivcheck_stderr("sweep --algo swing --form B --topo torus:300x300 --json");
    CHECK(run.exit_code == 4);
    CHECK(
        run.out.starts_with("unknown: swing B torus:300x300: resource limit: swing-B-300x300 "
                            "would store more than 268435456 block indices"));
}

TEST_CASE("sweep: a form named explicitly is reported not applicable, never skipped") {
    const Run run = run_trivcheck("sweep --algo ring --form L --n 4,5 --json");
    CHECK(run.exit_code == 2);  // nothing was checked: never 0
    const std::vector<std::string> lines = testing::sweep_report_lines(run.out);
    REQUIRE(lines.size() == 2);
    CHECK(nlohmann::json::parse(lines[0])["verdict"] == "not_applicable");
}

TEST_CASE("sweep: a size too large to check is unknown (exit 4), never holds, and has no report") {
    const Run json = run_trivcheck("sweep --algo trivance --form B --n 9 --memory-limit 1 --json");
    CHECK(json.exit_code == 4);
    CHECK(json.out ==
          "{\"summary\":{\"schedules\":1,\"holds\":0,\"violated\":0,\"not_applicable\":0,"
          "\"unknown\":1,\"complete\":true}}\n");
    const Run named = testing::run_trivcheck_stderr(
        "sweep --algo trivance --form B --n 9 --memory-limit 1 --json");
    CHECK(named.out.starts_with("unknown: trivance B n=9: resource limit: "));
    const std::vector<std::string> row =
        summary_row(run_trivcheck("sweep --algo trivance --form B --n 3,9 --memory-limit 1").out,
                    "trivance", "B");
    REQUIRE(row.size() >= 7);
    CHECK(std::vector<std::string>(row.begin() + 2, row.begin() + 7) ==
          std::vector<std::string>{"2", "0", "0", "0", "2"});
}

TEST_CASE("sweep usage errors exit 2 and say what is wrong") {
    struct Case {
        const char* arguments;
        const char* error;
    };
    const Case cases[] = {
        {"--algo trivance --n 9..3", "error: --n: item \"9..3\": empty range, 9 > 3\n"},
        {"--algo trivance --n 2..9 --shard 0/2",
         "error: --shard: shard index must be between 1 and 2 (shards are numbered from 1), got "
         "\"0/2\"\n"},
        {"--algo trivance,nope --n 3",
         "error: --algo: unknown algorithm 'nope' (known: trivance, ring, swing, "
         "recursive_doubling, bruck, nccl_ring, nccl_tree, nccl_pat, all)\n"},
        {"--algo trivance --n 3 --json --table classes",
         "error: --json and --table classes both want stdout; give one\n"},
    };
    for (const Case& c : cases) {
        const std::string arguments = c.arguments;
        CAPTURE(arguments);
        const Run run = testing::run_trivcheck_stderr(std::string("sweep ") + c.arguments);
        CHECK(run.exit_code == 2);
        CHECK(run.out == c.error);
    }
}
