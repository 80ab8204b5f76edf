#pragma once
#include "models/rotation_orbit.hpp"

namespace trivcheck {

/// True when the schedule commutes with rotating the ring by one rank: in
/// every step, the k-th n-th of the transfers is the first n-th with src, dst
/// and every block shifted by k (rotate_block), and the inputs are symmetric
/// too (one block, or B a multiple of n). Then the state of rank r is rank 0's
/// rotated, and executing rank 0 alone decides every rank. Verified transfer
/// by transfer, in O(T) for B <= n and O(blocks sent) for larger B; block sets
/// must share rank 0's pattern (as generators produce them), else the answer
/// is a conservative false.
bool is_rotation_symmetric(const Schedule& schedule);

/// The same for the rotations by multiples of `step` (a divisor of n; 1 is
/// is_rotation_symmetric): in every step the items (transfers, then local
/// operations) come in n / step equal chunks, each the items of `step`
/// consecutive ranks as generators list them rank by rank, and chunk t is
/// chunk 0 with src, dst and blocks turned by step·t (rotate_block, the
/// blocks in the order RankTranslations::translate_blocks gives; with a step
/// of 1 they must share chunk 0's pattern, as above). Swing commutes with the
/// even rotations only (models/swing.hpp). Then executing ranks 0 .. step - 1
/// decides every rank. Any schedule of the right blocks commutes with step n.
bool commutes_with_rotations_by(const Schedule& schedule, int step);

/// The least step, 1 or 2, whose rotations `schedule` commutes with
/// (commutes_with_rotations_by); 0 when neither.
int rotation_symmetry_step(const Schedule& schedule);

/// The same on a torus of N ranks: the schedule commutes with every
/// translation (models/rank_translations.hpp). In every step the t-th N-th of
/// the transfers is the first N-th under translation t: src and dst moved by
/// t, and the blocks (when they move, RankTranslations::of) moved by t and
/// listed in ascending order, as the executor reads them; likewise the local
/// operations, which a torus whose blocks move must not have. Verified
/// transfer by transfer, in O(blocks sent · log).
bool is_translation_symmetric(const Schedule& schedule);

/// is_rotation_symmetric, is_translation_symmetric or xor_symmetry
/// (models/xor_symmetry.hpp): executing rank 0 alone decides every rank.
bool has_rank_symmetry(const Schedule& schedule);

/// is_rotation_symmetric or is_translation_symmetric: the topology's own
/// translations, whose link loads the executor adds up from rank 0's messages.
bool has_topology_symmetry(const Schedule& schedule);

}  // namespace trivcheck
