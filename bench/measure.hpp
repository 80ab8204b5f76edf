#pragma once
#include <functional>
#include <string>
#include <vector>

namespace trivcheck::bench {

/// What one run of a benchmark cost, from the child process that ran it.
struct Measurement {
    double seconds = 0;
    /// User and system CPU seconds of the child: what the load of a shared machine inflates least.
    double cpu_seconds = 0;
    double peak_gib = 0;
    bool expected = false;
    bool crashed = false;
};

/// Runs `program ARGUMENTS` as a child process, its output to /dev/null: wall
/// time from fork to exit, CPU seconds and peak memory from wait4.
Measurement measure_command(const std::string& program, const std::vector<std::string>& arguments,
                            int expected_exit);

/// Runs `work` in a child process so that its peak memory is its own; the
/// measurement is `expected` when `work` returns true.
Measurement measure_in_child(const std::function<bool()>& work);

}  // namespace trivcheck::bench
