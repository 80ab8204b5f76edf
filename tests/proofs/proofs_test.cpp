#include <doctest/doctest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "proofs/prover.hpp"
#include "proofs/variants.hpp"
#include "tests/required_inputs.hpp"
#include "tests/test_support.hpp"

namespace {

using trivcheck::proofs::Expectation;
using trivcheck::proofs::QueryOutcome;
using trivcheck::proofs::QueryVerdict;
using trivcheck::proofs::SolverSettings;
using trivcheck::proofs::Variant;

// Small s keeps the suite fast; `trivcheck prove --max-s 30` is the real run.
constexpr int small_max_s = 3;

std::vector<QueryOutcome> prove_small(const std::vector<std::string>& only = {}) {
    trivcheck::proofs::ProveSettings settings;
    settings.max_s = small_max_s;
    settings.only = only;
    return trivcheck::proofs::prove(settings);
}

const QueryOutcome& find_outcome(const std::vector<QueryOutcome>& outcomes,
                                 const std::string& label, int s) {
    for (const QueryOutcome& outcome : outcomes)
        if (outcome.label == label && outcome.s == s) return outcome;
    FAIL("no outcome " << label << " s=" << s);
    return outcomes.front();
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
}

}  // namespace

TEST_CASE("every obligation gives its expected verdict for small s") {
    const std::vector<QueryOutcome> outcomes = prove_small();
    // Per s: covers, minimal, link bound, search, every n (s = 0..3), plus
    // step links and full steps (s = 1..3), plus Lemma 4.1's two queries, plus
    // the torus's exactly-once and link queries (s = 1..3), plus the Trivance B
    // rule's two arc lemmas and, per s, its short_step, split_digit, short_first,
    // short_last and lattice queries, one two_short_steps query per first short
    // step j1 < s and one clusters query per number of cluster steps 1 <= c <= s;
    // plus NCCL's nine, each for every n at once (proofs/nccl/nccl_tree_proofs.hpp).
    const int rule_queries = 2 + 5 * (small_max_s + 1) + small_max_s * (small_max_s + 1);
    const int nccl_queries = 6 + 2 + 1;
    CHECK(outcomes.size() == 5 * (small_max_s + 1) + 2 * small_max_s + 2 + 2 * small_max_s +
                                 rule_queries + nccl_queries);
    for (const QueryOutcome& outcome : outcomes) {
        INFO(outcome.obligation << " " << outcome.label << " s=" << outcome.s << ": "
                                << trivcheck::proofs::to_string(outcome.verdict) << " "
                                << outcome.reason);
        CHECK(outcome.as_expected());
    }
    CHECK(trivcheck::proofs::prove_exit_code(outcomes) == 0);
}

TEST_CASE("prove on two threads decides the same queries, in the same order, as on one") {
    trivcheck::proofs::ProveSettings settings;
    settings.max_s = small_max_s;
    settings.only = {"latency_form_double_count", "last_step_link_bound", "nccl_btree"};
    const std::vector<QueryOutcome> alone = trivcheck::proofs::prove(settings);
    settings.jobs = 2;
    std::size_t planned = 0;
    std::size_t decided = 0;
    const std::vector<QueryOutcome> shared = trivcheck::proofs::prove(
        settings,
        {[&](std::size_t total) { planned = total; }, [&](const QueryOutcome&) { ++decided; }});
    CHECK(planned == alone.size());
    CHECK(decided == alone.size());
    REQUIRE(shared.size() == alone.size());
    for (std::size_t i = 0; i < alone.size(); ++i) {
        CAPTURE(alone[i].obligation);
        CAPTURE(alone[i].label);
        CHECK(shared[i].obligation == alone[i].obligation);
        CHECK(shared[i].label == alone[i].label);
        CHECK(shared[i].s == alone[i].s);
        CHECK(shared[i].verdict == alone[i].verdict);
        CHECK(shared[i].finding.has_value() == alone[i].finding.has_value());
        if (shared[i].finding && alone[i].finding)
            CHECK(shared[i].finding->data == alone[i].finding->data);
    }
}

