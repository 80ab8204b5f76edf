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
class SymbolicExecution : public StepObserver {
  public:
    SymbolicExecution(const ProgramLayout& layout, ViolationSink& violations);

    void run(const StepStart& start) override;

    const ChunkStore& store() const { return store_; }
    const ContributionSets& sets() const { return sets_; }
    const ValueHistory& history() const { return history_; }
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
    /// The value of chunk `offset` of `buffer` read by the current step, race-checked.
    ChunkCell read(const AccessSite& site, int gpu);
    void write(const AccessSite& site, int gpu, const ChunkCell& value);
    /// Adds two values at the current step, reporting double counts and empty sides.
    ChunkCell reduce(const ChunkCell& left, const ChunkCell& right, const StepStart& start,
                     int chunk, const char* right_name);
    void report_race(const AccessSite& earlier, const AccessSite& later, int gpu);

    const ProgramLayout& layout_;
    ViolationSink& violations_;
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
