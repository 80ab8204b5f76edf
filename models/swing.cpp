#include "models/swing.hpp"

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

Schedule generate_swing(const GeneratorRequest& request) {
    const Fold fold(request.topology.rank_count());
    const int n = fold.ranks();
    const int core = fold.core_size();
    PairwiseExchange exchange;
    exchange.algo = "swing";
    exchange.peer_offset = [](int step, int index) {
        const auto rho = static_cast<int>(swing_rho(step));
        return index % 2 == 0 ? rho : -rho;
    };
    if (request.form == Form::B && n >= 2) {
        auto served =
            std::make_shared<const std::vector<std::vector<int>>>(swing_served_offsets(core));
        exchange.reduce_scatter_blocks = [served, n, core](int step, int destination, int half) {
            // The mirrored copy negates rho, hence its served sets.
            const int sign = (destination % 2 == 0 ? 1 : -1) * (half == 0 ? 1 : -1);
            std::vector<int> blocks;
            for (int a : (*served)[static_cast<std::size_t>(step) + 1])
                for (int block = wrap(destination + sign * a, core); block < n; block += core)
                    blocks.push_back(block + half * n);
            return BlockSet(std::move(blocks), 2 * n);
        };
    }
    return generate_pairwise_exchange(request, exchange);
}

}  // namespace trivcheck
