#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace trivcheck::proofs {

/// What a query's negated claim gave: unsat is Holds, sat is Violated (with a
/// model), anything else is Unknown (with the solver's reason). Never a bool,
/// so that Unknown cannot be mistaken for success.
enum class QueryVerdict { holds, violated, unknown };

/// "holds", "violated" or "unknown".
const char* to_string(QueryVerdict verdict);

/// What a query is meant to give: `holds` for a proof (the negated claim is
/// unsat), `violated` for a search whose model is the expected finding (sat).
enum class Expectation { holds, violated };

/// "unsat" for a proof, "sat" for a search: the SMT-LIB answer expected.
const char* expected_answer(Expectation expectation);

/// What one query of an obligation is about, shared by the query (with its
/// Z3 terms) and its outcome (without them).
struct QueryIdentity {
    std::string obligation;
    /// Short identifier, unique per obligation and s; used in file names.
    std::string label;
    /// One line: what unsat proves, or what a model of a search shows.
    std::string claim;
    /// The s of the range (-1 when the query covers every s, as an induction does).
    int s = -1;
    /// The values of n covered, in words ("3^4 < n < 3^5") and as numbers
    /// (on a torus: the extents, "3^4 <= a, b < 3^5", and the rank counts a·b).
    std::string range;
    /// What the range bounds: "n", the ring size, or "a, b", a torus's extents.
    std::string sizes = "n";
    std::optional<std::int64_t> min_n;
    std::optional<std::int64_t> max_n;
    /// The range leaves out n = 3^s (it is 3^s < n < 3^(s+1)).
    bool excludes_power = false;
    Expectation expected = Expectation::holds;
};

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
