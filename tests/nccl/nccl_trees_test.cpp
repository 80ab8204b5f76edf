// ncclGetBtree and ncclGetDtree as models/nccl/nccl_trees.hpp gives them,
// against the trees drawn in src/graph/trees.cc and worked by hand from
// SPEC §11's formulas.
#include "models/nccl/nccl_trees.hpp"

#include <doctest/doctest.h>

#include <array>
#include <vector>

using namespace trivcheck;

namespace {

struct Expected {
    int rank;
    int parent;
    std::array<int, 2> children;
};

void check_tree(int n, int tree, const std::vector<Expected>& expected) {
    CAPTURE(n);
    CAPTURE(tree);
    for (const Expected& row : expected) {
        CAPTURE(row.rank);
        const NcclTreeLinks links = nccl_dtree(n, row.rank, tree);
        CHECK(links.parent == row.parent);
        CHECK(links.children == row.children);
    }
}

}  // namespace

TEST_CASE("ncclGetBtree on 14 ranks is the tree trees.cc draws") {
    // 0 -> 8; 8 -> 4, 12; 4 -> 2, 6; 12 -> 10, 13; 2 -> 1, 3; 6 -> 5, 7; 10 -> 9, 11.
    check_tree(14, 0,
               {{0, -1, {8, -1}},
                {8, 0, {4, 12}},
                {4, 8, {2, 6}},
                {12, 8, {10, 13}},
                {2, 4, {1, 3}},
                {6, 4, {5, 7}},
                {10, 12, {9, 11}},
                {13, 12, {-1, -1}},
                {1, 2, {-1, -1}},
                {11, 10, {-1, -1}}});
}

TEST_CASE("ncclGetDtree on 8 ranks: tree 1 is tree 0 mirrored") {
    check_tree(8, 0,
               {{0, -1, {4, -1}},
                {4, 0, {2, 6}},
                {2, 4, {1, 3}},
                {6, 4, {5, 7}},
                {1, 2, {-1, -1}},
                {3, 2, {-1, -1}},
                {5, 6, {-1, -1}},
                {7, 6, {-1, -1}}});
    // x -> 7 - x, children in the image's order.
    check_tree(8, 1,
               {{7, -1, {3, -1}},
                {3, 7, {5, 1}},
                {5, 3, {6, 4}},
                {1, 3, {2, 0}},
                {6, 5, {-1, -1}},
                {4, 5, {-1, -1}},
                {2, 1, {-1, -1}},
                {0, 1, {-1, -1}}});
    CHECK(nccl_dtree_root(8, 0) == 0);
    CHECK(nccl_dtree_root(8, 1) == 7);
}

TEST_CASE("ncclGetDtree on 7 ranks: tree 1 is tree 0 shifted by one") {
    // 6 = 110b: parent (6 ^ 2) | 4 = 4; child 5 only (6 + 1 = 7 is out of range).
    check_tree(7, 0,
               {{0, -1, {4, -1}},
                {4, 0, {2, 6}},
                {2, 4, {1, 3}},
                {6, 4, {5, -1}},
                {1, 2, {-1, -1}},
                {3, 2, {-1, -1}},
                {5, 6, {-1, -1}}});
    // x -> x + 1 mod 7.
    check_tree(7, 1,
               {{1, -1, {5, -1}},
                {5, 1, {3, 0}},
                {3, 5, {2, 4}},
                {0, 5, {6, -1}},
                {2, 3, {-1, -1}},
                {4, 3, {-1, -1}},
                {6, 0, {-1, -1}}});
    CHECK(nccl_dtree_root(7, 1) == 1);
}

TEST_CASE("ncclGetDtree on 12 ranks: the mirrored tree trees.cc draws") {
    // Root 11 -> 3; 3 -> 7, 1; 7 -> 9, 5; 1 -> 2, 0; 9 -> 10, 8; 5 -> 6, 4.
    check_tree(12, 1,
               {{11, -1, {3, -1}},
                {3, 11, {7, 1}},
                {7, 3, {9, 5}},
                {1, 3, {2, 0}},
                {9, 7, {10, 8}},
                {5, 7, {6, 4}},
                {0, 1, {-1, -1}}});
    CHECK(nccl_dtree_root(12, 1) == 11);
}
