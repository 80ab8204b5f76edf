#pragma once
#include <functional>
#include <string>

namespace trivcheck::cli {

/// Runs a command's body and turns what it throws into a message on stderr
/// and the exit code docs/model.md gives it: a bad --n or option, an unknown
/// algorithm or a form that does not exist for n (2, usage); a bad input file
/// or an unwritable output (3); a check too large for memory or a thread the
/// system would not make (4, unknown, never success); anything else it throws
/// (4, "unknown (internal error)", never std::terminate). Messages are printed
/// with control bytes escaped. The body's own return value passes through.
/// `on_unknown`, when given, is called first for every exit 4 with its cause
/// ("resource limit", "internal error") and the reason, so a command that
/// promised JSON can still print a report whose verdict is unknown.
/// What run_reporting_errors makes of the exception being handled: its exit
/// code, and for exit 4 the cause ("resource limit", "internal error"), else
/// the prefix of its message on stderr ("error: "); the message unescaped.
/// Call only inside a catch block.
struct CaughtError {
    int exit_code = 0;
    std::string label;
    std::string message;
};
CaughtError describe_current_exception();

using UnknownHandler = std::function<void(const std::string& cause, const std::string& reason)>;
int run_reporting_errors(const std::function<int()>& body, const UnknownHandler& on_unknown = {});

}  // namespace trivcheck::cli
