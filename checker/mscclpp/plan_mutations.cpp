#include "checker/mscclpp/plan_mutations.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "checker/mscclpp/kernel_operation.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/port_proxy.hpp"
#include "checker/search/mutation_sites.hpp"

namespace trivcheck::mscclpp {

namespace {

bool is_wait(OperationKind kind) {
    return kind == OperationKind::wait || kind == OperationKind::relaxed_wait;
}

bool writes_remote(const Operation& operation) {
    for (const BufferRange& range : operation.destinations)
        if (range.remote) return true;
    return false;
}

/// The wait just before `operation` in `block`, skipping nops; -1 when the
/// operation before it (nops aside) is not a wait.
int wait_before(const ThreadBlock& block, int operation) {
    for (int earlier = operation - 1; earlier >= 0; --earlier) {
        const OperationKind kind = block.operations[static_cast<std::size_t>(earlier)].kind;
        if (kind == OperationKind::nop) continue;
        return is_wait(kind) ? earlier : -1;
    }
    return -1;
}

/// Whether an operation since the thread block's previous signal or wait,
/// before `operation`, writes a peer's memory: the signal publishes data.
bool publishes_remote_write(const ThreadBlock& block, int operation) {
    for (int earlier = operation - 1; earlier >= 0; --earlier) {
        const Operation& of = block.operations[static_cast<std::size_t>(earlier)];
        if (is_wait(of.kind) || of.kind == OperationKind::signal ||
            of.kind == OperationKind::relaxed_signal)
            return false;
        if (writes_remote(of)) return true;
    }
    return false;
}

bool moves_data(const Operation& op) {
    return operation_threads(op) == OperationThreads::all &&
           !(op.sources.empty() && op.destinations.empty());
}

/// The operation next to `operation` in `block`, nops skipped, one way or
/// the other (`step` -1 or 1); nothing at either end.
const Operation* beside(const ThreadBlock& block, int operation, int step) {
    for (int at = operation + step; at >= 0 && at < static_cast<int>(block.operations.size());
         at += step) {
        const Operation& of = block.operations[static_cast<std::size_t>(at)];
        if (of.kind != OperationKind::nop) return &of;
    }
    return nullptr;
}

/// A nop the threads need (PlanMutation::drop_nop).
bool joins_needed_threads(const ThreadBlock& block, int operation) {
    const Operation* before = beside(block, operation, -1);
    const Operation* after = beside(block, operation, 1);
    if (before == nullptr || after == nullptr) return false;
    const bool after_wait = before->kind == OperationKind::wait ||
                            before->kind == OperationKind::relaxed_wait ||
                            before->kind == OperationKind::semaphore_acquire;
    const bool before_signal = after->kind == OperationKind::signal ||
                               after->kind == OperationKind::relaxed_signal ||
                               after->kind == OperationKind::semaphore_release;
    return (after_wait && moves_data(*after)) || (moves_data(*before) && before_signal);
}

/// Whether a port signal publishes a port put on its channel: one since the
/// thread block's previous signal or wait, with no flush that waits for it
/// between (after one, a memory signal publishes the put as well).
bool publishes_port_put(const ThreadBlock& block, int operation) {
    const int channel = block.operations[static_cast<std::size_t>(operation)].channels[0];
    for (int earlier = operation - 1; earlier >= 0; --earlier) {
        const Operation& of = block.operations[static_cast<std::size_t>(earlier)];
        const bool on_channel = of.channel_kind == ChannelKind::port &&
                                std::ranges::find(of.channels, channel) != of.channels.end();
        if (is_wait(of.kind) || of.kind == OperationKind::signal ||
            of.kind == OperationKind::relaxed_signal)
            return false;
        if (on_channel && ((of.kind == OperationKind::flush && !of.destinations.empty()) ||
                           of.kind == OperationKind::put_with_signal_and_flush))
            return false;
        if (on_channel && served_by_proxy(of)) return true;
    }
    return false;
}

/// The memory channel a mutant adds from gpu `from` to gpu `to`: its ordinal
/// among their memory channels.
int next_memory_ordinal(const Gpu& from, int to) {
    return static_cast<int>(std::ranges::count_if(
        from.memory_channels, [&](const Channel& channel) { return channel.peer == to; }));
}

/// The wait of the peer a port signal (at `site`, one channel) pairs with:
/// the peer's k-th wait on the paired channel, k the signals on the channel
/// before it in its thread block (other thread blocks taken not to signal
/// on it); nothing when that wait is not a one-channel port wait or the two
/// gpus' added memory channels would not pair.
std::optional<MutationSite> paired_wait(const Plan& plan, const MutationSite& site) {
    const Gpu& gpu = plan.gpus[static_cast<std::size_t>(site.gpu)];
    const ThreadBlock& block = gpu.thread_blocks[static_cast<std::size_t>(site.block)];
    const int channel = block.operations[static_cast<std::size_t>(site.operation)].channels[0];
    const Channel& used = gpu.port_channels[static_cast<std::size_t>(channel)];
    const Gpu& peer = plan.gpus[static_cast<std::size_t>(used.peer)];
    if (next_memory_ordinal(gpu, peer.id) != next_memory_ordinal(peer, gpu.id)) return {};
    long signals = 0;
    for (int earlier = 0; earlier < site.operation; ++earlier) {
        const Operation& of = block.operations[static_cast<std::size_t>(earlier)];
        if (of.channel_kind == ChannelKind::port &&
            std::ranges::find(of.channels, channel) != of.channels.end() &&
            (of.kind == OperationKind::signal || of.kind == OperationKind::relaxed_signal ||
             signals_after_put(of.kind, of.channel_kind)))
            ++signals;
    }
    for (std::size_t peer_channel = 0; peer_channel < peer.port_channels.size(); ++peer_channel) {
        const Channel& back = peer.port_channels[peer_channel];
        if (back.peer != gpu.id || back.ordinal_to_peer != used.ordinal_to_peer) continue;
        for (std::size_t peer_block = 0; peer_block < peer.thread_blocks.size(); ++peer_block) {
            const auto& operations = peer.thread_blocks[peer_block].operations;
            for (std::size_t at = 0; at < operations.size(); ++at) {
                const Operation& of = operations[at];
                if (!is_wait(of.kind) || of.channel_kind != ChannelKind::port ||
                    std::ranges::find(of.channels, static_cast<int>(peer_channel)) ==
                        of.channels.end())
                    continue;
                if (signals-- > 0) continue;
                if (of.channels.size() != 1) return {};
                return MutationSite{peer.id, static_cast<int>(peer_block), static_cast<int>(at)};
            }
        }
    }
    return {};
}

bool applies(const Plan& plan, const MutationSite& site, PlanMutation mutation) {
    const ThreadBlock& block = plan.gpus[static_cast<std::size_t>(site.gpu)]
                                   .thread_blocks[static_cast<std::size_t>(site.block)];
    const int operation = site.operation;
    const Operation& of = block.operations[static_cast<std::size_t>(operation)];
    switch (mutation) {
        case PlanMutation::drop_wait:
            return is_wait(of.kind);
        case PlanMutation::relax_signal:
            return of.kind == OperationKind::signal && of.channel_kind == ChannelKind::memory &&
                   publishes_remote_write(block, operation);
        case PlanMutation::drop_release:
            return of.kind == OperationKind::semaphore_release;
        case PlanMutation::move_put_before_wait:
            return writes_remote(of) && wait_before(block, operation) >= 0;
        case PlanMutation::drop_nop:
            return of.kind == OperationKind::nop && joins_needed_threads(block, operation);
        case PlanMutation::port_signal_to_memory:
            return of.kind == OperationKind::signal && of.channel_kind == ChannelKind::port &&
                   of.channels.size() == 1 && publishes_port_put(block, operation) &&
                   paired_wait(plan, site).has_value();
        case PlanMutation::drop_flush:
            return (of.kind == OperationKind::flush && !of.destinations.empty()) ||
                   (of.kind == OperationKind::put_with_signal_and_flush &&
                    of.channel_kind == ChannelKind::port);
        case PlanMutation::swap_get_indexes:
            return of.kind == OperationKind::get &&
                   !std::ranges::equal(of.sources, of.destinations, {}, &BufferRange::index,
                                       &BufferRange::index);
    }
    return false;
}

/// `op` of gpu `gpu` on a memory channel added to `peer` (PlanMutation::port_signal_to_memory).
void to_memory_channel(Gpu& gpu, int peer, Operation& op) {
    const int ordinal = next_memory_ordinal(gpu, peer);
    gpu.memory_channels.push_back({ChannelKind::memory, peer, ordinal});
    op.channel_kind = ChannelKind::memory;
    op.channels[0] = static_cast<int>(gpu.memory_channels.size()) - 1;
}

constexpr PlanMutation kMutations[] = {
    PlanMutation::drop_wait,    PlanMutation::relax_signal,
    PlanMutation::drop_release, PlanMutation::move_put_before_wait,
    PlanMutation::drop_nop,     PlanMutation::port_signal_to_memory,
    PlanMutation::drop_flush,   PlanMutation::swap_get_indexes};

const char* mistake_of(PlanMutation mutation) {
    switch (mutation) {
        case PlanMutation::drop_wait:
            return "a wait removed";
        case PlanMutation::relax_signal:
            return "a signal that publishes a remote write made relaxed";
        case PlanMutation::drop_release:
            return "a semaphore release removed";
        case PlanMutation::move_put_before_wait:
            return "a write to a peer moved before the wait just before it";
        case PlanMutation::drop_nop:
            return "a nop between a wait and data, or data and a signal, removed";
        case PlanMutation::port_signal_to_memory:
            return "a port signal after a port put made a memory-channel signal";
        case PlanMutation::drop_flush:
            return "a flush with outputs removed (pwsf: a pws)";
        case PlanMutation::swap_get_indexes:
            return "a get's source and destination indexes swapped";
    }
    return "";
}

std::string describe(const MutationSite& site) {
    return "gpu " + std::to_string(site.gpu) + " thread block " + std::to_string(site.block) +
           " operation " + std::to_string(site.operation);
}

}  // namespace

std::string_view mutation_name(PlanMutation mutation) {
    switch (mutation) {
        case PlanMutation::drop_wait:
            return "drop_wait";
        case PlanMutation::relax_signal:
            return "relax_signal";
        case PlanMutation::drop_release:
            return "drop_release";
        case PlanMutation::move_put_before_wait:
            return "move_put_before_wait";
        case PlanMutation::drop_nop:
            return "drop_nop";
        case PlanMutation::port_signal_to_memory:
            return "port_signal_to_memory";
        case PlanMutation::drop_flush:
            return "drop_flush";
        case PlanMutation::swap_get_indexes:
            return "swap_get_indexes";
    }
    return "?";
}

std::vector<MutationSite> mutation_sites(const Plan& plan, PlanMutation mutation) {
    std::vector<MutationSite> sites;
    for (const Gpu& gpu : plan.gpus)
        for (std::size_t block = 0; block < gpu.thread_blocks.size(); ++block) {
            const ThreadBlock& of = gpu.thread_blocks[block];
            for (std::size_t operation = 0; operation < of.operations.size(); ++operation) {
                const MutationSite site{gpu.id, static_cast<int>(block),
                                        static_cast<int>(operation)};
                if (applies(plan, site, mutation)) sites.push_back(site);
            }
        }
    return sites;
}

Plan mutate_plan(const Plan& plan, PlanMutation mutation, const MutationSite& site) {
    Plan mutant = plan;
    std::vector<Operation>& operations = mutant.gpus[static_cast<std::size_t>(site.gpu)]
                                             .thread_blocks[static_cast<std::size_t>(site.block)]
                                             .operations;
    const auto at = operations.begin() + site.operation;
    switch (mutation) {
        case PlanMutation::drop_wait:
        case PlanMutation::drop_release:
        case PlanMutation::drop_nop:
            operations.erase(at);
            break;
        case PlanMutation::drop_flush:
            if (at->kind == OperationKind::flush)
                operations.erase(at);
            else
                at->kind = OperationKind::put_with_signal;
            break;
        case PlanMutation::swap_get_indexes:
            for (std::size_t range = 0;
                 range < std::min(at->sources.size(), at->destinations.size()); ++range)
                std::swap(at->sources[range].index, at->destinations[range].index);
            break;
        case PlanMutation::port_signal_to_memory: {
            const MutationSite wait = *paired_wait(plan, site);
            Gpu& gpu = mutant.gpus[static_cast<std::size_t>(site.gpu)];
            Gpu& peer = mutant.gpus[static_cast<std::size_t>(wait.gpu)];
            to_memory_channel(gpu, peer.id, *at);
            to_memory_channel(peer, gpu.id,
                              peer.thread_blocks[static_cast<std::size_t>(wait.block)]
                                  .operations[static_cast<std::size_t>(wait.operation)]);
            break;
        }
        case PlanMutation::relax_signal:
            at->kind = OperationKind::relaxed_signal;
            break;
        case PlanMutation::move_put_before_wait: {
            const int wait = wait_before(mutant.gpus[static_cast<std::size_t>(site.gpu)]
                                             .thread_blocks[static_cast<std::size_t>(site.block)],
                                         site.operation);
            Operation put = std::move(*at);
            operations.erase(at);
            operations.insert(operations.begin() + wait, std::move(put));
            break;
        }
    }
    mutant.name += " (" + std::string(mutation_name(mutation)) + ")";
    return mutant;
}

std::vector<msccl::ProgramOperatorTally> score_plan_mutants(const Plan& plan, int sites) {
    std::vector<msccl::ProgramOperatorTally> tallies;
    for (PlanMutation mutation : kMutations) {
        msccl::ProgramOperatorTally tally;
        tally.name = std::string(mutation_name(mutation));
        tally.mistake = mistake_of(mutation);
        for (const MutationSite& site : spread(mutation_sites(plan, mutation), sites)) {
            msccl::tally_mutant(tally, check_plan(mutate_plan(plan, mutation, site), 1),
                                describe(site));
        }
        tallies.push_back(std::move(tally));
    }
    return tallies;
}

}  // namespace trivcheck::mscclpp