TEST_CASE("the double-count search is shrunk to the least n, rank and contributor") {
    const std::vector<QueryOutcome> outcomes = prove_small({"latency_form_double_count"});
    struct Expected {
        int s, n, rank, contributor, times;
    };
    // n = 2: rank 1 sends to rank 0 both ways round, so 0 gets 1's value twice.
    // n = 3^s + 1: d = 1 and rank 0 gets its own contribution back from both sides.
    for (const Expected& expected :
         {Expected{0, 2, 0, 1, 2}, Expected{1, 4, 0, 0, 3}, Expected{3, 28, 0, 0, 3}}) {
        CAPTURE(expected.s);
        const QueryOutcome& search = find_outcome(outcomes, "search", expected.s);
        CHECK(search.expected == Expectation::violated);
        REQUIRE(search.verdict == QueryVerdict::violated);
        REQUIRE(search.finding.has_value());
        const auto& data = search.finding->data;
        CHECK(data["n"] == expected.n);
        CHECK(data["step"] == expected.s);
        CHECK(data["rank"] == expected.rank);
        CHECK(data["contributor"] == expected.contributor);
        CHECK(data["times"] == expected.times);
    }
}

TEST_CASE("the last step's largest d/3^s is 1, first reached at n = 3^(s+1) - 1") {
    const std::vector<QueryOutcome> outcomes = prove_small({"last_step_link_bound"});
    for (int s = 0; s <= small_max_s; ++s) {
        CAPTURE(s);
        const QueryOutcome& bound = find_outcome(outcomes, "d_chunks_per_link", s);
        REQUIRE(bound.verdict == QueryVerdict::holds);
        REQUIRE(bound.finding.has_value());
        int power = 1;
        for (int k = 0; k < s; ++k) power *= 3;
        CHECK(bound.finding->data["largest_d"] == power);
        CHECK(bound.finding->data["at_n"] == 3 * power - 1);
    }
}

TEST_CASE("a deliberately wrong claim is Violated, so the real queries are not vacuous") {
    struct Case {
        Variant variant;
        int s;
        int shift;
        const char* why;
    };
    const Case cases[] = {
        {Variant::last_step_distance, 2, -1, "d - 1 leaves a rank out for every n"},
        {Variant::missed_rank, 2, -1, "the rank before the missed one is reached"},
        {Variant::last_step_claimed_load, 2, -1, "links carry d, not d - 1"},
        {Variant::last_step_claimed_load, 2, +1, "links carry d, not d + 1"},
        {Variant::step_claimed_load, 2, -1, "links carry 3^k, not 3^k - 1"},
        {Variant::step_claimed_load, 2, +1, "links carry 3^k, not 3^k + 1"},
        {Variant::full_steps_radius, 2, -1, "the arc after step k is R_k, not R_k - 1"},
        {Variant::full_steps_radius, 2, +1, "the arc after step k is R_k, not R_k + 1"},
        {Variant::double_count_witness, 2, +1, "r + R_(s-1) + 1 is counted once for most n"},
        {Variant::lemma_4_1_step_blocks, 0, -1, "a step adding 1 block breaks the sum"},
        {Variant::arc_union_slack, 0, +1, "a distance one more than the arc leaves a gap"},
        {Variant::arc_ring_length, 0, -1, "an arc of n - 1 sums misses a rank"},
        {Variant::rule_short_step_arc, 3, -1,
         "a short arc one less reaches n - 1 ranks for some n"},
        {Variant::rule_two_short_arc, 3, -1, "a second arc one less falls short for some n"},
        {Variant::rule_short_first_extra, 3, -1, "a short step covering e - 1 misses a rank"},
        {Variant::rule_lattice_spacing, 3, -1, "a spacing one below the least falls short"},
        {Variant::rule_cluster_spacing, 3, -1, "a cluster spacing one below the least falls short"},
    };
    SolverSettings settings;
    for (const Case& wrong : cases) {
        CAPTURE(wrong.why);
        const QueryOutcome real =
            trivcheck::proofs::run_variant(wrong.variant, wrong.s, 0, settings);
        CHECK(real.verdict == QueryVerdict::holds);
        const QueryOutcome outcome =
            trivcheck::proofs::run_variant(wrong.variant, wrong.s, wrong.shift, settings);
        CHECK(outcome.verdict == QueryVerdict::violated);
        CHECK(outcome.finding.has_value());
    }
}

