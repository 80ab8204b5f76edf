#pragma once
#include <functional>

namespace trivcheck::cli {

/// Runs `command` with std::cout writing to file descriptor 1 through a
/// buffer that remembers why a write failed (the C library's stream forgets:
/// after an early failed write, errno is whatever came later). Returns the
/// command's exit code when everything it printed arrived; otherwise says
/// "error: standard output: <reason>" on stderr and returns 3: a full disk
/// or a closed file never passes for a complete output.
int run_with_checked_standard_output(const std::function<int()>& command);

}  // namespace trivcheck::cli
