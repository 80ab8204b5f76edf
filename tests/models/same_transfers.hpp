#pragma once
// Two schedules with the same transfers up to their order within a step: an
// orbit under a subgroup of the translations expands to the whole schedule's
// transfers with the ranks interleaved otherwise (models/torus_lift.hpp).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck::testing {

/// A transfer as a comparable tuple, its blocks as a set.
using TransferKey = std::tuple<int, int, int, int, int, int, std::vector<int>>;

inline TransferKey key_of(const Transfer& transfer) {
    return {transfer.src,
            transfer.dst,
            static_cast<int>(transfer.op),
            static_cast<int>(transfer.route),
            static_cast<int>(transfer.src_buffer),
            static_cast<int>(transfer.dst_buffer),
            transfer.blocks.sorted()};
}

/// Per sender, its transfers of a step in their order.
inline std::map<int, std::vector<TransferKey>> by_sender(const Step& step) {
    std::map<int, std::vector<TransferKey>> senders;
    for (const Transfer& transfer : step.transfers)
        senders[transfer.src].push_back(key_of(transfer));
    return senders;
}

/// Are the two schedules' steps the same transfers (as multisets, and each
/// sender's in one order) and the same local operations (as multisets)?
inline void check_same_transfers(const Schedule& a, const Schedule& b) {
    CHECK(a.ranks == b.ranks);
    CHECK(a.blocks == b.blocks);
    REQUIRE(a.steps.size() == b.steps.size());
    for (std::size_t k = 0; k < a.steps.size(); ++k) {
        CAPTURE(k);
        const Step& x = a.steps[k];
        const Step& y = b.steps[k];
        CHECK(x.phase == y.phase);
        REQUIRE(x.transfers.size() == y.transfers.size());
        std::vector<TransferKey> xs;
        std::vector<TransferKey> ys;
        for (const Transfer& transfer : x.transfers) xs.push_back(key_of(transfer));
        for (const Transfer& transfer : y.transfers) ys.push_back(key_of(transfer));
        std::sort(xs.begin(), xs.end());
        std::sort(ys.begin(), ys.end());
        CHECK(xs == ys);
        CHECK(by_sender(x) == by_sender(y));
        REQUIRE(x.local.size() == y.local.size());
        using LocalKey = std::tuple<int, int, int, int, std::vector<int>>;
        std::vector<LocalKey> xl;
        std::vector<LocalKey> yl;
        for (const LocalOp& op : x.local)
            xl.emplace_back(op.rank, op.src_buffer, op.dst_buffer, static_cast<int>(op.op),
                            op.blocks.sorted());
        for (const LocalOp& op : y.local)
            yl.emplace_back(op.rank, op.src_buffer, op.dst_buffer, static_cast<int>(op.op),
                            op.blocks.sorted());
        std::sort(xl.begin(), xl.end());
        std::sort(yl.begin(), yl.end());
        CHECK(xl == yl);
    }
}

}  // namespace trivcheck::testing
