#pragma once
#include <optional>
#include <vector>

#include "models/generator.hpp"
#include "models/rotation_orbit.hpp"
#include "models/torus_shape.hpp"

namespace trivcheck {

/// One torus step of one collective: which dimension it uses and which step
/// of that dimension's ring schedule it runs there.
struct DimensionStep {
    int dimension = 0;
    int ring_step = 0;
};

/// The dimensions collective `first` walks through (docs/model.md, "Tori"):
/// step j uses the j-th dimension of the cycle first, first + 1, ... (mod D)
/// that still has ring steps left, and runs its next one; dimension d offers
/// `count[d]` steps from `begin[d]` on. On a torus whose dimensions need
/// equal step counts that is dimension (first + j) mod D in step j; where
/// they differ (8×64), the exhausted dimensions are skipped, so in the last
/// steps collectives share the longer dimensions' links.
std::vector<DimensionStep> round_robin_walk(int first, const std::vector<int>& begin,
                                            const std::vector<int>& count);

/// Lifts one ring schedule per dimension (`rings[d]` on a ring of
/// shape.extent(d) ranks, all of one algorithm and form) to the torus: D
/// collectives, collective i on the i-th 1/D of the vector, each a product of
/// the ring collectives along the lines of every dimension. A torus block is
/// (i, b_0, ..., b_{D-1}) with b_d a block of ring d, numbered
/// i·P + b_0 + B_0·b_1 + ... (P = B_0·B_1·...).
/// L: every ring transfer u -> v in dimension d becomes, on every line of d,
///    x -> x + (v - u)·e_d with the collective's whole part (round-robin walk;
///    a ring schedule with scratch buffers runs its dimensions one after the
///    other instead, each whole, since its buffers hold partials of one line).
/// B: the ring's reduce-scatter steps (those before its first copy) on the
///    round-robin walk, then its all-gather steps on the reverse walk; a rank
///    sends, for ring blocks S of dimension d, the blocks whose other
///    coordinates b_e it still reduces (reduce-scatter: not yet sent on in
///    dimension e) or already holds in full (all-gather: owned or received).
/// Every ring must have 2 ranks or more; the result has 2D ports. Each step
/// lists its transfers by sender (and its local operations by rank); a rank
/// lists its own by collective, then, for a ring that commutes with the
/// rotations by k (rotation_symmetry_step), by the ring's chunk item (so
/// ranks a symmetry apart list theirs in one order: translation-symmetric
/// lifts are in the order of a rank orbit, models/rotation_orbit.hpp), else
/// as the ring lists them.
Schedule lift_rings_to_torus(const std::vector<Schedule>& rings, const Topology& torus, Form form);

/// The same lift as a rank orbit, when the torus schedule commutes with the
/// translations by construction: each ring d commutes with the rotations by
/// a step s_d of 1 or 2 (rotation_symmetry_step, the least), and either
/// every ring has one block (the torus's blocks stay put) or every ring has
/// k·n blocks, one k for all, and no local operations (the torus's blocks
/// move with the ranks). nullopt otherwise, and when every s_d is its ring's
/// extent (rings of 2 ranks, Swing on 2x2: no symmetry to use). The torus schedule then commutes
/// with the translations whose coordinate in each d is a multiple of s_d:
/// when every s_d is 1 (every translation) the model is rank 0's transfers
/// and local operations and symmetry_steps is empty; else symmetry_steps is
/// {s_0, s_1, ...} (Swing: 2 in each dimension of even extent) and the model
/// lists, in each step, the transfers (and local operations) of every
/// representative, the ranks whose coordinates are below the steps
/// (RankTranslations::representative), by sender in ascending rank order
/// (the representatives' order), each rank's own in the order
/// lift_rings_to_torus lists them. Built in O(the representatives' blocks).
/// expand() of it is lift_rings_to_torus(rings, torus, form), transfer for
/// transfer and block set for block set; with steps of 1 in the same order,
/// else each rank's own in the same order but the ranks interleaved
/// otherwise (expand lists the representatives under symmetry 0, then 1, ...).
std::optional<RotationOrbit> lift_rings_to_torus_orbit(const std::vector<Schedule>& rings,
                                                       const Topology& torus, Form form);

}  // namespace trivcheck
