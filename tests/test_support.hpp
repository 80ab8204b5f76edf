#pragma once
#include <string>
#include <utility>
#include <vector>

#include "models/generator.hpp"

namespace trivcheck::testing {

/// Output and exit code of one run of the real trivcheck binary.
struct CommandOutput {
    int exit_code = -1;
    std::string out;
};

/// Runs `command` with the shell, capturing its standard output and exit code.
CommandOutput run_shell(const std::string& command);

/// Runs `trivcheck ARGS` (the built binary), capturing standard output only.
CommandOutput run_trivcheck(const std::string& arguments);

/// The same with standard error appended to `out`, for refusal messages.
CommandOutput run_trivcheck_with_errors(const std::string& arguments);

/// Standard error only (standard output discarded), for exact error messages.
CommandOutput run_trivcheck_stderr(const std::string& arguments);

/// An invocation of trivcheck and what it must do: its exit code and its
/// whole standard error.
struct Refusal {
    std::string arguments;
    int exit_code;
    std::string message;
};

/// Runs each refusal's invocation; checks its exit code and exact standard error.
void check_refusals(const std::vector<Refusal>& refusals);

/// The generated schedule for algo/form on a ring of n ranks.
Schedule ring_schedule(const std::string& algo, Form form, int n);

/// The torus of extents `dims`.
Topology torus(std::vector<int> dims);

/// Every request the catalogue offers on `topology`: each generator, form and
/// per-algorithm choice (Bruck's route, Trivance's last step, layout and tree).
std::vector<GeneratorRequest> every_request(const Topology& topology);

/// Each request of every_request(topology) that has a schedule there (the
/// others throw NotApplicable), with its schedule.
std::vector<std::pair<GeneratorRequest, Schedule>> every_schedule(const Topology& topology);

/// "ALGO FORM TOPOLOGY route=... last_step=... tree=... layout=...", to name a request in a
/// failure.
std::string request_label(const GeneratorRequest& request);

/// The whole content of the file at `path` (empty when it cannot be read).
std::string file_contents(const std::string& path);

/// Path of a file under the repository root.
std::string source_path(const std::string& relative);

/// A path in the temporary directory no other test or run uses (the process id
/// and a counter follow `stem`), so `ctest -j` and parallel runs never collide.
/// What is made there under that name, or that name and an extension, is
/// removed when the tests end.
std::string unique_temp_path(const std::string& stem);

/// An empty folder of unique_temp_path(stem) (whatever was there removed), so
/// that files a command leaves behind in it show.
std::string fresh_folder(const std::string& stem);

/// Writes `text` to a file no other test uses (`stem`, a unique part, then
/// `extension`) and returns its path.
std::string temporary_file(const std::string& stem, const std::string& extension,
                           const std::string& text);

/// A file of the inputs kept beside the repository rather than in it (the
/// MSCCL-IR corpus); tests that read one skip when it is absent.
std::string shared_path(const std::string& relative);

}  // namespace trivcheck::testing
