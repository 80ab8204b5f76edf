#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

// Z3-free on purpose: the CLI includes this header, and only proofs/ sees <z3++.h>.

/// What `trivcheck prove` runs.
struct ProveSettings {
    /// Queries cover s = 0 .. max_s, i.e. every n < 3^(max_s + 1).
    int max_s = 30;
    /// Obligation names to run; empty runs all.
    std::vector<std::string> only;
    SolverSettings solver;
    /// When set, every query is written there as an SMT-LIB2 file.
    std::optional<std::filesystem::path> smt2_directory;
    /// Threads deciding queries at once, each with Z3 contexts of its own
    /// (0: every usable core). The outcomes are the same and in the same
    /// order whatever the count.
    int jobs = 1;
};

/// The result of one query, self-contained (no Z3 objects).
struct QueryOutcome : QueryIdentity {
    QueryVerdict verdict = QueryVerdict::unknown;
    /// The solver's reason, for Unknown.
    std::string reason;
    double seconds = 0;
    /// The counterexample or measured figure, if any.
    std::optional<Finding> finding;
    /// The SMT-LIB2 file written, if any.
    std::string smt2_file;

    /// Holds when a proof was expected, Violated when a search was.
    bool as_expected() const;
};

/// What `prove` tells its caller while it runs.
struct ProveProgress {
    /// Once, before any query is decided: how many queries will be.
    std::function<void(std::size_t)> planned;
    /// As each query is decided, one call at a time (from any thread).
    std::function<void(const QueryOutcome&)> decided;
};

/// The obligations' names, in the order they run.
std::vector<std::string> obligation_names();

/// Runs the selected obligations' queries on `settings.jobs` threads and
/// returns their outcomes in registry order (each obligation's queries in the
/// order it builds them). Throws std::invalid_argument for an unknown name.
std::vector<QueryOutcome> prove(const ProveSettings& settings, const ProveProgress& progress = {});

/// 1 when some query gave a definite answer other than the expected one, else
/// 4 when some query is Unknown, else 0 (checker/core/exit_code.hpp).
int prove_exit_code(const std::vector<QueryOutcome>& outcomes);

}  // namespace trivcheck::proofs
