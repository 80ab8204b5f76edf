#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace trivcheck {

/// What went wrong, one word each (docs/model.md, violations; docs/msccl.md).
/// Declared in the alphabetical order of their names, so maps keyed by kind
/// list them in the order the reports always used.
enum class ViolationKind : std::uint8_t {
    bound_exceeded,
    count_mismatch,
    deadlock,
    determinism,
    double_count,
    missing,
    packet_unwritten,
    port_overuse,
    postcondition,
    race,
    rank_consistency,
    reduce_of_nothing,
    relaxed_publication,
    runtime_limit,
    send_unheld,
    signal_count_mismatch,
    stale_read,
    unexpected_contribution,
    unreceived_message,
    unsignalled_wait,
};

/// Everything the tool says about one kind, in one place: a new kind is one
/// enumerator above and one entry of the table (violation_kind.cpp).
struct ViolationKindEntry {
    ViolationKind kind;
    /// The name in reports, JSON, SARIF rule ids and on the command line.
    std::string_view name;
    /// SARIF's short description: what happened, in one line.
    std::string_view summary;
    /// SARIF's full description and help: what to do about it.
    std::string_view help;
    /// Whether `shrink --kind` can keep it while making the input smaller.
    bool shrinkable;
    /// Which inputs can show it: synchronous schedules, MSCCL-IR programs or both.
    std::string_view found_in;
    /// A named check's failure (docs/consistency.md): reported as a check, and
    /// a violation only when `check --require NAME` counts it.
    bool named_check = false;
    /// Counted by default, but `check --allow NAME` may accept it on purpose
    /// (a pattern a runtime's own kernels rely on): listed, not counted.
    bool allowable = false;
};

/// Every kind, in enumeration order.
std::span<const ViolationKindEntry> violation_kinds();
const ViolationKindEntry& entry(ViolationKind kind);
std::string_view to_string(ViolationKind kind);
std::ostream& operator<<(std::ostream& out, ViolationKind kind);
/// The names of the kinds named checks give, which `check --require` accepts.
std::vector<std::string> requirable_check_names();
/// The names of the kinds `check --allow` accepts.
std::vector<std::string> allowable_kind_names();
/// The kind named `name`; empty when none is (parsing user input).
std::optional<ViolationKind> violation_kind_named(std::string_view name);

}  // namespace trivcheck
