#include "checker/core/contribution_sets.hpp"

#include <doctest/doctest.h>

using namespace trivcheck;

TEST_CASE("contribution sets are hash-consed arcs") {
    ContributionSets sets(10);
    const SetId three = sets.from_arcs({{2, 5}});
    CHECK(sets.from_arcs({{2, 3}, {3, 5}}) == three);
    CHECK(sets.size(three) == 3);
    CHECK(sets.contains(three, 4));
    CHECK_FALSE(sets.contains(three, 5));
    CHECK(sets.first_missing(three) == 0);
    CHECK(sets.first_missing(sets.full()) == -1);
}

TEST_CASE("a reduction reports the lowest shared contributor") {
    ContributionSets sets(10);
    const SetId left = sets.from_arcs({{0, 4}, {7, 9}});
    const SetId right = sets.from_arcs({{4, 6}});
    UnionResult disjoint = sets.unite(left, right);
    CHECK(disjoint.overlap == -1);
    CHECK(disjoint.set == sets.from_arcs({{0, 6}, {7, 9}}));
    UnionResult overlapping = sets.unite(left, sets.from_arcs({{3, 8}}));
    CHECK(overlapping.overlap == 3);
    CHECK(sets.unite(disjoint.set, ContributionSets::empty).set == disjoint.set);
}

TEST_CASE("rotation wraps around the ring") {
    ContributionSets sets(10);
    const SetId arc = sets.from_arcs({{7, 10}});
    const SetId rotated = sets.rotate(arc, 2);
    CHECK(rotated == sets.from_arcs({{9, 10}, {0, 2}}));
    CHECK(sets.rotate(rotated, -2) == arc);
    CHECK(sets.rotate(sets.full(), 3) == sets.full());
}
