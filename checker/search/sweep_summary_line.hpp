#pragma once
#include <string>
#include <vector>

#include "checker/search/sweep_table.hpp"

namespace trivcheck {

/// The last line of `sweep --json`: `{"summary":{"schedules":N,"holds":…,
/// "violated":…,"not_applicable":…,"unknown":…,"complete":true}}`, counting
/// every (algorithm, form, size) of `rows`. A stream that does not end in it
/// was cut (docs/sweep.md); unknown sizes, which have no line of their own,
/// are counted here.
std::string sweep_summary_line(const std::vector<SweepRow>& rows);

}  // namespace trivcheck