TEST_CASE("Unknown is never success") {
    using trivcheck::proofs::prove_exit_code;
    auto outcome = [](Expectation expected, QueryVerdict verdict) {
        QueryOutcome result;
        result.expected = expected;
        result.verdict = verdict;
        return result;
    };
    const QueryOutcome proved = outcome(Expectation::holds, QueryVerdict::holds);
    const QueryOutcome found = outcome(Expectation::violated, QueryVerdict::violated);
    const QueryOutcome unknown = outcome(Expectation::holds, QueryVerdict::unknown);
    const QueryOutcome refuted = outcome(Expectation::holds, QueryVerdict::violated);
    const QueryOutcome not_found = outcome(Expectation::violated, QueryVerdict::holds);
    CHECK(prove_exit_code({proved, found}) == 0);
    CHECK(prove_exit_code({proved, unknown}) == 4);
    CHECK(prove_exit_code({unknown, refuted}) == 1);
    CHECK(prove_exit_code({found, not_found}) == 1);

    // A resource limit too small for any real work gives Unknown with Z3's reason; unlike a
    // timeout it gives up at the same point on every machine, however fast or loaded.
    SolverSettings hurried;
    hurried.resource_limit = 1;
    const QueryOutcome gave_up =
        trivcheck::proofs::run_variant(Variant::full_steps_radius, 30, 0, hurried);
    CHECK(gave_up.verdict == QueryVerdict::unknown);
    CHECK(!gave_up.reason.empty());
}

TEST_CASE("trivcheck prove: table, JSON and usage errors") {
    using trivcheck::testing::run_trivcheck;
    const auto table = run_trivcheck("prove --max-s 2 --only last_step_covers");
    CHECK(table.exit_code == 0);
    // Columns are as wide as their longest cell.
    CHECK(table.out.find("last_step_covers  all_positions  3^0 < n < 3^3, n != 3^k  holds") !=
          std::string::npos);

    const auto json =
        run_trivcheck("prove --max-s 1 --only lemma_4_1 --only step_link_bound --json");
    CHECK(json.exit_code == 0);
    const nlohmann::json report = nlohmann::json::parse(json.out);
    CHECK(report["schema"] == "trivcheck.proofs/1");
    CHECK(report["verdict"] == "holds");
    REQUIRE(report["queries"].size() == 3);
    CHECK(report["queries"][0]["obligation"] == "step_link_bound");
    CHECK(report["queries"][0]["min_n"] == 3);
    CHECK(report["queries"][0]["max_n"] == 8);
    CHECK(report["queries"][2]["query"] == "step");
    CHECK(report["queries"][2]["expected"] == "unsat");

    CHECK(run_trivcheck("prove --only no_such_obligation").exit_code == 2);
    CHECK(run_trivcheck("prove --max-s 39").exit_code == 2);
}

TEST_CASE("emitted SMT-LIB2 files give cvc5's answer equal to Z3's and the expected one" *
          trivcheck::testing::skip_unless_on_path("cvc5")) {
    const std::filesystem::path directory =
        trivcheck::testing::unique_temp_path("trivcheck-proofs-test-smt2");
    std::filesystem::remove_all(directory);
    const auto run =
        trivcheck::testing::run_trivcheck("prove --max-s 2 --emit-smt2 " + directory.string());
    REQUIRE(run.exit_code == 0);
    const std::string covers = read_file(directory / "last_step_covers.all_positions.s02.smt2");
    CHECK(covers.find("; range: 3^2 < n < 3^3\n") != std::string::npos);
    CHECK(covers.find("; expected: unsat\n") != std::string::npos);
    CHECK(covers.find("; z3: unsat") != std::string::npos);
    CHECK(covers.find("(check-sat)") != std::string::npos);
    const std::string search = read_file(directory / "latency_form_double_count.search.s01.smt2");
    CHECK(search.find("; expected: sat\n") != std::string::npos);

    const std::string command = trivcheck::testing::source_path("scripts/recheck-smt2") + " " +
                                directory.string() + " > " + (directory / "recheck.log").string() +
                                " 2>&1";
    const int status = std::system(command.c_str());
    const int exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    REQUIRE_MESSAGE(exit_code != 77, "cvc5 is not installed");
    INFO(read_file(directory / "recheck.log"));
    CHECK(exit_code == 0);
    CHECK(read_file(directory / "recheck.log").find("0 disagreements") != std::string::npos);
    std::filesystem::remove_all(directory);
}
