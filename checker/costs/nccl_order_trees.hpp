#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "checker/costs/nccl_sum_orders.hpp"

namespace trivcheck {

/// An order's tree of additions as NCCL's generators build it
/// (models/nccl/): ring chunk k is block k of nccl_ring on one channel,
/// tree t block t of nccl_tree on two channels (channel 0 on tree 0,
/// channel 1 on tree 1), read from the executed schedule's final trees.
struct NcclOrderTree {
    NcclSumOrder order;
    /// tree_text's short form, leaves the ranks, cut after the request's length.
    std::string text;
    /// Every rank ends with this tree (NCCL's promise of one result on every rank).
    bool ranks_agree = false;
    /// False when the executor did not follow the trees (too many deliveries).
    bool followed = false;
};

/// The trees of `orders` (each once, in the order given) for n ranks.
std::vector<NcclOrderTree> nccl_order_trees(int ranks, const std::vector<NcclSumOrder>& orders,
                                            std::size_t most_characters);

/// The distinct orders of `orders`' runs, in order of first appearance.
std::vector<NcclSumOrder> distinct_orders(const NcclSumOrders& orders);

}  // namespace trivcheck
