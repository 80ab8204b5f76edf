#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "checker/costs/nccl_choice.hpp"
#include "checker/costs/nccl_layout.hpp"

namespace trivcheck {

/// The order NCCL adds an all-reduce element's n inputs in (docs/nccl.md,
/// "Does the sum change with the size?"): the ring's chunk k (started at
/// ring index k + 1, finished at k: runRing) or tree 0 or 1 (runTreeSplit
/// on ncclGetDtree's trees). Two elements or two sizes with the same order
/// get bitwise-equal sums; different orders may not.
struct NcclSumOrder {
    NcclAlgorithm algorithm = NcclAlgorithm::ring;
    /// The ring's chunk, or the tree.
    int index = 0;
    friend bool operator==(const NcclSumOrder&, const NcclSumOrder&) = default;
};
/// "ring chunk 3", "tree 1".
std::string to_string(const NcclSumOrder& order);

/// What is asked: NCCL's tuning (NCCL_ALGO restrictions already applied),
/// the element size and the sizes in bytes (both ends included; counts of
/// whole elements in between, every one of them).
struct NcclSumOrderRequest {
    NcclTuning tuning;
    int element_size = 4;
    std::uint64_t low_bytes = 0;
    std::uint64_t high_bytes = 0;
    std::vector<std::uint64_t> elements;
    /// Two sizes to compare element by element ("bit-identical between X and Y?").
    std::optional<std::pair<std::uint64_t, std::uint64_t>> between;
};

/// A run of element counts [from, to) over which an element's order and
/// NCCL's pick and channels stay; `place` is the element's at `from`.
struct NcclSumRun {
    std::uint64_t from_count = 0;
    std::uint64_t to_count = 0;
    int candidate = -1;
    int channels = 0;
    NcclSumOrder order;
    NcclElementPlace place;
};

struct NcclElementOrders {
    std::uint64_t element = 0;
    std::vector<NcclSumRun> runs;
    /// The counts at which the order changes (the first count of the new run).
    std::vector<std::uint64_t> order_changes;
};

/// The answer to "bit-identical between sizes X and Y?": the first element
/// of the common prefix whose orders differ, if any.
struct NcclSizeComparison {
    std::uint64_t first_bytes = 0;
    std::uint64_t second_bytes = 0;
    std::uint64_t common_elements = 0;
    std::optional<std::uint64_t> first_difference;
    NcclSumOrder first_order;
    NcclSumOrder second_order;
};

struct NcclSumOrders {
    NcclSumOrderRequest request;
    /// NCCL's pick per size (nccl_bands) over the request's bytes.
    std::vector<NcclBand> bands;
    std::vector<NcclElementOrders> elements;
    std::optional<NcclSizeComparison> between;
};

/// The call NCCL makes for `count` elements under `choice`.
NcclCallShape nccl_call_shape(const NcclTuning& tuning, int candidate, int channels,
                              int element_size, std::uint64_t count);
/// The order of element `element` in that call.
NcclSumOrder nccl_sum_order(const NcclCallShape& call, const std::vector<NcclChannelPart>& parts,
                            std::uint64_t element);

/// Every element count from low to high, each element's order at each
/// (exact: no count is skipped).
NcclSumOrders nccl_sum_orders(const NcclSumOrderRequest& request);

}  // namespace trivcheck
