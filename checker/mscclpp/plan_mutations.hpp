#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include "checker/mscclpp/plan.hpp"
#include "checker/search/msccl_mutation_score.hpp"

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
    /// A nop the kernel's threads need removed: one between a wait (or
    /// acquire) and the data operation after it, or between a data operation
    /// and the signal (or release) after it (docs/mscclpp.md, Threads).
    drop_nop,
    /// A port signal that publishes a port put made a memory-channel signal,
    /// with the peer's wait it pairs with (a memory channel added beside the
    /// port channel on both gpus).
    port_signal_to_memory,
    /// A flush with outputs removed, or a pwsf made a pws.
    drop_flush,
    /// A get whose source and destination indexes differ, the two swapped.
    swap_get_indexes,
};

std::string_view mutation_name(PlanMutation mutation);

/// Where a mutation applies: a top-level operation of one thread block.
struct MutationSite {
    int gpu = 0;
    /// Position in Gpu::thread_blocks.
    int block = 0;
    /// Position in ThreadBlock::operations; for move_put_before_wait, the put;
    /// for port_signal_to_memory, the signal.
    int operation = 0;
};

/// Every site of `mutation` in `plan`, in gpu, thread block, operation order.
std::vector<MutationSite> mutation_sites(const Plan& plan, PlanMutation mutation);

/// `plan` with `mutation` applied at `site` (a site mutation_sites gave).
Plan mutate_plan(const Plan& plan, PlanMutation mutation, const MutationSite& site);

/// `trivcheck mutate PLAN.json`: every mutation above on `plan` (which must
/// hold), at most `sites` mutants each, spread evenly over its sites, through
/// check_plan; a mutant is caught when its verdict is not `holds`, tallied by
/// the kind of its first violation.
std::vector<msccl::ProgramOperatorTally> score_plan_mutants(const Plan& plan, int sites);

}  // namespace trivcheck::mscclpp
