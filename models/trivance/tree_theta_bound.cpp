#include "models/trivance/tree_theta_bound.hpp"

#include <algorithm>
#include <vector>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

double tree_schedule_theta_lower_bound(int n) {
    // One phase's broadcast tree of block 0, steps j = 0..K-1 from the owner.
    // Before step j at most h_j = min(3^j, n) ranks hold the block; they root
    // subtrees that partition the ring, so the ranks lie at a ring distance
    // from their subtree's root summing to at least (n^2/h_j - h_j)/4 (s
    // distinct ranks around one root lie at least (s^2 - 1)/4 away in all).
    // Each such distance is at most the summed lengths of the path's edges,
    // and an edge sent at step i lies on the paths of at most 3^(K-1-i)
    // ranks, so with E_i the summed edge lengths of step i:
    //   sum_{i >= j} E_i 3^(K-1-i) >= (n^2/h_j - h_j)/4   for every j.
    // The busiest link of step i carries at least E_i/2 blocks (two
    // directions; rotations spread each direction evenly), so with c_i that
    // load, sum_{i >= j} 2 c_i 3^(K-1-i) bounds the same. The least sum of
    // c_i under these nested constraints takes each c_i as small as the
    // later ones allow: raising a later c_i helps constraint j at a weight
    // 3^(i-j) times smaller than c_j itself.
    const int steps = ceil_log(n, 3);
    std::vector<double> load(static_cast<std::size_t>(steps), 0.0);
    for (int j = steps - 1; j >= 0; --j) {
        const double holders = static_cast<double>(std::min<std::int64_t>(power(3, j), n));
        const double distance = (static_cast<double>(n) * n / holders - holders) / 4.0;
        double covered = 0.0;
        for (int i = j + 1; i < steps; ++i)
            covered += 2.0 * load[static_cast<std::size_t>(i)] *
                       static_cast<double>(power(3, steps - 1 - i));
        load[static_cast<std::size_t>(j)] = std::max(
            0.0, (distance - covered) / (2.0 * static_cast<double>(power(3, steps - 1 - j))));
    }
    double phase = 0.0;
    for (double step_load : load) phase += step_load;
    // Both phases carry the same (the reduce-scatter is the mirror image).
    return 2.0 * phase / static_cast<double>(n);
}

}  // namespace trivcheck
