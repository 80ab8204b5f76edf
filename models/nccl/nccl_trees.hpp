#pragma once
#include <array>
#include <vector>

namespace trivcheck {

/// One rank's place in a tree of NCCL's (src/graph/trees.cc): its parent (−1
/// at the root) and its children in the order connectTrees gives them to
/// tree->down (down[0] first), −1 where there is none.
struct NcclTreeLinks {
    int parent = -1;
    std::array<int, 2> children = {-1, -1};
};

/// ncclGetBtree(n, rank): the binary tree rooted at 0 whose odd ranks are
/// leaves; n >= 1, 0 <= rank < n. children[0] is d0 (rank − lowbit/2),
/// children[1] d1 (the farthest rank + L < n, L ≤ lowbit/2); rank 0 has only d1,
/// which connectTrees puts first.
NcclTreeLinks nccl_btree(int n, int rank);
/// ncclGetDtree(n, rank), tree 0 or tree 1: tree 0 is the btree; tree 1 is
/// the btree of n − 1 − rank mirrored for even n, of rank − 1 shifted by one
/// for odd n.
NcclTreeLinks nccl_dtree(int n, int rank, int tree);
/// ncclGetDtreeRoots: 0 for tree 0; for tree 1, n − 1 (even n) or 1 (odd n > 1).
int nccl_dtree_root(int n, int tree);

/// Every rank's links in tree `tree` of ncclGetDtree(n, ·).
std::vector<NcclTreeLinks> nccl_dtree_links(int n, int tree);

}  // namespace trivcheck
