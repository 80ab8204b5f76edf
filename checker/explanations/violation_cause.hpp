#pragma once
#include <string>

#include "checker/core/report.hpp"

namespace trivcheck {

/// The classification of an explained violation (check_schedule's report),
/// one word that says what went wrong beyond its kind; a shrink keeps it
/// (docs/counterexamples.md):
/// * missing: the first named contributor's fate, `never_sent`, `stranded`
///   or `overwritten` (missing_cause);
/// * send_unheld: `sent_early` when the unheld block reaches the sender in a
///   later step, `never_held` when it never does;
/// * double_count: `already_held` when one copy was already in the
///   receiver's partial (its own contribution, or an earlier arrival),
///   `arrives_twice` when every copy arrives in the reducing step;
/// * port_overuse: `too_many_sends` or `too_many_receives`;
/// * bound_exceeded: the bound (`steps`, `link_chunks`, `theta`, ...).
/// "unexplained" when the explanation that would decide was not built
/// (limits, scratch buffers), "" for the other kinds (MSCCL-IR programs).
std::string violation_cause(const Violation& violation);

}  // namespace trivcheck
