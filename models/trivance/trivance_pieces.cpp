#include "models/trivance/trivance_pieces.hpp"

#include <algorithm>
#include <set>
#include <tuple>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

std::vector<Piece> trivance_pieces(int n) {
    std::vector<Piece> pieces{{0, 0}};
    const int full_steps = floor_log(n, 3);
    for (int step = 0; step < full_steps; ++step) {
        pieces.push_back({step, +1});
        pieces.push_back({step, -1});
    }
    return pieces;
}

std::string piece_name(const Piece& piece) {
    if (piece.side == 0) return "own";
    return (piece.side > 0 ? "+" : "-") + std::to_string(power(3, piece.step));
}

OffsetArc piece_offsets(const Piece& piece) {
    if (piece.side == 0) return {0, 0};
    // R_j = (3^{j+1} - 1) / 2 is the radius after step j; R_{-1} = 0.
    const auto radius = [](int j) { return static_cast<int>((power(3, j + 1) - 1) / 2); };
    const int inner = piece.step == 0 ? 0 : radius(piece.step - 1);
    const int outer = radius(piece.step);
    if (piece.side > 0) return {inner + 1, outer};
    return {-outer, -inner - 1};
}

int LastStepPlan::link_load() const {
    const bool right_sends =
        std::find(from_right.begin(), from_right.end(), true) != from_right.end();
    const bool left_sends = std::find(from_left.begin(), from_left.end(), true) != from_left.end();
    return std::max(right_sends ? right_distance : 0, left_sends ? left_distance : 0);
}

int LastStepPlan::extra_buffers() const {
    std::set<std::tuple<bool, bool, bool>> memberships;
    for (std::size_t i = 0; i < keep.size(); ++i)
        memberships.insert({keep[i], from_right[i], from_left[i]});
    return static_cast<int>(memberships.size()) - 1;
}

}  // namespace trivcheck
