#pragma once
#include <z3++.h>

#include <string>
#include <vector>

#include "proofs/query.hpp"

namespace trivcheck::proofs {

/// A named property of Trivance proved (or, for a search, refuted) by a set
/// of solver queries, one or a few per s.
struct Obligation {
    std::string name;
    std::string summary;
    /// The queries for every s in [0, max_s] the obligation applies to.
    std::vector<Query> (*build)(z3::context& context, int max_s);
};

/// Every obligation, in the order `trivcheck prove` runs and prints them.
const std::vector<Obligation>& all_obligations();

/// The obligation called `name`, or nullptr.
const Obligation* find_obligation(const std::string& name);

}  // namespace trivcheck::proofs
