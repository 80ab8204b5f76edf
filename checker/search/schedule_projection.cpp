#include "checker/search/schedule_projection.hpp"

#include <algorithm>

namespace trivcheck {

namespace {

/// old index -> new index, -1 for removed ones.
std::vector<int> renumbering(int count, const std::vector<int>& kept) {
    std::vector<int> map(static_cast<std::size_t>(count), -1);
    for (std::size_t i = 0; i < kept.size(); ++i)
        map[static_cast<std::size_t>(kept[i])] = static_cast<int>(i);
    return map;
}

/// The blocks of `blocks` that `block_map` keeps, renumbered, as a set of
/// `modulus` blocks; empty when none is kept.
BlockSet remap_blocks(const BlockSet& blocks, const std::vector<int>& block_map, int modulus) {
    std::vector<int> kept;
    blocks.for_each([&](int block) {
        const int mapped = block_map[static_cast<std::size_t>(block)];
        if (mapped >= 0) kept.push_back(mapped);
    });
    return BlockSet(std::move(kept), modulus);
}

/// Keeps the items `keep` accepts (it may rewrite them), in order.
template <class Item, class Keep>
void filter_in_place(std::vector<Item>& items, Keep keep) {
    std::vector<Item> kept;
    for (Item& item : items)
        if (keep(item)) kept.push_back(std::move(item));
    items = std::move(kept);
}

/// Rewrites the blocks of every transfer and local operation through
/// `block_map` and drops those left empty.
void remap_all_blocks(Schedule& schedule, const std::vector<int>& block_map, int block_count) {
    schedule.blocks = block_count;
    auto remap = [&](auto& item) {
        item.blocks = remap_blocks(item.blocks, block_map, block_count);
        return !item.blocks.empty();
    };
    for (Step& step : schedule.steps) {
        filter_in_place(step.transfers, remap);
        filter_in_place(step.local, remap);
    }
}

template <class Value>
void keep_step_values(std::vector<Value>& values, const std::vector<int>& kept) {
    if (values.size() <= 1) return;  // one value for every step
    std::vector<Value> filtered;
    for (int step : kept)
        if (static_cast<std::size_t>(step) < values.size())
            filtered.push_back(values[static_cast<std::size_t>(step)]);
    values = std::move(filtered);
}

}  // namespace

Schedule keep_ranks(const Schedule& schedule, const std::vector<int>& kept) {
    if (schedule.topology.kind == TopologyKind::torus || kept.size() < 2) return schedule;
    const int n = schedule.ranks;
    const auto kept_count = static_cast<int>(kept.size());
    const std::vector<int> rank_map = renumbering(n, kept);
    Schedule result = schedule;
    result.ranks = kept_count;
    if (schedule.topology.kind == TopologyKind::ring) {
        result.topology = Topology::ring(kept_count);
    } else {
        result.topology.dims = {kept_count};
        result.topology.edges.clear();
        for (auto [u, v] : schedule.topology.edges) {
            const int a = rank_map[static_cast<std::size_t>(u)];
            const int b = rank_map[static_cast<std::size_t>(v)];
            if (a >= 0 && b >= 0) result.topology.edges.push_back({a, b});
        }
    }
    const auto mapped = [&](int rank) { return rank_map[static_cast<std::size_t>(rank)]; };
    for (Step& step : result.steps) {
        filter_in_place(step.transfers, [&](Transfer& transfer) {
            if (mapped(transfer.src) < 0 || mapped(transfer.dst) < 0) return false;
            transfer.src = mapped(transfer.src);
            transfer.dst = mapped(transfer.dst);
            return true;
        });
        filter_in_place(step.local, [&](LocalOp& operation) {
            if (mapped(operation.rank) < 0) return false;
            operation.rank = mapped(operation.rank);
            return true;
        });
    }
    if (schedule.blocks % n != 0) return result;
    // Blocks owned by rank s (q·n + s) follow their owner.
    const int per_rank = schedule.blocks / n;
    std::vector<int> block_map(static_cast<std::size_t>(schedule.blocks), -1);
    for (int block = 0; block < schedule.blocks; ++block) {
        const int owner = rank_map[static_cast<std::size_t>(block % n)];
        if (owner >= 0)
            block_map[static_cast<std::size_t>(block)] = (block / n) * kept_count + owner;
    }
    remap_all_blocks(result, block_map, per_rank * kept_count);
    return result;
}

Schedule keep_steps(const Schedule& schedule, const std::vector<int>& kept) {
    Schedule result = schedule;
    result.steps.clear();
    for (int step : kept) result.steps.push_back(schedule.steps[static_cast<std::size_t>(step)]);
    if (result.bounds) {
        keep_step_values(result.bounds->link_chunks, kept);
        keep_step_values(result.bounds->link_bytes, kept);
    }
    return result;
}

Schedule keep_blocks(const Schedule& schedule, const std::vector<int>& kept) {
    if (kept.empty()) return schedule;
    Schedule result = schedule;
    remap_all_blocks(result, renumbering(schedule.blocks, kept), static_cast<int>(kept.size()));
    return result;
}

namespace {

/// Keeps the items of `member` (transfers or local operations) numbered
/// `kept` across the whole schedule in step order.
template <class Item>
Schedule keep_numbered(const Schedule& schedule, const std::vector<int>& kept,
                       std::vector<Item> Step::*member) {
    Schedule result = schedule;
    std::size_t next = 0;
    int index = 0;
    for (Step& step : result.steps)
        filter_in_place(step.*member, [&](const Item&) {
            const bool keep = next < kept.size() && kept[next] == index;
            if (keep) ++next;
            ++index;
            return keep;
        });
    return result;
}

}  // namespace

Schedule keep_transfers(const Schedule& schedule, const std::vector<int>& kept) {
    return keep_numbered(schedule, kept, &Step::transfers);
}

Schedule keep_local_operations(const Schedule& schedule, const std::vector<int>& kept) {
    return keep_numbered(schedule, kept, &Step::local);
}

Schedule drop_unused_buffers(const Schedule& schedule) {
    std::vector<char> used(static_cast<std::size_t>(schedule.buffer_count()), 0);
    used[main_buffer] = 1;
    for (const Step& step : schedule.steps) {
        for (const Transfer& transfer : step.transfers)
            used[static_cast<std::size_t>(transfer.src_buffer)] =
                used[static_cast<std::size_t>(transfer.dst_buffer)] = 1;
        for (const LocalOp& operation : step.local)
            used[static_cast<std::size_t>(operation.src_buffer)] =
                used[static_cast<std::size_t>(operation.dst_buffer)] = 1;
    }
    std::vector<int> kept;
    for (std::size_t buffer = 0; buffer < used.size(); ++buffer)
        if (used[buffer]) kept.push_back(static_cast<int>(buffer));
    const std::vector<int> buffer_map = renumbering(schedule.buffer_count(), kept);
    const auto mapped = [&](int buffer) { return buffer_map[static_cast<std::size_t>(buffer)]; };
    Schedule result = schedule;
    result.buffers.clear();
    for (std::size_t i = 1; i < kept.size(); ++i)
        result.buffers.push_back(schedule.buffer_name(kept[i]));
    for (Step& step : result.steps) {
        for (Transfer& transfer : step.transfers) {
            transfer.src_buffer = static_cast<BufferIndex>(mapped(transfer.src_buffer));
            transfer.dst_buffer = static_cast<BufferIndex>(mapped(transfer.dst_buffer));
        }
        for (LocalOp& operation : step.local) {
            operation.src_buffer = mapped(operation.src_buffer);
            operation.dst_buffer = mapped(operation.dst_buffer);
        }
    }
    return result;
}

std::vector<TransferBlock> transfer_blocks(const Schedule& schedule) {
    std::vector<TransferBlock> items;
    int index = 0;
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers) {
            for (int block : transfer.blocks.sorted()) items.push_back({index, block});
            ++index;
        }
    return items;
}

Schedule keep_transfer_blocks(const Schedule& schedule, const std::vector<TransferBlock>& kept) {
    Schedule result = schedule;
    std::size_t next = 0;
    int index = 0;
    for (Step& step : result.steps) {
        std::vector<Transfer> transfers;
        for (Transfer& transfer : step.transfers) {
            std::vector<int> blocks;
            for (; next < kept.size() && kept[next].transfer == index; ++next)
                blocks.push_back(kept[next].block);
            if (!blocks.empty()) {
                transfer.blocks = BlockSet(std::move(blocks), schedule.blocks);
                transfers.push_back(std::move(transfer));
            }
            ++index;
        }
        step.transfers = std::move(transfers);
    }
    return result;
}

}  // namespace trivcheck
