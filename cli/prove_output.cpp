#include "cli/prove_output.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "checker/core/exit_code.hpp"
#include "checker/formats/text_table.hpp"
#include "proofs/verdict.hpp"

namespace trivcheck::cli {

namespace {

using proofs::Expectation;
using proofs::QueryOutcome;

std::string power(int exponent) { return "3^" + std::to_string(exponent); }

/// The n covered by outcomes [first, last] of one obligation query, s ascending.
std::string range_of(const QueryOutcome& first, const QueryOutcome& last) {
    if (first.s < 0) return first.range;
    if (!first.excludes_power)
        return power(first.s) + " <= " + first.sizes + " < " + power(last.s + 1);
    if (first.s == last.s) return first.range;
    return power(first.s) + " < n < " + power(last.s + 1) + ", n != 3^k";
}

std::string verdict_text(const QueryOutcome& outcome) {
    switch (outcome.verdict) {
        case proofs::QueryVerdict::holds:
            return outcome.as_expected() ? "holds" : "HOLDS (a violation was expected)";
        case proofs::QueryVerdict::violated:
            return outcome.as_expected() ? "violated (expected finding)" : "VIOLATED";
        case proofs::QueryVerdict::unknown:
            return "UNKNOWN (" + outcome.reason + ")";
    }
    return "UNKNOWN";
}

bool same_row(const QueryOutcome& a, const QueryOutcome& b) {
    return a.obligation == b.obligation && a.label == b.label && a.verdict == b.verdict &&
           a.reason == b.reason && a.s >= 0 && b.s == a.s + 1;
}

std::string seconds_text(double seconds) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.2f s", seconds);
    return buffer;
}

}  // namespace

std::string prove_report_text(const std::vector<QueryOutcome>& outcomes) {
    TextTable table({"obligation", "query", "range of n", "verdict", "time"});
    double total_seconds = 0;
    for (std::size_t first = 0; first < outcomes.size();) {
        std::size_t last = first;
        double seconds = outcomes[first].seconds;
        while (last + 1 < outcomes.size() && same_row(outcomes[last], outcomes[last + 1]))
            seconds += outcomes[++last].seconds;
        total_seconds += seconds;
        table.add_row({outcomes[first].obligation, outcomes[first].label,
                       range_of(outcomes[first], outcomes[last]), verdict_text(outcomes[first]),
                       seconds_text(seconds)});
        first = last + 1;
    }
    std::ostringstream text;
    text << table.render();

    bool any_finding = false;
    for (const QueryOutcome& outcome : outcomes) {
        if (!outcome.finding) continue;
        if (!any_finding) text << "\nfindings:\n";
        any_finding = true;
        text << "  " << outcome.obligation << " " << outcome.label;
        if (outcome.s >= 0) text << " s=" << outcome.s;
        text << ": " << outcome.finding->text << "\n";
    }

    std::size_t unexpected = 0, unknown = 0;
    for (const QueryOutcome& outcome : outcomes) {
        if (outcome.verdict == proofs::QueryVerdict::unknown)
            ++unknown;
        else if (!outcome.as_expected())
            ++unexpected;
    }
    text << "\n"
         << outcomes.size() << " queries, " << unexpected << " unexpected, " << unknown
         << " unknown, " << seconds_text(total_seconds) << " solver time: ";
    if (unexpected > 0)
        text << "a claim does NOT hold as stated (exit 1)\n";
    else if (unknown > 0)
        text << "NOT proved: the solver gave up on some query (exit 4)\n";
    else
        text << "every query gave its expected answer\n";
    return text.str();
}

nlohmann::ordered_json prove_report_json(const std::vector<QueryOutcome>& outcomes,
                                         const proofs::ProveSettings& settings) {
    const int exit_code = proofs::prove_exit_code(outcomes);
    nlohmann::ordered_json queries = nlohmann::ordered_json::array();
    for (const QueryOutcome& outcome : outcomes) {
        nlohmann::ordered_json query = {
            {"obligation", outcome.obligation}, {"query", outcome.label}, {"claim", outcome.claim}};
        if (outcome.s >= 0) query["s"] = outcome.s;
        query["range"] = outcome.range;
        if (outcome.min_n) query["min_n"] = *outcome.min_n;
        if (outcome.max_n) query["max_n"] = *outcome.max_n;
        query["excludes_power_of_3"] = outcome.excludes_power;
        query["expected"] = proofs::expected_answer(outcome.expected);
        query["verdict"] = proofs::to_string(outcome.verdict);
        query["as_expected"] = outcome.as_expected();
        if (outcome.verdict == proofs::QueryVerdict::unknown) query["reason"] = outcome.reason;
        query["seconds"] = outcome.seconds;
        if (outcome.finding)
            query["finding"] = {{"text", outcome.finding->text}, {"data", outcome.finding->data}};
        if (!outcome.smt2_file.empty()) query["smt2_file"] = outcome.smt2_file;
        queries.push_back(query);
    }
    const char* verdict = exit_code == exit_holds      ? "holds"
                          : exit_code == exit_violated ? "violated"
                                                       : "unknown";
    return {{"schema", "trivcheck.proofs/1"},
            {"settings",
             {{"max_s", settings.max_s},
              {"only", settings.only},
              {"smt_timeout_ms", settings.solver.timeout_ms},
              {"seed", settings.solver.seed}}},
            {"verdict", verdict},
            {"exit_code", exit_code},
            {"queries", queries}};
}

}  // namespace trivcheck::cli
