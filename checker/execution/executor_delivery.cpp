#include <algorithm>
#include <cassert>
#include <string>

#include "checker/execution/executor_parts.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

void Executor::collect_whole_arrivals(const Step& step) {
    // Counting sort by receiver keeps the transfers' order within a receiver.
    const auto n = static_cast<std::size_t>(schedule_.ranks);
    first_arrival_.assign(n + 1, 0);
    for (const Transfer& transfer : step.transfers)
        ++first_arrival_[static_cast<std::size_t>(transfer.dst) + 1];
    for (std::size_t r = 0; r < n; ++r) first_arrival_[r + 1] += first_arrival_[r];
    arrivals_.resize(step.transfers.size());
    std::vector<std::uint32_t> next(first_arrival_.begin(), first_arrival_.end() - 1);
    for (std::uint32_t i = 0; i < step.transfers.size(); ++i) {
        const Transfer& transfer = step.transfers[i];
        arrivals_[next[static_cast<std::size_t>(transfer.dst)]++] = {&transfer, 0, transfer.src, i};
    }
}

void Executor::orbit_arrivals(const Step& step, int receiver,
                              std::vector<Arrival>& arrivals) const {
    const std::size_t count = model_size(step);
    const bool cosets = translations_.representatives() > 1;
    const int coset = translations_.representative_index(receiver);
    arrivals.clear();
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = step.transfers[j];
        if (cosets && translations_.representative_index(transfer.dst) != coset) continue;
        const int shift = translations_.difference(receiver, transfer.dst);
        const auto order = static_cast<std::size_t>(translations_.symmetry_index(shift));
        arrivals.push_back(with_blocks({&transfer, shift, translations_.add(transfer.src, shift),
                                        static_cast<std::uint32_t>(order * count + j)}));
    }
    // The whole step lists them by index: the order a receiver reduces them in.
    std::sort(arrivals.begin(), arrivals.end(),
              [](const Arrival& a, const Arrival& b) { return a.index < b.index; });
}

std::vector<Hop> Executor::orbit_hops(int step_index, const Step& step, int rank,
                                      bool sending) const {
    const std::size_t count = model_size(step);
    const int coset = translations_.representative_index(rank);
    std::vector<Hop> hops;
    for (std::size_t j = 0; j < count; ++j) {
        const Transfer& transfer = step.transfers[j];
        const int end = sending ? transfer.src : transfer.dst;
        if (translations_.representative_index(end) != coset) continue;
        const int shift = translations_.difference(rank, end);
        const auto order = static_cast<std::size_t>(translations_.symmetry_index(shift));
        hops.push_back({step_index, static_cast<int>(order * count + j),
                        translations_.add(transfer.src, shift),
                        translations_.add(transfer.dst, shift)});
    }
    std::sort(hops.begin(), hops.end(),
              [](const Hop& a, const Hop& b) { return a.index < b.index; });
    return hops;
}

void Executor::collect_orbit_arrivals(int step_index, const Step& step) {
    // Each representative receives the model transfers of its coset, turned
    // so that it is their receiver (rank 0 alone receives all of them, unless
    // the orbit has symmetry steps).
    arrivals_.clear();
    first_arrival_.assign(1, 0);
    std::vector<Arrival> received;
    for (int stored = 0; stored < state_.stored_ranks(); ++stored) {
        orbit_arrivals(step, state_.stored_rank(stored), received);
        arrivals_.insert(arrivals_.end(), received.begin(), received.end());
        first_arrival_.push_back(static_cast<std::uint32_t>(arrivals_.size()));
    }
    // Every rank of a coset sends and receives as many messages as its representative.
    if (static_cast<int>(model_size(step)) <= schedule_.ports) return;
    for (int stored = 0; stored < state_.stored_ranks(); ++stored) {
        const int rank = state_.stored_rank(stored);
        for (const bool sending : {true, false}) {
            std::vector<Hop> hops = orbit_hops(step_index, step, rank, sending);
            const auto messages = static_cast<int>(hops.size());
            if (messages > schedule_.ports)
                report_port_overuse(step_index, rank, sending, messages, std::move(hops));
        }
    }
}

