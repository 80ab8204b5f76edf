#pragma once
#include <z3++.h>

#include "proofs/ring_encoding.hpp"

namespace trivcheck::proofs {

/// Which of the three accumulators a rank reduces in a Trivance step hold a
/// contributor: its own, and those arriving from r - distance and r + distance,
/// each the arc of `radius` around its holder (docs/model.md, Lemma 4.2).
struct ArcSources {
    z3::expr own;
    z3::expr from_minus;
    z3::expr from_plus;

    z3::expr at_least_twice() const {
        return (own && from_minus) || (own && from_plus) || (from_minus && from_plus);
    }
    z3::expr any() const { return own || from_minus || from_plus; }
};

/// The three accumulators `rank` reduces when its peers are at ±`distance`,
/// every one holding the arc of `radius` around its holder.
ArcSources arc_sources(RingEncoding& ring, const z3::expr& rank, const z3::expr& contributor,
                       const z3::expr& distance, const z3::expr& radius);

}  // namespace trivcheck::proofs
