#include "checker/mscclpp/plan_mutations.hpp"

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

bool applies(const ThreadBlock& block, int operation, PlanMutation mutation) {
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
    }
    return false;
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
    }
    return "?";
}

std::vector<MutationSite> mutation_sites(const Plan& plan, PlanMutation mutation) {
    std::vector<MutationSite> sites;
    for (const Gpu& gpu : plan.gpus)
        for (std::size_t block = 0; block < gpu.thread_blocks.size(); ++block) {
            const ThreadBlock& of = gpu.thread_blocks[block];
            for (std::size_t operation = 0; operation < of.operations.size(); ++operation)
                if (applies(of, static_cast<int>(operation), mutation))
                    sites.push_back({gpu.id, static_cast<int>(block), static_cast<int>(operation)});
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
            operations.erase(at);
            break;
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

}  // namespace trivcheck::mscclpp
