#pragma once
#include <set>
#include <tuple>
#include <vector>

#include "checker/core/zeroed_array.hpp"
#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/run_state.hpp"

namespace trivcheck::mscclpp {

/// The clocks a step of a process accesses cells with.
struct StepClocks {
    int process = -1;
    int step = -1;
    PagedClock weak;
    PagedClock strong;
};

/// Checks each access of a run against the cell's accesses before it, in
/// the order they happen: race (no happens-before) and stale_read (ordered
/// only through a relaxed signal). Touches nothing of the run but what
/// never changes while it goes on (the plan, the processes' steps, the
/// clocks' nodes), so it may run on a thread beside it.
class RaceChecks {
  public:
    RaceChecks(const RunState& state, msccl::ViolationSink& violations);

    /// The step `step` reads `cell`: checked against the cell's last write,
    /// then remembered.
    void check_read(const StepClocks& step, int cell);
    /// The step reads `cell` as a packet: it spins until the packet with its
    /// launch's flag is there (Run::can_run), so it is ordered after that
    /// write, and learns nothing else (docs/mscclpp.md, Packets).
    /// Remembered as a read, unchecked.
    void check_packet_read(const StepClocks& step, int cell);
    /// The step `step` writes `cell`: checked against the cell's last write
    /// and the reads since, then remembered.
    void check_write(const StepClocks& step, int cell);

  private:
    /// Whether `earlier` happens before `step`: not at all (a race), only
    /// weakly (a stale read), or strongly. `landed`: the earlier write is
    /// known to be in memory (a packet read saw it), so weakly is enough.
    void check_pair(const Access& earlier, const StepClocks& step, int cell,
                    const char* earlier_note, const char* later_note, bool landed = false);
    /// Whether `write` is a multimem store (glres, gstore, gstorepkt:
    /// `.relaxed.sys` stores through the switch, switch_channel_device.hpp):
    /// ordered only weakly, a relaxed_publication rather than a stale_read.
    bool multimem_store(const Access& write) const;
    /// Remembers that `step` read `cell` (after its checks).
    void remember_read(const StepClocks& step, int cell);
    void report_pair(ViolationKind kind, const Access& earlier, const StepClocks& step, int cell,
                     const char* earlier_note, const char* later_note);

    const RunState& state_;
    msccl::ViolationSink& violations_;
    ClockReader reader_;
    /// Per cell, its last write and the reads since.
    ZeroedArray<CellHistory> history_;
    /// Per cell that has had two reads between writes, the reads after its first.
    std::vector<std::vector<Access>> later_reads_;
    /// Per cell, whether a packet read saw its last write (made at the first
    /// packet read): that write had landed, so a later write ordered after
    /// the read, even only weakly, cannot be overtaken by it.
    std::vector<bool> packet_seen_;
    std::set<std::tuple<ViolationKind, int, int, int, int>> reported_;
};

}  // namespace trivcheck::mscclpp
