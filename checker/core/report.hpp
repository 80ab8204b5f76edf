#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "checker/core/explanation.hpp"
#include "checker/core/violation_kind.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

enum class Verdict { holds, violated, not_applicable };
const char* to_string(Verdict verdict);

/// One hop of a contribution's journey: transfer `index` of step `step`.
struct Hop {
    int step = 0;
    int index = 0;
    int src = 0;
    int dst = 0;
    friend bool operator==(const Hop&, const Hop&) = default;
};
/// The transfers that carried one copy of a contribution from its origin.
using Path = std::vector<Hop>;

/// A place in an MSCCL-IR program (docs/msccl.md): step `step` of thread block
/// `thread_block` (its id) of gpu `gpu`, and the chunk it touched, if any.
struct ProgramPoint {
    int gpu = -1;
    int thread_block = -1;
    int step = -1;
    /// `i`, `o` or `s` as the step names it; empty when no chunk is meant.
    std::string buffer = {};
    int chunk = -1;
    /// What happens there: "reads", "writes", "waits for ...", "s", "rrcs", ...
    std::string note = {};
    friend bool operator==(const ProgramPoint&, const ProgramPoint&) = default;
};

/// A failure of docs/model.md's model, located in ranks, steps and blocks.
struct Violation {
    ViolationKind kind = ViolationKind::missing;
    int step = -1;  // -1: after the last step (postconditions) or the whole schedule
    int rank = -1;
    int block = -1;
    int contributor = -1;
    /// double_count: how many inputs of the joint reduction carried the contribution.
    int copies = 0;
    /// The transfers involved at `step` (incoming copies, overusing sends, ...).
    std::vector<Hop> transfers;
    /// double_count: one path per copy, from the contributor to `rank`.
    std::vector<Path> paths;
    /// Plain words for what is not captured above (bound values, what was held).
    std::string detail;
    /// The scratch buffer of `rank` the violation is in; empty for its vector.
    std::string buffer = {};
    /// MSCCL-IR programs (docs/msccl.md): the thread block id of the step (`rank` is
    /// the gpu, `step` the step, `block` the chunk); -1 otherwise.
    int thread_block = -1;
    /// MSCCL-IR: the input chunk of the contribution (`contributor` is its gpu).
    int contributor_chunk = -1;
    /// MSCCL-IR: the steps involved: both accesses of a race, every wait of a
    /// deadlock's cycle, the step of the other violations.
    std::vector<ProgramPoint> points = {};
    /// MSCCL-IR double_count: for each copy, the steps that carried it, from
    /// its origin to the reduction.
    std::vector<std::vector<ProgramPoint>> chains = {};
    /// MSCCL-IR runtime_limit: the limit's name (`steps_per_thread_block`, ...),
    /// the runtime's bound and what the program has.
    std::string limit = {};
    std::int64_t limit_value = 0;
    std::int64_t measured = 0;
    /// What a person needs to act on it, beyond the above (checker/explanations/
    /// explain.hpp): empty until explained.
    Explanation explanation = {};
};

/// MSCCL-IR: messages and chunks of one connection (sender, receiver, channel).
struct ConnectionFigures {
    int sender = 0;
    int receiver = 0;
    int channel = 0;
    int messages = 0;
    std::int64_t chunks = 0;
    /// Most messages it held at once in the unbounded execution.
    int most_queued = 0;
};

/// MSCCL-IR: chunks one gpu sent and received.
struct GpuTraffic {
    int gpu = 0;
    std::int64_t sent_chunks = 0;
    std::int64_t received_chunks = 0;
};

/// Figures of an asynchronous MSCCL-IR execution (docs/msccl.md), or of an
/// MSCCL++ execution plan's (docs/mscclpp.md; `format` says which).
struct AsynchronousFigures {
    /// "MSCCL-IR" or "MSCCL++".
    std::string format = "MSCCL-IR";
    /// `coll` as docs/msccl.md names it (alltoall has no synchronous Collective).
    std::string collective;
    std::string protocol;
    /// Chunks of the collective's buffer m (allreduce: the input; allgather: the output).
    int buffer_chunks = 0;
    int thread_blocks = 0;
    int most_thread_blocks_per_gpu = 0;
    int channels = 0;
    int steps_total = 0;
    /// Longest happens-before chain, counted in steps that send (the K).
    int critical_path = 0;
    /// Least FIFO depth per connection with which every thread block completes;
    /// 0 when it does not complete even with unbounded FIFOs.
    int fifo_depth_needed = 0;
    std::vector<GpuTraffic> gpus;
    std::vector<ConnectionFigures> connections;
    /// MSCCL-IR: the runtime judged against, "none", "rccl" or "msccl"
    /// (msccl::spelling(Runtime)); empty for other inputs.
    std::string runtime;
    /// MSCCL-IR under a runtime: each place where that runtime's parser or
    /// kernel changes what the file says (docs/msccl.md, The parser's step
    /// rules), naming the rule, one line each.
    std::vector<std::string> runtime_rules;
    /// MSCCL-IR under a runtime, after a run that completed on unbounded FIFOs:
    /// the runtime's bounded FIFOs and what running on them found
    /// (docs/msccl.md, Bounded FIFOs); empty when not checked.
    std::string bounded_fifos;
    /// MSCCL-IR: the postcondition checked (`allreduce`, `broadcast from root
    /// 0`, `as FILE gives it`, `none given`); empty for MSCCL++ plans.
    std::string postcondition;
    /// Why there is none, when `postcondition` is `none given`.
    std::string postcondition_missing_reason;
};

