#pragma once

namespace trivcheck::cli {

/// Makes Ctrl-C (SIGINT) end the run at once, whatever its threads are doing:
/// the unfinished output files are removed (the files named keep what they
/// held), `trivcheck: interrupted` goes to standard error and the process
/// exits 130 (128 + SIGINT, as a shell reports a process SIGINT ended).
/// Call it before any thread starts. A run whose SIGINT is ignored (a
/// background job of a script, nohup) keeps ignoring it.
void end_on_interrupt();

}  // namespace trivcheck::cli
