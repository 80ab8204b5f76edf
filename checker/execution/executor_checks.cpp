#include <algorithm>
#include <cassert>
#include <string>

#include "checker/execution/executor_parts.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// Adds a message's hop count to the step's distinct distances.
void note_distance(StepFigures& figures, int hops) {
    if (std::find(figures.distances.begin(), figures.distances.end(), hops) ==
        figures.distances.end())
        figures.distances.push_back(hops);
}

}  // namespace

void Executor::measure_whole_step(const Step& step, int phase, StepFigures& figures) {
    std::vector<int> messages(static_cast<std::size_t>(schedule_.ranks), 0);
    for (const Transfer& transfer : step.transfers) {
        const auto blocks = static_cast<std::int64_t>(transfer.blocks.size());
        note_distance(figures, loads_.add(transfer.src, transfer.dst, transfer.route, blocks));
        ++messages[static_cast<std::size_t>(transfer.src)];
        figures.blocks_max = std::max(figures.blocks_max, blocks);
        phase_blocks_[static_cast<std::size_t>(phase)][static_cast<std::size_t>(transfer.src)] +=
            blocks;
        total_blocks_[static_cast<std::size_t>(transfer.src)] += blocks;
    }
    figures.messages_max = *std::max_element(messages.begin(), messages.end());
}

void Executor::measure_orbit_step(const Step& step, int phase, StepFigures& figures) {
    // Each model transfer stands for N messages, one sent by every rank (by
    // every rank of its sender's coset, when the orbit has symmetry steps).
    const std::size_t count = model_size(step);
    std::vector<int> messages(static_cast<std::size_t>(state_.stored_ranks()), 0);
    // Translations other than the topology's own do not map links onto links.
    if (source_.translations)
        for (const Transfer& transfer : step.transfers)
            note_distance(figures, loads_.add(transfer.src, transfer.dst, transfer.route,
                                              static_cast<std::int64_t>(transfer.blocks.size())));
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = step.transfers[j];
        const auto blocks = static_cast<std::int64_t>(transfer.blocks.size());
        if (!source_.translations)
            note_distance(figures, loads_.add_all_translations(transfer.src, transfer.dst,
                                                               transfer.route, blocks));
        figures.blocks_max = std::max(figures.blocks_max, blocks);
        const auto sender =
            static_cast<std::size_t>(translations_.representative_index(transfer.src));
        phase_blocks_[static_cast<std::size_t>(phase)][sender] += blocks;
        total_blocks_[sender] += blocks;
        ++messages[sender];
    }
    figures.messages_max = *std::max_element(messages.begin(), messages.end());
}

void Executor::report_port_overuse(int step_index, int rank, bool sending, int count,
                                   std::vector<Hop> transfers) {
    Violation violation{ViolationKind::port_overuse,
                        step_index,
                        rank,
                        -1,
                        -1,
                        0,
                        std::move(transfers),
                        {},
                        "rank " + std::to_string(rank) + (sending ? " sends " : " receives ") +
                            std::to_string(count) + " messages with " +
                            std::to_string(schedule_.ports) + " ports"};
    record(std::move(violation), orbit_weight());
}

void Executor::check_ports(int step_index, const Step& step) {
    const auto n = static_cast<std::size_t>(schedule_.ranks);
    std::vector<int> sent(n, 0);
    std::vector<int> received(n, 0);
    for (const Transfer& transfer : step.transfers) {
        ++sent[static_cast<std::size_t>(transfer.src)];
        ++received[static_cast<std::size_t>(transfer.dst)];
    }
    auto overuse = [&](int rank, bool sending, int count) {
        // Listing the transfers costs a pass over the step: only for violations shown in full.
        std::vector<Hop> transfers;
        const bool shown =
            static_cast<int>(report_.violations.size()) < options_.max_recorded_violations;
        for (std::uint32_t i = 0; shown && i < step.transfers.size(); ++i) {
            const Transfer& transfer = step.transfers[i];
            if ((sending ? transfer.src : transfer.dst) == rank)
                transfers.push_back({step_index, static_cast<int>(i), transfer.src, transfer.dst});
        }
        report_port_overuse(step_index, rank, sending, count, std::move(transfers));
    };
    for (std::size_t r = 0; r < n; ++r) {
        if (sent[r] > schedule_.ports) overuse(static_cast<int>(r), true, sent[r]);
        if (received[r] > schedule_.ports) overuse(static_cast<int>(r), false, received[r]);
    }
}

