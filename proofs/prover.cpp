#include "proofs/prover.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include "checker/core/exit_code.hpp"
#include "proofs/obligation.hpp"
#include "proofs/query_runner.hpp"
#include "proofs/smt2_file.hpp"

namespace trivcheck::proofs {

bool QueryOutcome::as_expected() const {
    return verdict ==
           (expected == Expectation::holds ? QueryVerdict::holds : QueryVerdict::violated);
}

namespace {

/// Lowers each shrink term in turn by bisection while the query stays
/// satisfiable, fixing it before the next, and returns the last model.
z3::model shrink_model(Solver& solver, const Query& query, z3::model model) {
    int fixed = 0;
    for (const ShrinkTerm& shrink : query.shrink) {
        std::int64_t low = shrink.lowest;
        std::int64_t high = model_integer(model, shrink.term);
        bool gave_up = false;
        while (low < high) {
            const std::int64_t middle = low + (high - low) / 2;
            solver.push();
            solver.add(shrink.term <= solver.context().int_val(middle));
            const Answer answer = solver.check();
            solver.pop();
            if (answer.verdict() == QueryVerdict::violated) {
                model = answer.model();
                high = model_integer(model, shrink.term);
            } else if (answer.verdict() == QueryVerdict::holds) {
                low = middle + 1;
            } else {
                gave_up = true;  // A timeout leaves a larger, still valid, model.
                break;
            }
        }
        if (gave_up) break;
        solver.push();
        solver.add(shrink.term == solver.context().int_val(high));
        ++fixed;
    }
    for (; fixed > 0; --fixed) solver.pop();
    return model;
}

Finding describe_model(const Query& query, const z3::model& model) {
    if (query.explain) return query.explain(model);
    Finding finding;
    finding.data = nlohmann::ordered_json::object();
    for (const auto& [name, term] : query.model_terms) {
        const std::int64_t value = model_integer(model, term);
        finding.text += (finding.text.empty() ? "" : ", ") + name + " = " + std::to_string(value);
        finding.data[name] = value;
    }
    return finding;
}

QueryOutcome outcome_of(const Query& query) {
    QueryOutcome outcome;
    static_cast<QueryIdentity&>(outcome) = query;
    return outcome;
}

QueryOutcome decide_query(const Query& query, const SolverSettings& settings,
                          const std::optional<std::filesystem::path>& smt2_directory,
                          std::chrono::steady_clock::time_point start) {
    QueryOutcome outcome = outcome_of(query);
    Solver solver(query.hypotheses.ctx(), settings);
    for (unsigned i = 0; i < query.hypotheses.size(); ++i) solver.add(query.hypotheses[i]);
    std::optional<Answer> vacuity;
    if (query.expected == Expectation::holds) {
        vacuity = solver.check();
        if (vacuity->verdict() == QueryVerdict::holds)
            vacuity = Answer::unknown("hypotheses are unsatisfiable: the proof would be vacuous");
    }
    solver.add(query.goal);
    const std::string benchmark = solver.to_smt2(query.logic, expected_answer(query.expected));
    const Answer answer =
        vacuity && vacuity->verdict() == QueryVerdict::unknown ? *vacuity : solver.check();
    outcome.verdict = answer.verdict();
    if (answer.verdict() == QueryVerdict::unknown) outcome.reason = answer.reason();
    if (answer.verdict() == QueryVerdict::violated)
        outcome.finding = describe_model(query, shrink_model(solver, query, answer.model()));
    if (answer.verdict() == QueryVerdict::holds && query.measure) {
        auto [measured, finding] = query.measure(settings);
        if (measured.verdict() == QueryVerdict::unknown) {
            outcome.verdict = QueryVerdict::unknown;
            outcome.reason = "measurement: " + measured.reason();
        }
        outcome.finding = finding;
    }
    if (smt2_directory) {
        const std::filesystem::path path = *smt2_directory / smt2_file_name(query);
        // The file records Z3's answer to the query itself, before any measurement.
        write_smt2_file(path, query, benchmark, answer.verdict(), settings);
        outcome.smt2_file = path.string();
    }
    outcome.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return outcome;
}

}  // namespace

QueryOutcome run_query(const Query& query, const SolverSettings& settings,
                       const std::optional<std::filesystem::path>& smt2_directory) {
    const auto start = std::chrono::steady_clock::now();
    try {
        return decide_query(query, settings, smt2_directory, start);
    } catch (const z3::exception& error) {
        // A Z3 error (bad parameter, resource exhaustion) decides nothing.
        QueryOutcome outcome = outcome_of(query);
        outcome.verdict = QueryVerdict::unknown;
        outcome.reason = std::string("z3 error: ") + error.msg();
        outcome.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return outcome;
    }
}

std::vector<std::string> obligation_names() {
    std::vector<std::string> names;
    for (const Obligation& obligation : all_obligations()) names.push_back(obligation.name);
    return names;
}

std::vector<QueryOutcome> prove(const ProveSettings& settings,
                                const std::function<void(const QueryOutcome&)>& on_outcome) {
    for (const std::string& name : settings.only)
        if (!find_obligation(name)) throw std::invalid_argument("no obligation named " + name);
    if (settings.smt2_directory) std::filesystem::create_directories(*settings.smt2_directory);
    std::vector<QueryOutcome> outcomes;
    for (const Obligation& obligation : all_obligations()) {
        if (!settings.only.empty() && std::find(settings.only.begin(), settings.only.end(),
                                                obligation.name) == settings.only.end())
            continue;
        // One context per obligation: its queries share declarations only.
        z3::context context;
        for (const Query& query : obligation.build(context, settings.max_s)) {
            outcomes.push_back(run_query(query, settings.solver, settings.smt2_directory));
            if (on_outcome) on_outcome(outcomes.back());
        }
    }
    return outcomes;
}

int prove_exit_code(const std::vector<QueryOutcome>& outcomes) {
    bool unknown = false;
    for (const QueryOutcome& outcome : outcomes) {
        if (outcome.verdict == QueryVerdict::unknown)
            unknown = true;
        else if (!outcome.as_expected())
            return exit_violated;
    }
    return unknown ? exit_unknown : exit_holds;
}

}  // namespace trivcheck::proofs
