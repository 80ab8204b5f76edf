#include "checker/core/violation_kind.hpp"

#include <algorithm>
#include <array>
#include <ostream>

namespace trivcheck {

namespace {

constexpr std::string_view kSchedules = "schedules";
constexpr std::string_view kPrograms = "MSCCL-IR programs";
constexpr std::string_view kBoth = "schedules and MSCCL-IR programs";
constexpr std::string_view kPlans = "MSCCL++ execution plans";
constexpr std::string_view kProgramsAndPlans = "MSCCL-IR programs and MSCCL++ execution plans";

constexpr std::array kEntries = {
    ViolationKindEntry{
        ViolationKind::bound_exceeded, "bound_exceeded",
        "A bound the schedule declares is exceeded",
        "A declared upper limit (steps, link_chunks, link_bytes, bytes_per_rank_per_phase, theta) "
        "is smaller than what the schedule measures; fix the schedule or the bound.",
        true, kSchedules},
    ViolationKindEntry{ViolationKind::count_mismatch, "count_mismatch",
                       "Sender and receiver disagree on cnt",
                       "MSCCL-IR: a send and the receive it meets must move the same number of "
                       "chunks.",
                       true, kPrograms},
    ViolationKindEntry{ViolationKind::deadlock, "deadlock",
                       "No thread block can move while some have steps left",
                       "MSCCL-IR: the related locations are the cycle of waits, or the receive "
                       "nothing sends.",
                       true, kPrograms},
    ViolationKindEntry{ViolationKind::determinism, "determinism",
                       "A value's order of additions depends on which unordered step runs first",
                       "MSCCL-IR: two reductions into one chunk are not ordered by happens-before, "
                       "so the sum's tree (and its rounding) changes from run to run; order them "
                       "with a dependency. Counted only under --require determinism.",
                       false, kPrograms, true},
    ViolationKindEntry{ViolationKind::double_count, "double_count",
                       "A contribution is summed into a block more than once",
                       "A reduction's sides share a contribution (sums are not idempotent). Find "
                       "the two copies (the result's related locations) and make sure each "
                       "contribution reaches the receiver by one path only.",
                       true, kBoth},
    ViolationKindEntry{ViolationKind::missing, "missing",
                       "A postcondition fails: a contribution is missing at the end",
                       "After the last step a rank lacks a contribution its block must hold "
                       "(allreduce: all n; reduce_scatter: the owner's block complete; allgather: "
                       "the owner's value).",
                       true, kBoth},
    ViolationKindEntry{ViolationKind::packet_unwritten, "packet_unwritten",
                       "A packet read that nothing writes",
                       "MSCCL++: the reader spins on the packet's flag forever; write the "
                       "packets (ppkt, rppkt, cpkt, ...) it reads, in the same launch.",
                       true, kPlans},
    ViolationKindEntry{ViolationKind::port_overuse, "port_overuse",
                       "A rank sends or receives more messages in a step than it has ports",
                       "Every rank may send at most `ports` messages and receive at most `ports` "
                       "messages per step; split the step or merge messages to the same peer.",
                       true, kSchedules},
    ViolationKindEntry{ViolationKind::postcondition, "postcondition",
                       "No postcondition is checked: the collective has none trivcheck knows",
                       "The file's collective is a name trivcheck has no postcondition for (an "
                       "MSCCL++ plan's \"AllReduce\", an MSCCL-IR program's custom collective), "
                       "so nothing says what the outputs must hold; name a known collective "
                       "(MSCCL-IR: or give --expect). Counted only under --require "
                       "postcondition.",
                       false, kProgramsAndPlans, true},
    ViolationKindEntry{ViolationKind::race, "race",
                       "Two accesses to one chunk, one a write, are not ordered",
                       "MSCCL-IR: add a dependency (depid/deps/hasdep) or reorder the thread "
                       "block's steps so happens-before orders the two accesses.",
                       true, kPrograms},
    ViolationKindEntry{ViolationKind::rank_consistency, "rank_consistency",
                       "Ranks end with different orders of additions for one output",
                       "Floating-point addition is not associative: ranks that add the same "
                       "contributions in different orders hold different sums, and replicas "
                       "drift. Reduce each block once and copy it, or make every rank add in one "
                       "order. Counted only under --require rank_consistency.",
                       false, kBoth, true},
    ViolationKindEntry{
        ViolationKind::reduce_of_nothing, "reduce_of_nothing", "A reduction with an empty side",
        "MSCCL-IR: a reduction adds a chunk that holds no contribution.", true, kPrograms},
    ViolationKindEntry{ViolationKind::relaxed_publication, "relaxed_publication",
                       "Multimem stores published only by a relaxed signal or wait",
                       "MSCCL++: NVLS stores (.relaxed.sys) followed by a relaxed handshake make "
                       "no data visible by the memory model, yet MSCCL++'s own NVLS all-reduce "
                       "(allreduce_nvls_zero_copy.cu) closes this way; publish with a full "
                       "signal and wait, or accept it with check --allow relaxed_publication "
                       "(docs/mscclpp.md).",
                       true, kPlans, false, true},
    ViolationKindEntry{ViolationKind::runtime_limit, "runtime_limit",
                       "The runtime refuses the file",
                       "MSCCL-IR: a limit of RCCL (steps per thread block, cnt, thread blocks per "
                       "channel, ids, nop runs) is exceeded.",
                       false, kPrograms},
    ViolationKindEntry{ViolationKind::send_unheld, "send_unheld",
                       "A message carries a block its sender does not hold",
                       "The sender holds no contribution to the block at the start of the step; "
                       "send it after it has arrived, or from the buffer that holds it.",
                       true, kSchedules},
    ViolationKindEntry{ViolationKind::signal_count_mismatch, "signal_count_mismatch",
                       "A signal or release nothing consumes",
                       "MSCCL++: the next launch starts with a count that lets a wait or acquire "
                       "pass early; pair every signal with a wait, every release with an acquire.",
                       true, kPlans},
    ViolationKindEntry{ViolationKind::stale_read, "stale_read",
                       "A read ordered after its write only through a relaxed signal",
                       "MSCCL++: a relaxed signal or wait pairs counts but does not make the data "
                       "written before it visible; publish data with a full signal "
                       "(docs/mscclpp.md).",
                       true, kPlans},
    ViolationKindEntry{ViolationKind::unexpected_contribution, "unexpected_contribution",
                       "A chunk holds a contribution it must not hold",
                       "MSCCL-IR: the postcondition requires exactly the listed contributions.",
                       false, kPrograms},
    ViolationKindEntry{
        ViolationKind::unreceived_message, "unreceived_message", "A message is never received",
        "MSCCL-IR: a send has no matching receive by the end of the program.", true, kPrograms},
    ViolationKindEntry{ViolationKind::unsignalled_wait, "unsignalled_wait",
                       "A step waits on a step that never signals",
                       "MSCCL-IR: the awaited step has hasdep=0 and no later step of that thread "
                       "block signals.",
                       true, kPrograms},
};

constexpr bool table_in_enumeration_order() {
    for (std::size_t i = 0; i < kEntries.size(); ++i)
        if (static_cast<std::size_t>(kEntries[i].kind) != i) return false;
    return true;
}
static_assert(table_in_enumeration_order(), "one entry per ViolationKind, in its order");
static_assert(kEntries.size() == static_cast<std::size_t>(ViolationKind::unsignalled_wait) + 1,
              "every ViolationKind has an entry");

}  // namespace

std::span<const ViolationKindEntry> violation_kinds() { return kEntries; }

const ViolationKindEntry& entry(ViolationKind kind) {
    return kEntries[static_cast<std::size_t>(kind)];
}

std::string_view to_string(ViolationKind kind) { return entry(kind).name; }

std::vector<std::string> requirable_check_names() {
    std::vector<std::string> names;
    for (const ViolationKindEntry& kind : kEntries)
        if (kind.named_check) names.emplace_back(kind.name);
    return names;
}

std::vector<std::string> allowable_kind_names() {
    std::vector<std::string> names;
    for (const ViolationKindEntry& kind : kEntries)
        if (kind.allowable) names.emplace_back(kind.name);
    return names;
}

std::ostream& operator<<(std::ostream& out, ViolationKind kind) { return out << to_string(kind); }

std::optional<ViolationKind> violation_kind_named(std::string_view name) {
    const auto found =
        std::find_if(kEntries.begin(), kEntries.end(),
                     [&](const ViolationKindEntry& kind) { return kind.name == name; });
    if (found == kEntries.end()) return std::nullopt;
    return found->kind;
}

}  // namespace trivcheck
