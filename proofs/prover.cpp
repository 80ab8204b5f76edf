#include "proofs/prover.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "checker/core/exit_code.hpp"
#include "checker/core/parallel_for.hpp"
#include "checker/core/usable_cores.hpp"
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

namespace {

/// One obligation's queries, built in a Z3 context of their own (declared
/// first, so that the queries go before it).
struct BuiltObligation {
    std::unique_ptr<z3::context> context;
    std::vector<Query> queries;
};

BuiltObligation build_obligation(const Obligation& obligation, int max_s) {
    BuiltObligation built{std::make_unique<z3::context>(), {}};
    built.queries = obligation.build(*built.context, max_s);
    return built;
}

std::vector<const Obligation*> selected_obligations(const ProveSettings& settings) {
    for (const std::string& name : settings.only)
        if (!find_obligation(name)) throw std::invalid_argument("no obligation named " + name);
    std::vector<const Obligation*> selected;
    for (const Obligation& obligation : all_obligations())
        if (settings.only.empty() || std::find(settings.only.begin(), settings.only.end(),
                                               obligation.name) != settings.only.end())
            selected.push_back(&obligation);
    return selected;
}

/// A query's place: its obligation (among the selected) and its index there.
struct QuerySlot {
    std::size_t obligation;
    std::size_t query;
};

}  // namespace

std::vector<QueryOutcome> prove(const ProveSettings& settings, const ProveProgress& progress) {
    const std::vector<const Obligation*> selected = selected_obligations(settings);
    if (settings.smt2_directory) std::filesystem::create_directories(*settings.smt2_directory);
    // Building every obligation once here counts the queries; each build is
    // then handed to the first thread that needs it, and a thread that needs
    // an obligation another one holds builds its own (a context serves one
    // thread at a time), so an obligation is built at most once per thread.
    std::vector<BuiltObligation> first_builds;
    std::vector<QuerySlot> plan;
    for (std::size_t k = 0; k < selected.size(); ++k) {
        first_builds.push_back(build_obligation(*selected[k], settings.max_s));
        for (std::size_t q = 0; q < first_builds.back().queries.size(); ++q) plan.push_back({k, q});
    }
    if (progress.planned) progress.planned(plan.size());
    std::vector<std::atomic<bool>> handed_out(selected.size());
    std::vector<QueryOutcome> outcomes(plan.size());
    std::atomic<std::size_t> next{0};
    std::mutex progress_mutex;
    const int jobs = settings.jobs <= 0 ? usable_cores() : settings.jobs;
    const int threads = static_cast<int>(std::min<std::size_t>(
        static_cast<std::size_t>(std::max(jobs, 1)), std::max<std::size_t>(plan.size(), 1)));
    parallel_for(threads, threads, [&](int) {
        std::optional<BuiltObligation> held;
        std::size_t held_index = selected.size();
        for (std::size_t i = next++; i < plan.size(); i = next++) {
            const QuerySlot slot = plan[i];
            if (slot.obligation != held_index) {
                held.reset();
                held = handed_out[slot.obligation].exchange(true)
                           ? build_obligation(*selected[slot.obligation], settings.max_s)
                           : std::move(first_builds[slot.obligation]);
                held_index = slot.obligation;
            }
            if (slot.query >= held->queries.size())
                throw std::logic_error("obligation " + selected[slot.obligation]->name +
                                       " built a different number of queries twice");
            outcomes[i] =
                run_query(held->queries[slot.query], settings.solver, settings.smt2_directory);
            if (progress.decided) {
                std::lock_guard lock(progress_mutex);
                progress.decided(outcomes[i]);
            }
        }
    });
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
