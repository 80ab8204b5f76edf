#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>

#include "checker/execution/executor.hpp"
#include "checker/execution/fold_core.hpp"

namespace trivcheck {

/// Fold cores (fold_core.hpp) this process has executed and found to hold,
/// kept so that an identical one (FoldedSchedule::has_core: every transfer
/// compared, not a hash) is not executed again: a sweep meets the same core
/// at every n from P to 2P - 1. Holding is a property of the transfers
/// alone, so the answer is the one executing would give. Thread-safe; keeps
/// the most recent few.
class ProvenFoldCores {
  public:
    /// Whether the core of `folded` holds: remembered, or executed now (with `options`).
    bool holds(const FoldedSchedule& folded, const ExecuteOptions& options);
    /// How many answers were remembered rather than executed.
    std::uint64_t reuses() const;

  private:
    static constexpr std::size_t kept = 4;
    mutable std::mutex mutex_;
    std::deque<std::shared_ptr<const Schedule>> proven_;  // most recent first
    std::uint64_t reuses_ = 0;
};

/// The process's fold cores (used by execute()).
ProvenFoldCores& proven_fold_cores();

}  // namespace trivcheck