/// What one run of an MSCCL++ execution plan synchronized and moved (docs/mscclpp.md).
struct MscclppFigures {
    int signals = 0;
    int relaxed_signals = 0;
    int waits = 0;
    int barriers = 0;
    int semaphore_acquires = 0;
    /// Operations that read packets (each spins on its packets' flags).
    int packet_reads = 0;
    /// Chunks written into another gpu's memory.
    std::int64_t remote_chunks_written = 0;
    /// All-reduce: the longest root-to-leaf path of any output's reduction tree.
    int reduction_depth = 0;
    /// Cells per chunk the run tracked, and the iterations each pipeline ran.
    int pieces_per_chunk = 1;
    int pipeline_iterations = 0;
};

/// Figures of one step (docs/model.md, figures).
struct StepFigures {
    int step = 0;
    std::string phase;
    std::vector<int> distances;
    std::optional<std::int64_t> coverage_min;
    std::optional<std::int64_t> coverage_max;
    int messages_max = 0;
    std::int64_t blocks_max = 0;
    std::int64_t link_chunks_max = 0;
    std::int64_t link_chunks_min = 0;
    std::int64_t link_blocks_max = 0;
    std::string busiest_link;
};

/// Blocks one rank sent in one phase: the least and most over all ranks.
struct PhaseBytes {
    std::int64_t min_blocks = 0;
    std::int64_t max_blocks = 0;
};

/// Loads on the links of one dimension and direction of a torus.
struct TorusDirectionLoad {
    int dimension = 0;
    bool plus = true;
    /// Per step: the most chunks and blocks on one link of this dimension and direction.
    std::vector<std::int64_t> chunks_max;
    std::vector<std::int64_t> blocks_max;
};

/// Figures only a torus has (docs/model.md, "Tori").
struct TorusFigures {
    int dimensions = 0;
    /// Θ·D: the byte factor relative to the optimum m·β/D.
    double theta_relative = 0;
    /// Dimension 0 +, dimension 0 -, dimension 1 +, ...
    std::vector<TorusDirectionLoad> directions;
};

struct CheckOutcome {
    Verdict verdict = Verdict::not_applicable;
    std::string reason;
};

/// Everything one execution established; serialised as trivcheck.report/1.
struct Report {
    std::string name;
    std::string algo;
    std::string form;
    Collective collective = Collective::allreduce;
    std::string topology;
    int ranks = 0;
    int blocks = 0;
    Verdict verdict = Verdict::holds;
    std::string not_applicable_reason;
    std::vector<StepFigures> per_step;
    /// Phase label -> blocks per rank, in first-appearance order.
    std::vector<std::pair<std::string, PhaseBytes>> phase_bytes;
    std::int64_t total_blocks_per_rank_max = 0;
    /// Σ_k (most blocks on one link in step k) / blocks: bytes in units of m.
    double theta = 0;
    std::map<std::string, CheckOutcome> checks;
    /// The most additions on one chain behind any output (docs/consistency.md);
    /// unset where reduction trees were not followed.
    std::optional<int> reduction_depth = {};
    std::vector<Violation> violations;
    /// Violations found, including those beyond the recorded ones.
    std::map<ViolationKind, std::int64_t> violation_counts;
    /// Violations of the kinds `check --allow` accepted: listed (the first
    /// ones recorded) and counted here, not in `violations` or the verdict.
    std::vector<Violation> allowed;
    std::map<ViolationKind, std::int64_t> allowed_counts;
    /// Set for MSCCL-IR programs, whose figures are not per synchronous step.
    std::optional<AsynchronousFigures> asynchronous = {};
    /// Set for MSCCL++ execution plans, beside `asynchronous`.
    std::optional<MscclppFigures> mscclpp = {};
    /// Set for schedules on a torus.
    std::optional<TorusFigures> torus = {};

    int steps() const { return static_cast<int>(per_step.size()); }
    double blocks_to_m(std::int64_t blocks_count) const {
        return static_cast<double>(blocks_count) / blocks;
    }
};

}  // namespace trivcheck
