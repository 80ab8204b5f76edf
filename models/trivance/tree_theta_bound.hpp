#pragma once

namespace trivcheck {

/// A lower bound on Θ for any all-reduce on a ring of n ranks that reduces
/// every block along an in-tree and gathers it along the mirror out-tree,
/// each phase in ceil(log3 n) steps with two ports (docs/trivance-b.md,
/// "A lower bound"): every Trivance B plan, whatever its tree, is such a
/// schedule. Derived from how far the ranks lie from the roots of the tree's
/// subtrees at each step. At n = 3 it is exact; at n = 3^s it lies between
/// s/2 and Table 1's 2/3 s (about s/2 + 3/16), so it is far from tight.
double tree_schedule_theta_lower_bound(int n);

}  // namespace trivcheck
