#pragma once
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "checker/msccl/chunk_store.hpp"
#include "checker/msccl/race_detector.hpp"
#include "checker/msccl/step_log.hpp"
#include "checker/msccl/value_history.hpp"
#include "checker/msccl/violation_sink.hpp"

namespace trivcheck::msccl {

/// A message in flight: one value per chunk, and who sent it.
struct Message {
    std::vector<ChunkCell> chunks;
    int count = 0;
    int sender_block = -1;
    int sender_step = -1;
};

/// The value side of a run (docs/msccl.md): what the steps do to the chunks,
/// values as contribution sets and reduction trees (docs/consistency.md), reductions checked for
/// double counts and empty sides, every access checked for races. It reads the steps from a StepLog
/// that the order side (StepOrdering) writes, with the local clocks the race
/// checks need.
/// The values' history (one event per chunk a step touches) is kept only
/// when asked for: it serves a double count's chains alone, so a run without
/// it that finds a double count says so (`history_needed`) and is run again
/// with it; any two runs are the same.
class SymbolicExecution {
  public:
    SymbolicExecution(const ProgramLayout& layout, ViolationSink& violations, bool keep_history);

    /// Runs the steps of `log` in order, until it ends.
    void run(StepLog& log);
    /// Runs the steps written to `log` so far (both sides on one thread).
    void run_written(StepLog& log);

    const ChunkStore& store() const { return store_; }
    const ContributionSets& sets() const { return sets_; }
    /// The values' reduction trees; a leaf's number is its contribution
    /// (ProgramLayout::contribution).
    const ReductionTrees& trees() const { return trees_; }
    ReductionTrees& trees() { return trees_; }
    /// A double count was found in a run without history: its chains need another run.
    bool history_needed() const { return history_needed_; }
    const Message& message(int id) const { return messages_[id]; }
    /// Pairs of steps that add into one cell unordered (each also a race): the
    /// cell's tree depends on which runs first (docs/consistency.md, determinism).
    int unordered_reductions() const { return unordered_reductions_; }
    /// The first such pair, in words; empty when there is none.
    const std::string& first_unordered_reduction() const { return first_unordered_reduction_; }
    /// A point naming step `step` of flat thread block `block`.
    ProgramPoint point(int block, int step, const char* note) const;
    /// Where history event `index` was produced, as a report names it.
    ProgramPoint event_point(int index) const;

  private:
    void run(const LoggedStep& logged);
    void run(const StepStart& start);
    /// Adds `event` to the history when it is kept; its index, or -1.
    int record(const ValueEvent& event) { return keep_history_ ? history_.add(event) : -1; }
    /// The value of the chunk `site` names on gpu `gpu`, read by the current step, race-checked.
    ChunkCell read(const AccessSite& site, int gpu);
    void write(const AccessSite& site, int gpu, const ChunkCell& value);
    /// Adds two values at the current step, reporting double counts and empty sides.
    ChunkCell reduce(const ChunkCell& left, const ChunkCell& right, const StepStart& start,
                     int chunk, const char* right_name);
    /// Room for the contribution sets and history events the run will make.
    void reserve_values();
    /// Where the earlier access `access`, which touched `cell`, was: the chunk
    /// as its step names it.
    AccessSite site_of(const EarlierAccess& access, int cell) const;
    void report_race(const EarlierAccess& earlier, int cell, const AccessSite& later, int gpu);
    /// Does step `step` of flat thread block `block` add into `cell` (dst <- dst + x)?
    bool adds_into(int block, int step, int cell) const;

    const ProgramLayout& layout_;
    ViolationSink& violations_;
    bool keep_history_;
    bool history_needed_ = false;
    ContributionSets sets_;
    ReductionTrees trees_;
    ChunkStore store_;
    ValueHistory history_;
    /// The local clocks, as the log tells them.
    LocalClocks clocks_;
    RaceDetector races_;
    std::vector<Message> messages_;
    LoggedStep logged_;  // the step being read from the log
    std::set<std::tuple<int, int, int, int>> reported_races_;
    int unordered_reductions_ = 0;
    std::string first_unordered_reduction_;
};

}  // namespace trivcheck::msccl
