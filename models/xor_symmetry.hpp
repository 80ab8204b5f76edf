#pragma once
#include <optional>

#include "models/rank_translations.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The XOR translations under which `schedule` is symmetric, if it is: on a
/// ring of 2^q ranks (q >= 2), or a torus whose sizes are all powers of two,
/// translation t takes rank r to r XOR t and each block with its owner
/// (RankTranslations::binary_digits). Recursive doubling's partners r XOR 2^s
/// and its residue classes of blocks commute with every such t, where they
/// commute with no rotation but the identity and the half turn.
///
/// Verified transfer by transfer, as the rotations are (rotation_symmetry.hpp):
/// in every step the t-th N-th of the transfers is the first N-th under
/// translation t (src and dst XOR t, the same operation and buffers (routes
/// may differ: the executor routes every message of the whole step),
/// the model's blocks moved by t), every block list ascending, as the
/// executor reads a translated one; no local operations. O(blocks sent),
/// with one bit of marks per block. nullopt otherwise, or when the blocks do
/// not move as RankTranslations::of says.
std::optional<RankTranslations> xor_symmetry(const Schedule& schedule);

}  // namespace trivcheck
