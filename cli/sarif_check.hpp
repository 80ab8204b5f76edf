#pragma once
#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::cli {

/// `trivcheck check FILE... --format sarif`: checks each schedule file (JSON
/// or MSCCL-IR) with the symbolic engine and prints one SARIF 2.1.0 log for
/// all of them. A file that cannot be read or decided is a result too.
/// Returns 1 if any is violated, else 3 if any could not be read, else 4 if
/// any was undecided, else 0.
int run_sarif_check(const std::vector<std::string>& files, const ExecuteOptions& options,
                    msccl::Runtime runtime);

}  // namespace trivcheck::cli
