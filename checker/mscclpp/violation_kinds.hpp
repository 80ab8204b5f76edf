#pragma once

// The kinds of violation an MSCCL++ plan can have (docs/mscclpp.md,
// Violations), in one place: Violation::kind strings.

namespace trivcheck::mscclpp::kinds {

/// Two accesses to one cell, at least one a write, by different thread blocks
/// (local or remote), not ordered by happens-before even through relaxed signals.
inline constexpr const char* race = "race";
/// A read of data ordered after its write only through a relaxed signal or wait.
inline constexpr const char* stale_read = "stale_read";
/// Thread blocks that can never finish: waits, acquires, barriers nothing satisfies.
inline constexpr const char* deadlock = "deadlock";
/// A signal no wait consumes, or a semaphore released more often than acquired:
/// the next launch starts with counts that let a wait or acquire pass early.
inline constexpr const char* signal_count_mismatch = "signal_count_mismatch";
/// A packet read that spins forever: no operation writes packets to those cells.
inline constexpr const char* packet_unwritten = "packet_unwritten";
/// All-reduce: gpus end with different reduction trees for one output chunk
/// (the same sum added in different orders: results may differ bitwise).
/// Reported as the named check rank_consistency, not as a violation.
inline constexpr const char* rank_inconsistent = "rank_inconsistent";
/// Postconditions (as for MSCCL-IR programs).
inline constexpr const char* missing = "missing";
inline constexpr const char* double_count = "double_count";
inline constexpr const char* unexpected_contribution = "unexpected_contribution";

}  // namespace trivcheck::mscclpp::kinds
