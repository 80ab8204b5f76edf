#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "checker/costs/nccl_order_trees.hpp"

namespace trivcheck {

/// `trivcheck determinism` as text (docs/nccl.md): NCCL's pick per size,
/// each element's order per run of sizes and the sizes where it changes,
/// the orders' trees, and the one-line answer for --between.
std::string nccl_sum_orders_text(const NcclSumOrders& orders,
                                 const std::vector<NcclOrderTree>& trees);

/// The same as trivcheck.nccl_sum_orders/1 JSON (fields in docs/nccl.md).
nlohmann::ordered_json nccl_sum_orders_json(const NcclSumOrders& orders,
                                            const std::vector<NcclOrderTree>& trees);

/// The --between answer in one line: "bit-identical …" or "not bit-identical: …".
std::string nccl_between_line(const NcclSizeComparison& comparison);

}  // namespace trivcheck
