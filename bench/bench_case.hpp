#pragma once
#include <optional>
#include <string>
#include <vector>

namespace trivcheck::bench {

/// The library call an inner case times, in a process of its own.
struct InnerCall {
    /// "check_generated": one generated ring schedule, expected to give `verdict`;
    /// "every_algorithm": every algorithm and form for every n in first..last.
    std::string call;
    std::string algo;
    std::string form;
    int n = 0;
    std::string verdict;
    int first = 0;
    int last = 0;
};

/// One benchmark of bench/budgets.json: a command a user runs (trivcheck as a
/// child process, output included) or, with `inner`, the library call behind it.
struct BenchCase {
    std::string name;
    std::string suite;
    double budget_seconds = 0;
    double budget_gib = 0;  // 0: no memory budget
    /// trivcheck's arguments; "{dir}" stands for a folder the bench makes and removes.
    std::vector<std::string> command;
    int expected_exit = 0;
    std::optional<InnerCall> inner;
    /// trivcheck's arguments of an untimed command run first (it writes the file
    /// the case reads); empty for none.
    std::vector<std::string> setup;
};

/// The cases of a budgets file (format trivcheck.bench/1), in file order.
/// Throws std::runtime_error naming the file and the case on a malformed one.
std::vector<BenchCase> read_bench_cases(const std::string& path);

/// The suites named by `cases`, each once, in file order.
std::vector<std::string> suites_of(const std::vector<BenchCase>& cases);

}  // namespace trivcheck::bench
