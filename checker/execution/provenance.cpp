#include "checker/execution/provenance.hpp"

#include <algorithm>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

constexpr int not_held = -2;
constexpr int own_contribution = -1;

/// How one cell (rank, buffer) first came to hold the contribution: the
/// transfer hop that brought it, or a local operation of the same rank (no
/// hop: the path stays at the rank); `from_buffer` is the buffer it was read
/// from. One record per cell keeps a replay of millions of transfers in
/// O(n·buffers) memory.
struct Origin {
    Hop hop{not_held, 0, 0, 0};
    int from_buffer = main_buffer;
    bool local = false;
};

/// The replayed presence of one contribution to one block, cell by cell.
class PresenceReplay {
  public:
    PresenceReplay(const Schedule& schedule, int block, int contributor)
        : schedule_(schedule),
          block_(block),
          cells_(static_cast<std::size_t>(schedule.ranks) *
                 static_cast<std::size_t>(schedule.buffer_count())) {
        if (schedule.collective != Collective::allgather ||
            schedule.owner_of_block(block) == contributor) {
            cell(contributor, main_buffer).hop.step = own_contribution;
            holders_.push_back({contributor, main_buffer});
        }
    }

    Origin& cell(int rank, int buffer) {
        return cells_[static_cast<std::size_t>(rank) *
                          static_cast<std::size_t>(schedule_.buffer_count()) +
                      static_cast<std::size_t>(buffer)];
    }
    bool holds(int rank, int buffer) { return cell(rank, buffer).hop.step != not_held; }

    /// Local operation `i` of step `k`, at once (they run in order).
    void run_local(int k, std::size_t i) {
        const LocalOp& operation = schedule_.steps[static_cast<std::size_t>(k)].local[i];
        if (!holds(operation.rank, operation.src_buffer) || !operation.blocks.contains(block_))
            return;
        if (!holds(operation.rank, operation.dst_buffer))
            holders_.push_back({operation.rank, operation.dst_buffer});
        if (operation.op == Op::copy || !holds(operation.rank, operation.dst_buffer))
            cell(operation.rank, operation.dst_buffer) = {
                {k, static_cast<int>(i), operation.rank, operation.rank},
                operation.src_buffer,
                true};
    }

    /// The transfers of step `k`: sends read the state after its local operations.
    void run_transfers(int k) {
        const Step& current = schedule_.steps[static_cast<std::size_t>(k)];
        updates_.clear();
        for (std::size_t i = 0; i < current.transfers.size(); ++i) {
            const Transfer& transfer = current.transfers[i];
            if (!holds(transfer.src, transfer.src_buffer) || !transfer.blocks.contains(block_))
                continue;
            if (transfer.op == Op::copy || !holds(transfer.dst, transfer.dst_buffer))
                updates_.push_back({transfer.dst,
                                    transfer.dst_buffer,
                                    {{k, static_cast<int>(i), transfer.src, transfer.dst},
                                     transfer.src_buffer,
                                     false}});
        }
        apply_updates(k);
    }

    /// The transfers of step `k` of a rotation orbit (`model` stands for its n
    /// rotations, models/rotation_orbit.hpp), read from the holders alone: the
    /// transfers a holder sends are the model's turned onto it.
    void run_orbit_transfers(int k, const Step& model) {
        const int n = schedule_.ranks;
        const std::size_t count = model.transfers.size();
        updates_.clear();
        for (const auto& [rank, buffer] : holders_)
            for (std::size_t j = 0; j < count; ++j) {
                const Transfer& transfer = model.transfers[j];
                if (transfer.src_buffer != buffer) continue;
                const int shift = wrap(rank - transfer.src, n);
                if (!transfer.blocks.contains(turned_back(shift))) continue;
                const int dst = wrap(transfer.dst + shift, n);
                if (transfer.op == Op::copy || !holds(dst, transfer.dst_buffer))
                    updates_.push_back(
                        {dst,
                         transfer.dst_buffer,
                         {{k, static_cast<int>(static_cast<std::size_t>(shift) * count + j), rank,
                           dst},
                          buffer,
                          false}});
            }
        apply_updates(k, true);
    }

    /// The traced block as the model transfer turned by `shift` names it.
    int turned_back(int shift) const {
        return rotate_block(block_, schedule_.ranks - shift, schedule_.ranks, schedule_.blocks);
    }

    /// The transfers that brought the contribution to (rank, buffer), in order.
    Path path_to(int rank, int buffer) {
        Path path;
        for (std::size_t walked = 0; walked <= cells_.size(); ++walked) {
            const Origin origin = cell(rank, buffer);
            if (origin.hop.step < 0) break;
            if (!origin.local) {
                path.push_back(origin.hop);
                rank = origin.hop.src;
            }
            buffer = origin.from_buffer;
        }
        return Path(path.rbegin(), path.rend());
    }

  private:
    struct Update {
        int dst;
        int buffer;
        Origin origin;
    };

