#include "checker/execution/provenance.hpp"

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
            schedule.owner_of_block(block) == contributor)
            cell(contributor, main_buffer).hop.step = own_contribution;
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
        for (const auto& [dst, buffer, origin] : updates_) {
            Origin& target = cell(dst, buffer);
            // The first arrival of a step wins.
            if (target.local || target.hop.step != k) target = origin;
        }
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
    const Schedule& schedule_;
    int block_;
    std::vector<Origin> cells_;
    std::vector<Update> updates_;
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

}  // namespace trivcheck
