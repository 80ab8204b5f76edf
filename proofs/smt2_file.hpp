#pragma once
#include <filesystem>
#include <string>

#include "proofs/query.hpp"
#include "proofs/solver.hpp"

namespace trivcheck::proofs {

/// "<obligation>.<label>[.sNN].smt2": one file per query, stable across runs.
std::string smt2_file_name(const Query& query);

/// Writes a query as a self-contained SMT-LIB2 file: a comment header saying
/// what is claimed, over which n, the expected answer (`; expected: unsat` or
/// `; expected: sat`) and Z3's answer (`; z3: ...`), then the benchmark.
/// Throws std::runtime_error when the file cannot be written.
void write_smt2_file(const std::filesystem::path& path, const Query& query,
                     const std::string& benchmark, QueryVerdict z3_verdict,
                     const SolverSettings& settings);

/// The SMT-LIB answer a verdict corresponds to: holds is unsat, violated sat.
const char* smt2_answer(QueryVerdict verdict);

}  // namespace trivcheck::proofs