void Executor::deliver(int step_index, int dst, const Arrival* first, const Arrival* last) {
    const std::uint32_t stamp = ++current_stamp_;
    touched_.clear();
    // Cells by plain offsets where no rotation is involved: the receiver's
    // (rank 0 of an orbit is stored unturned) and, in whole steps, the sender's.
    // Listing an orbit's violations delivers to other ranks too: read, never written.
    // The loops below run once per delivered block: what they read stays in locals.
    const bool whole = !source_.orbit;
    const int stored_index = whole ? dst : translations_.representative_index(dst);
    const bool stored_receiver = whole || translations_.representative_of(dst) == dst;
    const std::size_t slots = state_.slots_per_rank();
    const std::size_t dst_cells = static_cast<std::size_t>(stored_index) * slots;
    SetId* cells = state_.cells_.data();
    const bool write_now = whole && !listing_ && !sends_this_step_[static_cast<std::size_t>(dst)];
    DeliverySlot* scratch = delivery_slots_.data();
    const std::uint8_t* executed =
        source_.representatives ? source_.representatives->data() : nullptr;
    for (const Arrival* arrival = first; arrival != last; ++arrival) {
        const Transfer& transfer = *arrival->transfer;
        const int delta = translations_.difference(arrival->src, dst);
        const std::size_t dst_slots = buffer_start(transfer.dst_buffer);
        const std::size_t src_cells =
            static_cast<std::size_t>(arrival->src) * slots + buffer_start(transfer.src_buffer);
        const bool copy = transfer.op == Op::copy;
        const bool plain_blocks = arrival->shift == 0;
        const BlockSet::View blocks = transfer.blocks.view();
        const std::size_t count = transfer.blocks.size();
        bool unheld_reported = false;
        // A message's blocks mostly carry one set: rotated once per run of equal ones.
        SetId last_sent = ContributionSets::empty;
        SetId last_value = ContributionSets::empty;
        for (std::size_t i = 0; i < count; ++i) {
            const int block = plain_blocks ? blocks.at(i) : arriving_block(*arrival, i);
            if (executed && !executed[block]) continue;
            const std::size_t b = dst_slots + static_cast<std::size_t>(block);
            const SetId sent =
                whole ? cells[src_cells + static_cast<std::size_t>(block)]
                      : state_.relative_value(arrival->src, transfer.src_buffer, block);
            if (sent == ContributionSets::empty && !unheld_reported) {
                unheld_reported = true;
                record_unheld_send(step_index, *arrival, dst, block);
            }
            if (sent != last_sent) {
                last_sent = sent;
                last_value = sets_.rotate(sent, delta);
            }
            DeliverySlot& incoming = scratch[b];
            if (incoming.stamp != stamp) {
                incoming = {stamp, ContributionSets::empty, ContributionSets::empty, 0};
                touched_.push_back(static_cast<std::uint32_t>(b));
            }
            if (copy) {
                // A copy replaces the value, even with nothing (docs/model.md); of several
                // copies in one step the first wins.
                if (!incoming.has_copy) {
                    incoming.has_copy = 1;
                    incoming.copied = last_value;
                }
                continue;
            }
            const UnionResult joined = sets_.unite(incoming.reduced, last_value);
            if (joined.overlap >= 0)
                record_double_count(step_index, dst, transfer.dst_buffer, block, joined.overlap,
                                    first, last);
            incoming.reduced = joined.set;
        }
    }
    const auto blocks = static_cast<std::size_t>(schedule_.blocks);
    // Which (buffer, block) a slot is costs a division: asked only off the plain path.
    const auto buffer_of = [blocks](std::uint32_t b) { return static_cast<int>(b / blocks); };
    const auto block_of = [blocks](std::uint32_t b) { return static_cast<int>(b % blocks); };
    // Neighbouring blocks mostly reduce the same pair of sets: united once per run.
    SetId last_base = ContributionSets::empty;
    SetId last_reduced = ContributionSets::empty;
    UnionResult last_joined{ContributionSets::empty, -1};
    for (const std::uint32_t b : touched_) {
        const DeliverySlot& incoming = scratch[b];
        const SetId own = stored_receiver ? cells[dst_cells + b]
                                          : state_.relative_value(dst, buffer_of(b), block_of(b));
        const SetId base = incoming.has_copy ? incoming.copied : own;
        if (base != last_base || incoming.reduced != last_reduced) {
            last_base = base;
            last_reduced = incoming.reduced;
            last_joined = sets_.unite(base, incoming.reduced);
        }
        if (last_joined.overlap >= 0)
            record_double_count(step_index, dst, buffer_of(b), block_of(b), last_joined.overlap,
                                first, last);
        if (write_now)
            cells[dst_cells + b] = last_joined.set;
        else if (!listing_)
            pending_.push_back({dst_cells + b, last_joined.set});
    }
}

void Executor::record_unheld_send(int step_index, const Arrival& arrival, int dst, int block) {
    const Transfer& transfer = *arrival.transfer;
    record({ViolationKind::send_unheld,
            step_index,
            arrival.src,
            block,
            -1,
            0,
            {{step_index, static_cast<int>(arrival.index), arrival.src, dst}},
            {},
            "rank " + std::to_string(arrival.src) + " sends block " + std::to_string(block) +
                in_buffer(transfer.src_buffer) + " but holds no contribution to it"},
           orbit_weight());
}

void Executor::record_double_count(int step_index, int dst, int buffer, int block,
                                   int relative_contributor, const Arrival* first,
                                   const Arrival* last) {
    const int contributor = translations_.add(relative_contributor, dst);
    // Overlaps at one reduction (incoming pairs, then with the own value) are one violation,
    // whatever else the delivery reduces in between.
    std::uint32_t& reported = double_counted_[slot(buffer, block)];
    if (reported == current_stamp_) return;
    reported = current_stamp_;
    Violation violation{
        ViolationKind::double_count, step_index, dst, block, contributor, 0, {}, {}, {}};
    if (buffer != main_buffer) violation.buffer = schedule_.buffer_name(buffer);
    bool copied = false;
    for (const Arrival* arrival = first; arrival != last; ++arrival) {
        if (!arrival_carries(*arrival, buffer, block)) continue;
        if (arrival->transfer->op == Op::copy) {
            copied = true;
        } else if (state_.holds_contributor(arrival->src, arrival->transfer->src_buffer, block,
                                            contributor)) {
            violation.transfers.push_back(
                {step_index, static_cast<int>(arrival->index), arrival->src, dst});
        }
    }
    const bool own_copy = !copied && state_.holds_contributor(dst, buffer, block, contributor);
    violation.copies = static_cast<int>(violation.transfers.size()) + (own_copy ? 1 : 0);
    violation.detail = "rank " + std::to_string(dst) + " reduces contribution " +
                       std::to_string(contributor) + " of block " + std::to_string(block) +
                       in_buffer(buffer) + " " + std::to_string(violation.copies) + " times" +
                       (own_copy ? " (its own partial holds one copy)" : "");
    record(std::move(violation), orbit_weight());
}

}  // namespace trivcheck
