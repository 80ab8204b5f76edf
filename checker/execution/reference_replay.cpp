#include "checker/execution/reference_replay.hpp"

#include <stdexcept>
#include <vector>

namespace trivcheck {

namespace {

/// counts[((rank·U + buffer)·B + block)·n + contributor]: how often that
/// contribution is summed in (U buffers; scratch buffers start empty).
class CountingState {
  public:
    CountingState(const Schedule& schedule)
        : n_(static_cast<std::size_t>(schedule.ranks)),
          buffers_(static_cast<std::size_t>(schedule.buffer_count())),
          blocks_(static_cast<std::size_t>(schedule.blocks)),
          counts_(n_ * buffers_ * blocks_ * n_, 0) {
        for (std::size_t r = 0; r < n_; ++r)
            for (std::size_t b = 0; b < blocks_; ++b)
                if (schedule.collective != Collective::allgather ||
                    static_cast<std::size_t>(schedule.owner_of_block(static_cast<int>(b))) == r)
                    cell(static_cast<int>(r), main_buffer, static_cast<int>(b))[r] = 1;
    }
    std::uint32_t* cell(int rank, int buffer, int block) {
        return &counts_[index(rank, buffer, block) * n_];
    }
    /// The cell's position among all (rank, buffer, block) cells.
    std::size_t index(int rank, int buffer, int block) const {
        return (static_cast<std::size_t>(rank) * buffers_ + static_cast<std::size_t>(buffer)) *
                   blocks_ +
               static_cast<std::size_t>(block);
    }
    std::size_t cell_count() const { return n_ * buffers_ * blocks_; }
    bool empty(int rank, int buffer, int block) {
        const std::uint32_t* value = cell(rank, buffer, block);
        for (std::size_t c = 0; c < n_; ++c)
            if (value[c] != 0) return false;
        return true;
    }
    std::size_t ranks() const { return n_; }

  private:
    std::size_t n_;
    std::size_t buffers_;
    std::size_t blocks_;
    std::vector<std::uint32_t> counts_;
};

std::string where(std::size_t step, int rank, int block) {
    return "step " + std::to_string(step) + ", rank " + std::to_string(rank) + ", block " +
           std::to_string(block);
}

/// Runs the step's local operations in order, each on what the previous left;
/// the first double count in words, or nullopt.
std::optional<ReferenceViolation> run_local(const Step& step, std::size_t k, CountingState& state) {
    for (const LocalOp& operation : step.local)
        for (int block : operation.blocks.sorted()) {
            const std::uint32_t* source = state.cell(operation.rank, operation.src_buffer, block);
            std::uint32_t* target = state.cell(operation.rank, operation.dst_buffer, block);
            for (std::size_t c = 0; c < state.ranks(); ++c) {
                // A copy replaces the value, even with nothing.
                const std::uint32_t total = source[c] + (operation.op == Op::copy ? 0 : target[c]);
                if (total > 1)
                    return ReferenceViolation{ViolationKind::double_count,
                                              "at " + where(k, operation.rank, block) +
                                                  " (local operation), contributor " +
                                                  std::to_string(c)};
                target[c] = total;
            }
        }
    return std::nullopt;
}

}  // namespace

std::string ReferenceViolation::words() const { return std::string(to_string(kind)) + " " + where; }

std::optional<ReferenceViolation> reference_violation(const Schedule& schedule,
                                                      std::uint64_t counter_limit) {
    const auto n = static_cast<std::uint64_t>(schedule.ranks);
    if (n * n * static_cast<std::uint64_t>(schedule.blocks) *
            static_cast<std::uint64_t>(schedule.buffer_count()) >
        counter_limit)
        throw std::length_error("schedule too large for the reference replay");
    CountingState state(schedule);
    for (std::size_t k = 0; k < schedule.steps.size(); ++k) {
        const Step& step = schedule.steps[k];
        std::vector<int> sends(state.ranks(), 0);
        std::vector<int> receives(state.ranks(), 0);
        for (const Transfer& transfer : step.transfers) {
            ++sends[static_cast<std::size_t>(transfer.src)];
            ++receives[static_cast<std::size_t>(transfer.dst)];
        }
        for (std::size_t r = 0; r < state.ranks(); ++r)
            if (sends[r] > schedule.ports || receives[r] > schedule.ports)
                return ReferenceViolation{
                    ViolationKind::port_overuse,
                    "at step " + std::to_string(k) + ", rank " + std::to_string(r)};
        if (auto violation = run_local(step, k, state)) return violation;
        // New values of every (rank, block) written this step, computed from the old state.
        struct Write {
            int rank, buffer, block;
            bool copied;
            std::vector<std::uint32_t> value;
        };
        std::vector<Write> writes;
        std::vector<int> write_of(state.cell_count(), -1);
        auto write_for = [&](int rank, int buffer, int block) -> Write& {
            int& slot = write_of[state.index(rank, buffer, block)];
            if (slot < 0) {
                slot = static_cast<int>(writes.size());
                writes.push_back(
                    {rank, buffer, block, false, std::vector<std::uint32_t>(state.ranks(), 0)});
            }
            return writes[static_cast<std::size_t>(slot)];
        };
        for (const Transfer& transfer : step.transfers) {
            for (int block : transfer.blocks.sorted()) {
                if (state.empty(transfer.src, transfer.src_buffer, block))
                    return ReferenceViolation{ViolationKind::send_unheld,
                                              "at " + where(k, transfer.src, block)};
                Write& write = write_for(transfer.dst, transfer.dst_buffer, block);
                const std::uint32_t* sent = state.cell(transfer.src, transfer.src_buffer, block);
                if (transfer.op == Op::copy) {
                    // The first copy of a step replaces the value (docs/model.md: a copy replaces).
                    if (write.copied) continue;
                    write.copied = true;
                    for (std::size_t c = 0; c < state.ranks(); ++c) write.value[c] += sent[c];
                    continue;
                }
                for (std::size_t c = 0; c < state.ranks(); ++c) write.value[c] += sent[c];
            }
        }
        for (Write& write : writes) {
            std::uint32_t* value = state.cell(write.rank, write.buffer, write.block);
            for (std::size_t c = 0; c < state.ranks(); ++c) {
                const std::uint32_t total = write.value[c] + (write.copied ? 0 : value[c]);
                if (total > 1)
                    return ReferenceViolation{ViolationKind::double_count,
                                              "at " + where(k, write.rank, write.block) +
                                                  ", contributor " + std::to_string(c)};
                value[c] = total;
            }
        }
    }
    for (int b = 0; b < schedule.blocks; ++b) {
        const int owner = schedule.owner_of_block(b);
        for (int r = 0; r < schedule.ranks; ++r) {
            if (schedule.collective == Collective::reduce_scatter && r != owner) continue;
            const std::uint32_t* value = state.cell(r, main_buffer, b);
            for (int c = 0; c < schedule.ranks; ++c) {
                const std::uint32_t expected =
                    schedule.collective == Collective::allgather ? (c == owner ? 1 : 0) : 1;
                if (value[static_cast<std::size_t>(c)] != expected)
                    return ReferenceViolation{ViolationKind::missing,
                                              "at the end: rank " + std::to_string(r) + ", block " +
                                                  std::to_string(b) + ", contributor " +
                                                  std::to_string(c)};
            }
        }
    }
    return std::nullopt;
}

}  // namespace trivcheck
