#pragma once
#include "checker/mscclpp/paged_clock.hpp"

namespace trivcheck::mscclpp {

/// A thread block's (or the caller's) knowledge of what happened before its
/// current step (docs/mscclpp.md, Ordering): `weak` through every signal,
/// `strong` only through those that make data visible.
struct ProcessClocks {
    PagedClock strong, weak;
    /// The strong clock as of this process's latest fence.
    PagedClock fenced;
    /// This process's own entry (its steps begun), kept apart from `strong`
    /// and `weak` until they are handed on: a step then costs no new page.
    int own = 0;
    /// Longest happens-before chain so far, in operations other than nop.
    int depth = 0;
};

/// What a signal, a release, a packet write or a barrier hands to whoever it
/// satisfies: the clocks at the moment it happened.
struct Token {
    PagedClock strong;
    PagedClock weak;
    /// The strong clock as of the giver's latest fence: all that a relaxed
    /// pair makes visible (what the giver did before its launch started, or
    /// before a full signal or release of its own).
    PagedClock fenced;
    int depth = 0;
    /// A relaxed signal orders nothing it did itself: the waiter joins `weak`
    /// and `fenced`, not `strong`.
    bool relaxed = false;
    int process = -1;
    int step = -1;
    int launch = 0;
};

/// The vector clocks of one run: every process's entries and the pages they share.
class RunClocks {
  public:
    explicit RunClocks(int processes) : pages_(processes) {}

    /// Entry `process` of `clocks` (of process `self`), weakly or strongly.
    int weak_entry(const ProcessClocks& clocks, int self, int process) const;
    int strong_entry(const ProcessClocks& clocks, int self, int process) const;
    /// `clocks` (of process `self`) as a token, for whoever it satisfies.
    Token token(ProcessClocks& clocks, int self, bool relaxed);
    /// What `clocks` learns from `token`.
    void join_token(ProcessClocks& clocks, const Token& token);
    /// Every entry of `into` becomes the larger of its own and `token`'s (a
    /// barrier's or a launch's end, gathering several processes).
    void join_all(Token& into, const Token& token);
    /// A fence: `clocks` (of process `self`) makes what it did so far visible.
    void fence(ProcessClocks& clocks, int self);

  private:
    /// Writes the process's own entry into `strong` and `weak`.
    void settle(ProcessClocks& clocks, int self);

    ClockPages pages_;
};

}  // namespace trivcheck::mscclpp
