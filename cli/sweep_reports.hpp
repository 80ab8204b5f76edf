#pragma once
#include <string>
#include <vector>

#include "checker/search/sweep_table.hpp"

namespace trivcheck::cli {

/// `sweep --sarif F`: a SARIF 2.1.0 log with one result per violated or
/// undecided (algorithm, form, n), located by name ("trivance L n=4").
void write_sweep_sarif(const std::string& path, const std::vector<SweepRow>& rows);

/// `sweep --junit F`: one JUnit testcase per algorithm, form and n; a
/// violation is a <failure> carrying the first violation in one line.
void write_sweep_junit(const std::string& path, const std::vector<SweepRow>& rows);

}  // namespace trivcheck::cli
