#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/trivance/tree_theta_bound.hpp"

namespace trivcheck::proofs {

/// The lower bound on Θ of models/trivance/tree_theta_bound.hpp at its best
/// multipliers for one n, found by Kelley's cutting planes: each least chain
/// the dynamic program returns is a plane (its value is linear in the
/// multipliers), and Z3's optimizer picks the multipliers the planes found so
/// far rate highest, until the program's value at them comes within
/// `ceiling_gap` of that rating.
struct ThetaLowerBound {
    int n = 0;
    /// Valid whatever the solver did: the program's exact value at
    /// `scaled_multipliers`, divided by n.
    double theta = 0.0;
    std::vector<std::int64_t> scaled_multipliers;
    /// No multipliers in [0, n] give the relaxation more than this (the last
    /// linear program's value over n); infinity when the solver gave up.
    double ceiling = 0.0;
    int evaluations = 0;
    /// Set when the optimizer gave up (the bound is then the best found).
    std::string unknown_reason;
};

ThetaLowerBound tree_theta_lower_bound(int n, PortRule ports, unsigned timeout_ms);

}  // namespace trivcheck::proofs