    /// `unordered`: the updates are not in the whole step's order (an orbit's).
    void apply_updates(int k, bool unordered = false) {
        for (const auto& [dst, buffer, origin] : updates_) {
            Origin& target = cell(dst, buffer);
            if (!holds(dst, buffer)) holders_.push_back({dst, buffer});
            // The first arrival of a step (the least index) wins.
            if (target.local || target.hop.step != k ||
                (unordered && origin.hop.index < target.hop.index))
                target = origin;
        }
    }

    const Schedule& schedule_;
    int block_;
    std::vector<Origin> cells_;
    std::vector<Update> updates_;
    std::vector<std::pair<int, int>> holders_;  // (rank, buffer) cells that hold it, once each
};

}  // namespace

std::vector<Path> trace_copies(const Schedule& schedule, const Violation& violation) {
    const int step = violation.step;
    const int rank = violation.rank;
    const int block = violation.block;
    // Violations name scratch buffers only; no name is the vector.
    const int buffer =
        violation.buffer.empty() ? main_buffer : buffer_number(schedule.buffers, violation.buffer);
    PresenceReplay replay(schedule, block, violation.contributor);
    for (int k = 0; k < step; ++k) {
        for (std::size_t i = 0; i < schedule.steps[static_cast<std::size_t>(k)].local.size(); ++i)
            replay.run_local(k, i);
        replay.run_transfers(k);
    }
    const Step& current = schedule.steps[static_cast<std::size_t>(step)];
    std::vector<Path> copies;
    // A double count inside a local reduction names no transfer: the two
    // copies are the ones its source and target hold when it runs.
    const bool local = violation.transfers.empty();
    for (std::size_t i = 0; i < current.local.size(); ++i) {
        const LocalOp& operation = current.local[i];
        if (local && operation.rank == rank && operation.dst_buffer == buffer &&
            operation.op == Op::reduce && operation.blocks.contains(block) &&
            replay.holds(rank, buffer) && replay.holds(rank, operation.src_buffer))
            return {replay.path_to(rank, buffer), replay.path_to(rank, operation.src_buffer)};
        replay.run_local(step, i);
    }
    bool copied_over = false;
    for (const Transfer& transfer : current.transfers)
        copied_over = copied_over || (transfer.dst == rank && transfer.dst_buffer == buffer &&
                                      transfer.op == Op::copy && transfer.blocks.contains(block));
    if (!copied_over && replay.holds(rank, buffer)) copies.push_back(replay.path_to(rank, buffer));
    for (std::size_t i = 0; i < current.transfers.size(); ++i) {
        const Transfer& transfer = current.transfers[i];
        if (transfer.dst != rank || transfer.dst_buffer != buffer || transfer.op != Op::reduce ||
            !replay.holds(transfer.src, transfer.src_buffer) || !transfer.blocks.contains(block))
            continue;
        Path path = replay.path_to(transfer.src, transfer.src_buffer);
        path.push_back({step, static_cast<int>(i), transfer.src, rank});
        copies.push_back(std::move(path));
    }
    return copies;
}

std::vector<Path> trace_copies(const RotationOrbit& orbit, const Violation& violation) {
    const Schedule& model = orbit.model;
    const int n = model.ranks;
    const int step = violation.step;
    const int rank = violation.rank;
    const int block = violation.block;
    const int buffer =
        violation.buffer.empty() ? main_buffer : buffer_number(model.buffers, violation.buffer);
    PresenceReplay replay(model, block, violation.contributor);
    for (int k = 0; k < step; ++k)
        replay.run_orbit_transfers(k, model.steps[static_cast<std::size_t>(k)]);
    // The transfers `rank` receives in the step: the model's turned onto it, in whole order.
    const Step& current = model.steps[static_cast<std::size_t>(step)];
    const std::size_t count = current.transfers.size();
    struct Received {
        std::size_t index;
        const Transfer* transfer;
        int src;
        int shift;
    };
    std::vector<Received> received;
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = current.transfers[j];
        const int shift = wrap(rank - transfer.dst, n);
        received.push_back({static_cast<std::size_t>(shift) * count + j, &transfer,
                            wrap(transfer.src + shift, n), shift});
    }
    std::sort(received.begin(), received.end(),
              [](const Received& a, const Received& b) { return a.index < b.index; });
    auto carries = [&](const Received& arrival) {
        return arrival.transfer->dst_buffer == buffer &&
               arrival.transfer->blocks.contains(
                   rotate_block(block, n - arrival.shift, n, model.blocks));
    };
    bool copied_over = false;
    for (const Received& arrival : received)
        copied_over = copied_over || (arrival.transfer->op == Op::copy && carries(arrival));
    std::vector<Path> copies;
    if (!copied_over && replay.holds(rank, buffer)) copies.push_back(replay.path_to(rank, buffer));
    for (const Received& arrival : received) {
        if (arrival.transfer->op != Op::reduce || !carries(arrival) ||
            !replay.holds(arrival.src, arrival.transfer->src_buffer))
            continue;
        Path path = replay.path_to(arrival.src, arrival.transfer->src_buffer);
        path.push_back({step, static_cast<int>(arrival.index), arrival.src, rank});
        copies.push_back(std::move(path));
    }
    return copies;
}

}  // namespace trivcheck
