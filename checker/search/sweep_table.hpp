#pragma once
#include <string>
#include <vector>

#include "checker/search/sweep_outcome.hpp"

namespace trivcheck {

/// Every outcome of one algorithm and form in a sweep, in increasing n.
struct SweepRow {
    std::string algo;
    std::string form;
    std::vector<SizeOutcome> sizes;
    /// A generator variant other than the published one (Trivance L: "fold"); empty if none.
    std::string last_step = {};
    /// A reduction-tree rule other than the default (Trivance B: "balanced"); empty if none.
    std::string tree = {};
    /// A Trivance B layout other than the best plan ("short_last"); empty if none.
    std::string layout = {};
    /// The collective of an algorithm that has several (NCCL's, docs/nccl.md);
    /// empty for all-reduce only.
    std::string collective = {};
    /// The algorithm as tables name it: "trivance", "trivance (fold last step)",
    /// "trivance (short_last layout)", "trivance (short_last layout, balanced tree)"
    /// or "nccl_pat (allgather)".
    std::string label() const {
        if (!collective.empty()) return algo + " (" + collective + ")";
        if (!layout.empty())
            return algo + " (" + layout + " layout" + (tree.empty() ? "" : ", " + tree + " tree") +
                   ")";
        if (!tree.empty()) return algo + " (" + tree + " tree)";
        return last_step.empty() ? algo : algo + " (" + last_step + " last step)";
    }
};

/// The human summary of a sweep: one line per row (sizes, holds, violated,
/// not applicable, unknown, slowest n and its seconds, total seconds, the
/// first `failures_shown` failing n with their violation kind), then one note
/// per row with not-applicable or unknown sizes giving the first reason.
std::string format_sweep_summary(const std::vector<SweepRow>& rows, int failures_shown = 3);

/// One cell of the verdict table, e.g. "holds for all 7 n", "violated for 29
/// of 31 n (first: 4 double_count); holds for 2 of 31 n"; "—" when empty.
std::string describe_outcomes(const std::vector<SizeOutcome>& outcomes);

/// The verdict table by algorithm, form and class of n (power of 3, power of
/// 2, other) in Markdown, one line per row, as pasted into the README.
std::string format_class_table(const std::vector<SweepRow>& rows);

}  // namespace trivcheck
