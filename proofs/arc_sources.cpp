#include "proofs/arc_sources.hpp"

namespace trivcheck::proofs {

ArcSources arc_sources(RingEncoding& ring, const z3::expr& rank, const z3::expr& contributor,
                       const z3::expr& distance, const z3::expr& radius) {
    return {ring.on_arc(rank, contributor, radius),
            ring.on_arc(ring.backward(rank, distance), contributor, radius),
            ring.on_arc(ring.forward(rank, distance), contributor, radius)};
}

}  // namespace trivcheck::proofs
