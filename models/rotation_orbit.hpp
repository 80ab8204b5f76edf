#pragma once
#include "models/rank_translations.hpp"
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

/// `transfer` under translation `translation` of `translations` (on a ring: turned).
Transfer translated(const Transfer& transfer, int translation,
                    const RankTranslations& translations);
LocalOp translated(const LocalOp& operation, int translation, const RankTranslations& translations);

/// A rank-symmetric schedule kept as one N-th of each step: on a ring of n
/// ranks (a rotation-symmetric schedule) or on a torus of N ranks (a
/// translation-symmetric one). Step k of the whole schedule is
/// `model.steps[k].transfers` under translation 0, then 1, ..., then N - 1
/// (models/rank_translations.hpp; on a ring translation t turns by t), in
/// that order, so transfer j under translation t has index t * |model step| +
/// j, and its local operations likewise. A generator that knows its schedule
/// is symmetric builds this in O(N) instead of the O(N^2) of the whole
/// schedule, and the executor runs it without expanding it
/// (checker/execution/executor.hpp).
///
/// A schedule that commutes with a subgroup of the translations only (Swing
/// on a torus: the even ones) keeps one rank per coset of that subgroup, its
/// representatives (RankTranslations::with_symmetry_steps): the model lists
/// their transfers, and step k is the model under each symmetry in turn
/// (RankTranslations::symmetry(0), symmetry(1), ...).
struct RotationOrbit {
    /// Name, topology (a ring or torus), ranks, blocks (see
    /// RankTranslations::of), bounds, and per step the transfers that stand
    /// for their N translations.
    Schedule model;
    /// Per dimension, the step of the translations the schedule commutes
    /// with; empty: every translation (steps of 1).
    std::vector<int> symmetry_steps = {};
};

/// The translations `orbit` is executed and expanded with.
RankTranslations orbit_translations(const RotationOrbit& orbit);

/// The step `model` stands for: its transfers and local operations under
/// translation 0, then 1, ..., then N - 1, in that order (under the
/// symmetries in their order, when `translations` has symmetry steps).
Step expand_step(const Step& model, const RankTranslations& translations);
/// On a ring of `ranks` with `blocks` blocks.
Step expand_step(const Step& model, int ranks, int blocks);

/// The whole schedule the orbit stands for.
Schedule expand(const RotationOrbit& orbit);

}  // namespace trivcheck
