#pragma once
#include <vector>

#include "proofs/verdict.hpp"

namespace trivcheck::cli {

/// `trivcheck synth --form B`: for every n of `sizes`, Trivance B's tree choice
/// rules against the solver's least per-step load (proofs/trivance_b/b_tree_choices.hpp);
/// prints one line (or JSON result) per n and a summary. Returns the exit
/// code: 1 when a rule beat the proved optimum or balanced missed it, 4 when
/// a solver call gave up.
int run_tree_choice_synthesis(const std::vector<int>& sizes, bool json,
                              const proofs::SolverSettings& settings, int jobs);

}  // namespace trivcheck::cli