bool Executor::ends_wrong(int rank, int block) const {
    const SetId value = state_.relative_value(rank, block);
    if (schedule_.collective == Collective::allgather)
        return sets_.size(value) != 1 ||
               !state_.holds_contributor(rank, block, schedule_.owner_of_block(block));
    return value != sets_.full();
}

bool Executor::ends_right(int checked_ranks) const {
    // In the order the cells are stored; the listing below goes block by block across ranks.
    if (schedule_.collective == Collective::allgather) {
        for (int r = 0; r < checked_ranks; ++r)
            for (int b = 0; b < schedule_.blocks; ++b)
                if (ends_wrong(state_.stored_rank(r), b)) return false;
        return true;
    }
    // Every other collective ends with everything: a stored rank's vector
    // (buffer 0) is its first `blocks` cells, unturned. Of block classes,
    // only the blocks executed.
    const SetId full = sets_.full();
    const auto blocks = static_cast<std::size_t>(schedule_.blocks);
    const std::uint8_t* executed =
        source_.representatives ? source_.representatives->data() : nullptr;
    for (int r = 0; r < checked_ranks; ++r) {
        const SetId* row =
            state_.cells_.data() + static_cast<std::size_t>(r) * state_.slots_per_rank();
        for (std::size_t b = 0; b < blocks; ++b)
            if (row[b] != full && (!executed || executed[b])) return false;
    }
    return true;
}

void Executor::report_missing(int rank, int block) {
    const int n = schedule_.ranks;
    const SetId value = state_.relative_value(rank, block);
    const bool allgather = schedule_.collective == Collective::allgather;
    const int relative = allgather ? translations_.difference(schedule_.owner_of_block(block), rank)
                                   : sets_.first_missing(value);
    const int contributor = relative < 0 ? -1 : translations_.add(relative, rank);
    const char* expectation = allgather ? "without the final value of"
                              : schedule_.collective == Collective::reduce_scatter
                                  ? "without all of its"
                                  : "without all of";
    record({ViolationKind::missing,
            -1,
            rank,
            block,
            contributor,
            0,
            {},
            {},
            "rank " + std::to_string(rank) + " ends " + expectation + " block " +
                std::to_string(block) + ": holds " + std::to_string(sets_.size(value)) + " of " +
                std::to_string(allgather ? 1 : n) + " contributions, lacks contributor " +
                std::to_string(contributor)},
           orbit_weight());
}

void Executor::check_postconditions() {
    const std::size_t listed_before = report_.violations.size();
    const std::int64_t counted_before = counted_records_;
    const int checked_ranks = state_.stored_ranks();
    if (schedule_.collective != Collective::reduce_scatter && ends_right(checked_ranks)) return;
    for (int b = 0; b < schedule_.blocks; ++b) {
        if (schedule_.collective == Collective::reduce_scatter) {
            const int owner = schedule_.owner_of_block(b);
            const bool stored = source_.orbit ? translations_.representative_of(owner) == owner
                                              : owner < checked_ranks;
            if (stored && ends_wrong(owner, b)) report_missing(owner, b);
            continue;
        }
        for (int r = 0; r < checked_ranks; ++r)
            if (ends_wrong(state_.stored_rank(r), b)) report_missing(state_.stored_rank(r), b);
    }
    if (lists_whole() && counted_records_ != counted_before &&
        static_cast<int>(listed_before) < options_.max_recorded_violations)
        list_whole_missing(listed_before);
}

}  // namespace trivcheck
