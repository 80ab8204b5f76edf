#pragma once
#include <functional>

namespace trivcheck::cli {

/// Runs a command's body and turns what it throws into a message on stderr
/// and the exit code docs/model.md gives it: a bad --n or option, an unknown
/// algorithm or a form that does not exist for n (2, usage); a bad input file
/// or an unwritable output (3); a check too large for memory or a thread the
/// system would not make (4, unknown, never success); anything else it throws
/// (4, "unknown (internal error)", never std::terminate). Messages are printed
/// with control bytes escaped. The body's own return value passes through.
int run_reporting_errors(const std::function<int()>& body);

}  // namespace trivcheck::cli
