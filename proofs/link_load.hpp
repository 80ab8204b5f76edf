#pragma once
#include <z3++.h>

#include <string>
#include <utility>
#include <vector>

#include "proofs/ring_encoding.hpp"

namespace trivcheck::proofs {

/// Witness variables of a link-load query, for printing a counterexample.
struct LinkLoadWitnesses {
    z3::expr link;
    z3::expr first_source;
    z3::expr second_source;
    z3::expr first_hop;
    z3::expr second_hop;
};

/// The negation of "every directed link carries exactly `claimed_load`
/// messages" for a step in which every rank sends one message `distance` hops
/// towards r + distance on route + and one towards r - distance on route -.
///
/// The count is established by a bijection: a message crossing link i maps to
/// its hop index t (the hop i -> i+1 is its t-th); the negation says that t is
/// not unique, or not injective, or reaches `claimed_load`, or that some
/// t < claimed_load has no message, for either direction, or that the path is
/// longer than the ring. Witness domains go into `hypotheses`.
z3::expr link_load_differs(RingEncoding& ring, const z3::expr& distance,
                           const z3::expr& claimed_load, z3::expr_vector& hypotheses,
                           const LinkLoadWitnesses& witnesses);

/// Declares the witnesses of a link-load query (names end in `suffix`, so one
/// query can hold a set per ring).
LinkLoadWitnesses declare_link_load_witnesses(z3::context& context, const std::string& suffix = "");

/// The witnesses as named model terms (link, sources, hops).
std::vector<std::pair<std::string, z3::expr>> link_load_model_terms(
    const LinkLoadWitnesses& witnesses);

}  // namespace trivcheck::proofs
