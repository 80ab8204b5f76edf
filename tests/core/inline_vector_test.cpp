#include "checker/core/inline_vector.hpp"

#include <doctest/doctest.h>

#include <span>
#include <utility>
#include <vector>

using trivcheck::InlineVector;

namespace {

struct Pair {
    int first = 0;
    int second = 0;
    friend bool operator==(const Pair&, const Pair&) = default;
};

template <typename T, std::uint32_t N>
std::vector<T> listed(const InlineVector<T, N>& values) {
    return {values.begin(), values.end()};
}

}  // namespace

TEST_CASE("an inline vector keeps its first elements inline and the rest on the heap") {
    InlineVector<int, 2> values;
    CHECK(values.empty());
    // Two ints inline and a 4-byte size; 4-byte aligned, as its elements.
    CHECK(sizeof(values) == 12);
    CHECK(alignof(InlineVector<int, 2>) == alignof(int));
    CHECK(sizeof(InlineVector<int, 1>) == sizeof(int*) + 4);  // the heap pointer's room
    values.push_back(1);
    values.push_back(2);
    CHECK_FALSE(values.on_heap());
    CHECK(listed(values) == std::vector<int>{1, 2});
    values.push_back(3);
    CHECK(values.on_heap());
    CHECK(values.capacity() == 4);
    for (int value = 4; value <= 100; ++value) values.push_back(value);
    REQUIRE(values.size() == 100);
    for (std::size_t position = 0; position < values.size(); ++position)
        CHECK(values[position] == static_cast<int>(position) + 1);
    CHECK(values.front() == 1);
    CHECK(values.back() == 100);
    values.clear();
    CHECK(values.empty());
    CHECK_FALSE(values.on_heap());
    values.push_back(7);
    CHECK(listed(values) == std::vector<int>{7});
}

TEST_CASE("an inline vector's element pushed onto itself survives the move to the heap") {
    InlineVector<int, 1> values{5};
    values.push_back(values[0]);
    CHECK(listed(values) == std::vector<int>{5, 5});
}

TEST_CASE("an inline vector builds elements in place") {
    InlineVector<Pair, 1> pairs;
    Pair& first = pairs.emplace_back();
    first.first = 1;
    CHECK(pairs[0] == Pair{1, 0});
    pairs.emplace_back(Pair{2, 3});
    CHECK(listed(pairs) == std::vector<Pair>{{1, 0}, {2, 3}});
}

TEST_CASE("an inline vector copies, moves and compares by its elements") {
    for (const std::vector<int>& elements : {std::vector<int>{}, {1}, {1, 2}, {1, 2, 3, 4, 5}}) {
        CAPTURE(elements.size());
        InlineVector<int, 2> values;
        for (int value : elements) values.push_back(value);
        const InlineVector<int, 2> copy = values;
        CHECK(copy == values);
        CHECK(listed(copy) == elements);
        InlineVector<int, 2> assigned{9, 9, 9};
        assigned = copy;
        CHECK(listed(assigned) == elements);
        InlineVector<int, 2> moved = std::move(values);
        CHECK(listed(moved) == elements);
        CHECK(values.empty());  // NOLINT(bugprone-use-after-move): moved from is empty
        InlineVector<int, 2> move_assigned{8};
        move_assigned = std::move(moved);
        CHECK(listed(move_assigned) == elements);
        values.push_back(0);
        CHECK(listed(values) == std::vector<int>{0});
    }
    CHECK(InlineVector<int, 2>{1, 2} != InlineVector<int, 2>{1, 3});
    CHECK(InlineVector<int, 2>{1, 2} != InlineVector<int, 2>{1, 2, 3});
}

TEST_CASE("an inline vector is assigned from a list and read as a span") {
    InlineVector<int, 2> values{1, 2, 3};
    values = {4};
    CHECK(listed(values) == std::vector<int>{4});
    const std::span<const int> read = values;
    CHECK(read.size() == 1);
    CHECK(read[0] == 4);
    std::span<int> written = values;
    written[0] = 6;
    CHECK(values[0] == 6);
}

TEST_CASE("an inline vector grows past an inline room that is not a power of two") {
    InlineVector<int, 3> values;
    std::vector<int> expected;
    for (int value = 0; value < 40; ++value) {
        values.push_back(value);
        expected.push_back(value);
        CHECK(values.capacity() >= values.size());
        REQUIRE(listed(values) == expected);
        const InlineVector<int, 3> copy = values;
        CHECK(listed(copy) == expected);
    }
}
