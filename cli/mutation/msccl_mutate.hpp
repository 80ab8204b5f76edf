#pragma once
#include <string>

namespace trivcheck::cli {

/// `trivcheck mutate FILE.xml`: every MSCCL-IR mutation operator on the
/// program in `file` (which must hold), at most `sites` mutants each, checked
/// asynchronously; prints the table (or trivcheck.mutation/1 JSON). Exit 0
/// when every mutant was caught, 1 when one survived, 2 when the original
/// does not hold, 3 for an unreadable file.
int run_msccl_mutate(const std::string& file, int sites, bool json);

}  // namespace trivcheck::cli
