#pragma once
#include <string>
#include <vector>

namespace trivcheck {

/// A partial result a rank of Trivance L keeps separately until the last step
/// (docs/synthesis.md): its own contribution (side 0), or the accumulator it
/// received in full step `step` from the right (side +1, rank r + 3^step) or
/// the left (side -1, rank r - 3^step).
struct Piece {
    int step = 0;
    int side = 0;
};

/// The pieces a rank holds after the floor(log3 n) full steps, in a fixed
/// order: own, then (0,+), (0,-), (1,+), (1,-), ...  Indices into this list
/// name pieces everywhere (plans, encodings, output).
std::vector<Piece> trivance_pieces(int n);

/// "own", "+3^j" or "-3^j": the piece by who sent it.
std::string piece_name(const Piece& piece);

/// Contributions in a piece, as offsets [first, last] from the holder: the
/// piece received in step j from the right covers R_{j-1}+1 .. R_j.
struct OffsetArc {
    int first = 0;
    int last = 0;
    int width() const { return last - first + 1; }
};
OffsetArc piece_offsets(const Piece& piece);

/// One last step of Trivance L in the pieces model, the same at every rank up
/// to rotation: rank r keeps `keep`, receives from r + right_distance the sum
/// of that rank's pieces `from_right`, and from r - left_distance the sum of
/// its pieces `from_left`. Each vector is indexed like trivance_pieces(n).
struct LastStepPlan {
    int ranks = 0;
    int right_distance = 0;
    int left_distance = 0;
    std::vector<bool> keep;
    std::vector<bool> from_right;
    std::vector<bool> from_left;

    /// Most messages on one directed link: the largest distance of a side
    /// that sends anything (each message crosses `distance` links, every rank
    /// sends one, so each link of that direction carries `distance`).
    int link_load() const;
    /// Vectors of m bytes a rank keeps beyond its one accumulator: pieces
    /// used in the same messages can be summed on arrival, so it needs one
    /// buffer per distinct (kept, sent right, sent left) membership, and a
    /// piece used nowhere still needs its own until the full steps end.
    int extra_buffers() const;
};

}  // namespace trivcheck
