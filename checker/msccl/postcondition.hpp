#pragma once
#include <optional>
#include <string>
#include <vector>

#include "checker/core/contribution_sets.hpp"
#include "checker/core/expected_outputs.hpp"
#include "checker/core/program_layout.hpp"

namespace trivcheck::msccl {

/// What a program's output chunks must hold after a complete run: the
/// collective's own postcondition (docs/msccl.md, with `root` for broadcast,
/// reduce, gather and scatter), the user's (`expected`, which replaces it), or
/// none (custom, alltoallv, send, recv without `expected`).
class Postcondition {
  public:
    Postcondition(const ProgramLayout& layout, int root,
                  const std::optional<ExpectedOutputs>& expected);

    /// As the report names it: `allreduce`, `broadcast from root 2`,
    /// `as expect.json gives it`, or `none given`.
    const std::string& name() const { return name_; }
    /// Why there is none (empty when there is one).
    const std::string& missing_reason() const { return missing_reason_; }

    /// Whether output chunk `chunk` of gpu `gpu` must hold something exact;
    /// then `arcs` receives it, contributions (ProgramLayout::contribution) in
    /// ascending runs.
    bool expected(int gpu, int chunk, std::vector<Arc>& arcs) const;

  private:
    const ProgramLayout& layout_;
    int root_ = 0;
    std::string name_;
    std::string missing_reason_;
    /// From `expected`: per gpu, per output chunk, the runs it must hold
    /// (nullopt: anything); empty when the collective's own applies.
    std::vector<std::vector<std::optional<std::vector<Arc>>>> given_;
};

}  // namespace trivcheck::msccl
