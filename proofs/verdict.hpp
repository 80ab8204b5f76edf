#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace trivcheck::proofs {

/// What a query's negated claim gave: unsat is Holds, sat is Violated (with a
/// model), anything else is Unknown (with the solver's reason). Never a bool,
/// so that Unknown cannot be mistaken for success.
enum class Verdict { holds, violated, unknown };

/// "holds", "violated" or "unknown".
const char* to_string(Verdict verdict);

/// What a query is meant to give: `holds` for a proof (the negated claim is
/// unsat), `violated` for a search whose model is the expected finding (sat).
enum class Expectation { holds, violated };

/// "unsat" for a proof, "sat" for a search: the SMT-LIB answer expected.
const char* expected_answer(Expectation expectation);

/// Something a query established beyond its verdict, in the schedule's own
/// terms (ranks, steps, distances): a counterexample or a measured figure.
struct Finding {
    std::string text;
    nlohmann::ordered_json data;
};

/// Solver limits, set on every solver and optimizer so that runs are repeatable.
struct SolverSettings {
    unsigned timeout_ms = 60000;
    unsigned seed = 0;
    /// Z3's resource limit (rlimit) per call, 0 for none: unlike a timeout it
    /// gives up at the same point on every machine.
    unsigned resource_limit = 0;
};

}  // namespace trivcheck::proofs
