#include "checker/execution/pieces_execution.hpp"

#include <stdexcept>
#include <vector>

namespace trivcheck {

namespace {

using Contributors = std::vector<int>;

/// rank's pieces, in the order trivance_pieces lists them.
using PieceList = std::vector<Contributors>;

int modulo(long long x, int n) {
    const long long r = x % n;
    return static_cast<int>(r < 0 ? r + n : r);
}

Contributors accumulator(const PieceList& pieces) {
    Contributors all;
    for (const Contributors& piece : pieces) all.insert(all.end(), piece.begin(), piece.end());
    return all;
}

}  // namespace

std::optional<PiecesMiscount> execute_pieces_plan(const LastStepPlan& plan) {
    const int n = plan.ranks;
    const std::size_t piece_count = plan.keep.size();
    if (plan.from_right.size() != piece_count || plan.from_left.size() != piece_count)
        throw std::invalid_argument("pieces plan: choice vectors of different lengths");
    std::vector<PieceList> pieces(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) pieces[static_cast<std::size_t>(r)] = {Contributors{r}};
    // Full steps as published: distance 1, 3, 9, ... while pieces remain to be
    // formed; each rank keeps what the right peer sent, then what the left sent.
    int distance = 1;
    while (pieces[0].size() < piece_count) {
        std::vector<PieceList> next = pieces;
        for (int r = 0; r < n; ++r) {
            PieceList& mine = next[static_cast<std::size_t>(r)];
            mine.push_back(accumulator(pieces[static_cast<std::size_t>(modulo(r + distance, n))]));
            mine.push_back(accumulator(pieces[static_cast<std::size_t>(modulo(r - distance, n))]));
        }
        pieces = std::move(next);
        distance *= 3;
    }
    if (pieces[0].size() != piece_count)
        throw std::invalid_argument("pieces plan: wrong number of pieces for n");
    std::vector<int> count(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
        std::fill(count.begin(), count.end(), 0);
        const auto add = [&](const PieceList& holder, const std::vector<bool>& chosen) {
            for (std::size_t i = 0; i < piece_count; ++i)
                if (chosen[i])
                    for (int contributor : holder[i])
                        ++count[static_cast<std::size_t>(contributor)];
        };
        add(pieces[static_cast<std::size_t>(r)], plan.keep);
        add(pieces[static_cast<std::size_t>(modulo(r + plan.right_distance, n))], plan.from_right);
        add(pieces[static_cast<std::size_t>(modulo(r - plan.left_distance, n))], plan.from_left);
        for (int c = 0; c < n; ++c)
            if (count[static_cast<std::size_t>(c)] != 1)
                return PiecesMiscount{r, c, count[static_cast<std::size_t>(c)]};
    }
    return std::nullopt;
}

std::string describe(const PiecesMiscount& miscount) {
    return "rank " + std::to_string(miscount.rank) + " holds the contribution of rank " +
           std::to_string(miscount.contributor) + " " + std::to_string(miscount.count) + " times";
}

}  // namespace trivcheck
