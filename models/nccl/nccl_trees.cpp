#include "models/nccl/nccl_trees.hpp"

namespace trivcheck {

namespace {

/// The lowest set bit of rank, or for rank 0 the first power of 2 >= n, as
/// ncclGetBtree's first loop finds it.
int btree_bit(int n, int rank) {
    int bit = 1;
    while (bit < n && (bit & rank) == 0) bit <<= 1;
    return bit;
}

/// d0 first, then d1, skipping −1 (setTreeDown / addRanksDown in connect.cc).
NcclTreeLinks compacted(int parent, int d0, int d1) {
    NcclTreeLinks links{parent, {-1, -1}};
    int next = 0;
    for (int child : {d0, d1})
        if (child != -1) links.children[next++] = child;
    return links;
}

}  // namespace

NcclTreeLinks nccl_btree(int n, int rank) {
    const int bit = btree_bit(n, rank);
    if (rank == 0) return compacted(-1, -1, n > 1 ? bit >> 1 : -1);
    int parent = (rank ^ bit) | (bit << 1);
    if (parent >= n) parent = rank ^ bit;
    int lowbit = bit >> 1;
    const int d0 = lowbit == 0 ? -1 : rank - lowbit;
    // ncclGetBtree's loop: the farthest rank + L < n, L halving from lowbit.
    int d1 = lowbit == 0 ? -1 : rank + lowbit;
    while (d1 >= n) {
        d1 = lowbit == 0 ? -1 : rank + lowbit;
        lowbit >>= 1;
    }
    return compacted(parent, d0, d1);
}

NcclTreeLinks nccl_dtree(int n, int rank, int tree) {
    if (tree == 0) return nccl_btree(n, rank);
    const bool shift = n % 2 == 1;
    const int image = shift ? (rank - 1 + n) % n : n - 1 - rank;
    const NcclTreeLinks links = nccl_btree(n, image);
    auto back = [&](int x) { return x == -1 ? -1 : shift ? (x + 1) % n : n - 1 - x; };
    return {back(links.parent), {back(links.children[0]), back(links.children[1])}};
}

int nccl_dtree_root(int n, int tree) {
    if (tree == 0) return 0;
    return n % 2 == 1 && n > 1 ? 1 : n - 1;
}

std::vector<NcclTreeLinks> nccl_dtree_links(int n, int tree) {
    std::vector<NcclTreeLinks> links;
    links.reserve(static_cast<std::size_t>(n));
    for (int rank = 0; rank < n; ++rank) links.push_back(nccl_dtree(n, rank, tree));
    return links;
}

}  // namespace trivcheck
