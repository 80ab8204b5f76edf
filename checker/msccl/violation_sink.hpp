#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "checker/core/report.hpp"

namespace trivcheck::msccl {

/// Collects violations: every one is counted by kind, the first
/// `max_recorded` are kept in full.
class ViolationSink {
  public:
    explicit ViolationSink(int max_recorded) : max_recorded_(max_recorded) {}

    /// Whether a violation of `kind` would still be kept in full (so callers
    /// can skip building its explanation); counts it either way.
    bool count(ViolationKind kind) {
        ++counts_[kind];
        return static_cast<int>(recorded_.size()) < max_recorded_;
    }
    void record(Violation violation) { recorded_.push_back(std::move(violation)); }
    /// Counts and records `violation`.
    void add(Violation violation) {
        if (count(violation.kind)) record(std::move(violation));
    }

    const std::vector<Violation>& recorded() const { return recorded_; }
    std::vector<Violation>& recorded() { return recorded_; }
    const std::map<ViolationKind, std::int64_t>& counts() const { return counts_; }

  private:
    int max_recorded_;
    std::vector<Violation> recorded_;
    std::map<ViolationKind, std::int64_t> counts_;
};

}  // namespace trivcheck::msccl
