#include "checker/core/boxed_optional.hpp"

#include <doctest/doctest.h>

#include <utility>
#include <vector>

using trivcheck::BoxedOptional;

TEST_CASE("a boxed optional costs a pointer, copies deeply and compares by value") {
    CHECK(sizeof(BoxedOptional<std::vector<int>>) == sizeof(void*));
    BoxedOptional<std::vector<int>> absent;
    CHECK_FALSE(absent);
    BoxedOptional<std::vector<int>> held;
    held.emplace().push_back(1);
    REQUIRE(held.has_value());
    CHECK(*held == std::vector<int>{1});
    CHECK(held != absent);

    BoxedOptional<std::vector<int>> copy = held;
    CHECK(copy == held);
    copy->push_back(2);
    CHECK(held->size() == 1);
    CHECK(copy != held);

    copy = absent;
    CHECK(copy == absent);
    BoxedOptional<std::vector<int>> moved = std::move(held);
    CHECK(*moved == std::vector<int>{1});
}
