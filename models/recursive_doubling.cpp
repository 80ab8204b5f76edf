#include "models/recursive_doubling.hpp"

#include <map>
#include <memory>

#include "models/fold.hpp"
#include "models/pairwise_exchange.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// Shared patterns {0, stride, 2 stride, ...} of each length, one per step:
/// a residue class c mod stride among blocks [0, n) is such a pattern rotated by c.
class ResidueClasses {
  public:
    explicit ResidueClasses(int ranks) : ranks_(ranks) {}

    /// Blocks b in [0, n) with b = residue mod stride, moved to copy `half`.
    BlockSet blocks(int stride, int residue, int half) {
        const int count = (ranks_ - residue + stride - 1) / stride;
        auto& pattern = patterns_[{stride, count}];
        if (!pattern) {
            std::vector<int> multiples(static_cast<std::size_t>(count));
            for (int j = 0; j < count; ++j) multiples[static_cast<std::size_t>(j)] = j * stride;
            pattern = std::make_shared<const std::vector<int>>(std::move(multiples));
        }
        return BlockSet(pattern, residue + half * ranks_, 2 * ranks_);
    }

  private:
    int ranks_;
    std::map<std::pair<int, int>, std::shared_ptr<const std::vector<int>>> patterns_;
};

}  // namespace

Schedule generate_recursive_doubling(const GeneratorRequest& request) {
    const int n = request.topology.rank_count();
    auto classes = std::make_shared<ResidueClasses>(n);
    PairwiseExchange exchange;
    exchange.algo = "recursive_doubling";
    exchange.peer_offset = [](int step, int index) {
        const int distance = 1 << step;
        return (index & distance) == 0 ? distance : -distance;
    };
    // Core owner of block b is b mod P, and P is a multiple of 2^{s+1}, so the
    // residue class of the destination mod 2^{s+1} selects the same blocks.
    exchange.reduce_scatter_blocks = [classes](int step, int destination, int half) {
        const int stride = 2 << step;
        return classes->blocks(stride, destination % stride, half);
    };
    return generate_pairwise_exchange(request, exchange);
}

}  // namespace trivcheck
