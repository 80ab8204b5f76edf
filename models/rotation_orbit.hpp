#pragma once
#include "models/schedule.hpp"

namespace trivcheck {

/// Where block `block` goes when the ring turns by `shift` ranks (0 <= shift
/// <= n): blocks come in groups of n (block g*n + i belongs to rank i of group
/// g) and each group turns with the ranks. One block (B = 1) stays put.
inline int rotate_block(int block, int shift, int ranks, int blocks) {
    if (blocks == 1) return block;
    const int index = block % ranks;
    return block - index + (index + shift) % ranks;
}

/// `transfer` with its ranks and blocks turned by `shift` ranks (0 <= shift < n).
/// Shares the block pattern whenever the turn keeps every block in its group's
/// order (always for B = 1 or B = n).
Transfer turned(const Transfer& transfer, int shift, int ranks, int blocks);

/// `operation` with its rank and blocks turned by `shift` ranks, likewise.
LocalOp turned(const LocalOp& operation, int shift, int ranks, int blocks);

/// A rotation-symmetric ring schedule kept as one n-th of each step: step k of
/// the whole schedule is `model.steps[k].transfers` turned by 0, then by 1, ...,
/// then by n - 1 (in that order, so transfer j turned by t has index
/// t * |model step| + j), and its local operations likewise. A generator that knows its schedule is
/// symmetric builds this in O(n log n) instead of the O(n^2 log n) of the whole schedule, and the
/// executor runs it without expanding it (checker/execution/executor.hpp).
struct RotationOrbit {
    /// Name, topology (a ring), ranks, blocks (1 or a multiple of n), bounds,
    /// and per step the transfers that stand for their n rotations.
    Schedule model;
};

/// The step `model` stands for: its transfers and local operations turned by
/// 0, then 1, ..., then ranks - 1, in that order.
Step expand_step(const Step& model, int ranks, int blocks);

/// The whole schedule the orbit stands for.
Schedule expand(const RotationOrbit& orbit);

}  // namespace trivcheck
