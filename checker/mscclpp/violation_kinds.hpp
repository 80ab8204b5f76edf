#pragma once
#include "checker/core/violation_kind.hpp"

// The kinds of violation an MSCCL++ plan can have (docs/mscclpp.md,
// Violations), in one place (their texts: checker/core/violation_kind.cpp).

namespace trivcheck::mscclpp::kinds {

/// Two accesses to one cell, at least one a write, by different thread blocks
/// (local or remote), not ordered by happens-before even through relaxed signals.
inline constexpr ViolationKind race = ViolationKind::race;
/// A read of data ordered after its write only through a relaxed signal or wait.
inline constexpr ViolationKind stale_read = ViolationKind::stale_read;
/// A read (or write) ordered after a multimem store (glres, gstore,
/// gstorepkt) only through a relaxed signal or wait: the NVLS pattern
/// MSCCL++'s own kernel relies on; `check --allow relaxed_publication`.
inline constexpr ViolationKind relaxed_publication = ViolationKind::relaxed_publication;
/// Thread blocks that can never finish: waits, acquires, barriers nothing satisfies.
inline constexpr ViolationKind deadlock = ViolationKind::deadlock;
/// A signal no wait consumes, or a semaphore released more often than acquired:
/// the next launch starts with counts that let a wait or acquire pass early.
inline constexpr ViolationKind signal_count_mismatch = ViolationKind::signal_count_mismatch;
/// A packet read that spins forever: no operation writes packets to those cells.
inline constexpr ViolationKind packet_unwritten = ViolationKind::packet_unwritten;
/// All-reduce: gpus end with different reduction trees for one output chunk
/// (the same sum added in different orders: results may differ bitwise).
/// Reported as the named check rank_consistency, not as a violation.
inline constexpr ViolationKind rank_consistency = ViolationKind::rank_consistency;
/// Postconditions (as for MSCCL-IR programs).
inline constexpr ViolationKind missing = ViolationKind::missing;
inline constexpr ViolationKind double_count = ViolationKind::double_count;
inline constexpr ViolationKind unexpected_contribution = ViolationKind::unexpected_contribution;

}  // namespace trivcheck::mscclpp::kinds
