#include "models/swing.hpp"

#include <algorithm>
#include <deque>
#include <memory>
#include <stdexcept>

#include "models/fold.hpp"
#include "models/pairwise_exchange.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

std::int64_t swing_rho(int step) {
    std::int64_t rho = 0;
    for (int i = 0; i <= step; ++i) rho += power(-2, i);
    return rho;
}

std::vector<std::vector<int>> swing_served_offsets(int core_size) {
    const int steps = floor_log(core_size, 2);
    std::vector<std::vector<int>> served(static_cast<std::size_t>(steps) + 1);
    served[static_cast<std::size_t>(steps)] = {0};
    for (int s = steps - 1; s >= 0; --s) {
        const std::vector<int>& later = served[static_cast<std::size_t>(s) + 1];
        std::vector<bool> member(static_cast<std::size_t>(core_size), false);
        std::vector<int> now;
        now.reserve(2 * later.size());
        const std::int64_t rho = swing_rho(s);
        for (int a : later) now.push_back(a);
        for (int a : later) now.push_back(wrap(rho - a, core_size));
        for (int a : now) {
            if (member[static_cast<std::size_t>(a)])
                throw std::logic_error("swing served sets overlap at step " + std::to_string(s) +
                                       " for P = " + std::to_string(core_size));
            member[static_cast<std::size_t>(a)] = true;
        }
        served[static_cast<std::size_t>(s)] = std::move(now);
    }
    return served;
}

namespace {

/// The B form's block sets, built in ascending order without sorting: the
/// core owners q + sign * A_{s+1} (mod P) are a rotation of the sorted
/// sign * A_{s+1}, and the blocks b < n of those core owners (b mod P) come
/// in layers of P.
class SwingBlockSets {
  public:
    SwingBlockSets(int ranks, int core_size) : ranks_(ranks), core_size_(core_size) {
        for (std::vector<int>& served : swing_served_offsets(core_size)) {
            std::vector<int> negated;
            negated.reserve(served.size());
            for (int a : served) negated.push_back(wrap(-a, core_size));
            std::sort(served.begin(), served.end());
            std::sort(negated.begin(), negated.end());
            plus_.push_back(std::move(served));
            minus_.push_back(std::move(negated));
        }
    }

    /// What a rank sends in step s to core index `destination` of copy `half`:
    /// the blocks of the core owners the destination serves from step s + 1 on.
    /// The lists live in one arena shared by the schedule's sets: one
    /// allocation a set, not three (owners, blocks, shared pointer).
    BlockSet blocks(int step, int destination, int half) {
        // Core index q serves q + A (q even) or q - A (q odd); the mirrored copy negates rho.
        const bool plus = (destination % 2 == 0) == (half == 0);
        const std::vector<int>& served =
            (plus ? plus_ : minus_)[static_cast<std::size_t>(step) + 1];
        // The owners ascending: served[wrapped..] + destination - P, then
        // served[..wrapped) + destination.
        const auto wrapped = static_cast<std::size_t>(
            std::lower_bound(served.begin(), served.end(), core_size_ - destination) -
            served.begin());
        std::vector<int>& blocks = arena_->emplace_back();
        blocks.reserve(served.size() *
                       static_cast<std::size_t>((ranks_ + core_size_ - 1) / core_size_));
        for (int layer = 0; layer < ranks_; layer += core_size_) {
            // Owners at or past `room` have no block in this layer (b < n).
            const int room = ranks_ - layer;
            const int low = destination - core_size_ + layer;
            const int high = destination + layer;
            std::size_t i = wrapped;
            for (; i < served.size() && served[i] + destination - core_size_ < room; ++i)
                blocks.push_back(served[i] + low);
            if (i < served.size()) continue;
            for (i = 0; i < wrapped && served[i] + destination < room; ++i)
                blocks.push_back(served[i] + high);
        }
        return BlockSet(std::shared_ptr<const std::vector<int>>(arena_, &blocks), half * ranks_,
                        2 * ranks_);
    }

  private:
    int ranks_;
    int core_size_;
    std::vector<std::vector<int>> plus_;
    std::vector<std::vector<int>> minus_;
    /// Every list handed out; a deque keeps their addresses.
    std::shared_ptr<std::deque<std::vector<int>>> arena_ =
        std::make_shared<std::deque<std::vector<int>>>();
};

}  // namespace

Schedule generate_swing(const GeneratorRequest& request) {
    const Fold fold(request.topology.rank_count());
    const int n = fold.ranks();
    PairwiseExchange exchange;
    exchange.algo = "swing";
    exchange.peer_offset = [](int step, int index) {
        const auto rho = static_cast<int>(swing_rho(step));
        return index % 2 == 0 ? rho : -rho;
    };
    if (request.form == Form::B && n >= 2) {
        auto sets = std::make_shared<SwingBlockSets>(n, fold.core_size());
        exchange.reduce_scatter_blocks = [sets](int step, int destination, int half) {
            return sets->blocks(step, destination, half);
        };
    }
    return generate_pairwise_exchange(request, exchange);
}

}  // namespace trivcheck
