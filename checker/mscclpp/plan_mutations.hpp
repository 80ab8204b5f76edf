#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// The ways a plan is broken on purpose (docs/mscclpp.md, Broken copies),
/// each a hand-written synchronization mistake.
enum class PlanMutation {
    /// A wait (or relaxed wait) removed.
    drop_wait,
    /// A memory-channel signal that publishes a write to a peer's memory
    /// (one since the thread block's previous signal or wait) made relaxed.
    relax_signal,
    /// A semaphore release removed.
    drop_release,
    /// An operation that writes a peer's memory moved before the wait just before it.
    move_put_before_wait,
};

std::string_view mutation_name(PlanMutation mutation);

/// Where a mutation applies: a top-level operation of one thread block.
struct MutationSite {
    int gpu = 0;
    /// Position in Gpu::thread_blocks.
    int block = 0;
    /// Position in ThreadBlock::operations; for move_put_before_wait, the put.
    int operation = 0;
};

/// Every site of `mutation` in `plan`, in gpu, thread block, operation order.
std::vector<MutationSite> mutation_sites(const Plan& plan, PlanMutation mutation);

/// `plan` with `mutation` applied at `site` (a site mutation_sites gave).
Plan mutate_plan(const Plan& plan, PlanMutation mutation, const MutationSite& site);

}  // namespace trivcheck::mscclpp
