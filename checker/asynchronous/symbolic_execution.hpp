#pragma once
#include <set>
#include <tuple>
#include <vector>

#include "checker/asynchronous/chunk_store.hpp"
#include "checker/asynchronous/happens_before.hpp"
#include "checker/asynchronous/race_detector.hpp"
#include "checker/asynchronous/scheduler.hpp"
#include "checker/asynchronous/value_history.hpp"
#include "checker/asynchronous/violation_sink.hpp"

namespace trivcheck::msccl {

/// A message in flight: one value per chunk, and what the receiver learns.
struct Message {
    std::vector<ChunkCell> chunks;
    int count = 0;
    int sender_block = -1;
    int sender_step = -1;
    int clock_message = -1;  // its id in HappensBefore
    int depth = 0;
};

/// What the steps do to the chunks (docs/msccl.md): values as contribution sets,
/// reductions checked for double counts and empty sides, every access checked
/// for races, and the longest happens-before chain of sending steps.
/// The values' history (one event per chunk a step touches) is kept only
/// when asked for: it serves a double count's chains alone, so a run without
/// it that finds a double count says so (`history_needed`) and is run again
/// with it; any two runs are the same.
class SymbolicExecution : public StepObserver {
  public:
    /// `steps`: the layout's steps, which it outlives.
    SymbolicExecution(const ProgramLayout& layout, const FlatSteps& steps,
                      ViolationSink& violations, bool keep_history);

    void run(const StepStart& start) override;

    const ChunkStore& store() const { return store_; }
    const ContributionSets& sets() const { return sets_; }
    /// A double count was found in a run without history: its chains need another run.
    bool history_needed() const { return history_needed_; }
    const Message& message(int id) const { return messages_[id]; }
    /// Longest chain of sending steps ordered before and including any step.
    int critical_path() const { return critical_path_; }
    /// A point naming step `step` of flat thread block `block`.
    ProgramPoint point(int block, int step, const char* note) const;
    /// Where history event `index` was produced, as a report names it.
    ProgramPoint event_point(int index) const;

  private:
    struct Signal {
        int step = 0;
        int depth = 0;
    };
    /// The critical-path depth of signalling step `step` of `block`.
    int signal_depth(int block, int step) const;
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

    const ProgramLayout& layout_;
    ViolationSink& violations_;
    bool keep_history_;
    bool history_needed_ = false;
    ContributionSets sets_;
    ChunkStore store_;
    ValueHistory history_;
    HappensBefore clocks_;
    RaceDetector races_;
    std::vector<Message> messages_;
    std::vector<std::vector<Signal>> signals_;
    std::vector<int> depth_;
    int critical_path_ = 0;
    std::set<std::tuple<int, int, int, int>> reported_races_;
};

}  // namespace trivcheck::msccl
