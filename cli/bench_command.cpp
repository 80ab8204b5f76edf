#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checker/explanations/check.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/core/parallel_for.hpp"
#include "cli/command.hpp"
#include "models/generator.hpp"

namespace trivcheck::cli {

namespace {

/// One benchmark: what it runs, and the budget the issues set for it.
struct BenchCase {
    std::string name;
    std::string suite;  // "default" or "scale"
    double budget_seconds;
    double budget_gib;  // 0: no memory budget
    std::function<bool(int jobs)>
        run;  // true when every schedule checked gave its expected verdict
};

bool check_holds(const std::string& algo, Form form, int n) {
    GeneratorRequest request{algo, form, Topology::ring(n)};
    return check_generated(request).verdict == Verdict::holds;
}

bool every_n_holds(const std::string& algo, Form form, int first, int last, int jobs) {
    std::atomic<bool> all{true};
    parallel_for(last - first + 1, jobs, [&](int i) {
        if (!check_holds(algo, form, first + i)) all = false;
    });
    return all;
}

/// Checks every algorithm in both forms (where the form exists for n) for every
/// n in the range; published schedules may be violated: only completing counts.
bool every_algorithm_completes(int first, int last, int jobs) {
    std::vector<GeneratorRequest> requests;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        for (Form form : info.forms)
            for (int n = first; n <= last; ++n)
                requests.push_back({info.name, form, Topology::ring(n)});
    parallel_for(static_cast<int>(requests.size()), jobs, [&](int i) {
        try {
            check_generated(requests[static_cast<std::size_t>(i)]);
        } catch (const NotApplicable&) {
            // The form does not exist for this n: nothing to check.
        }
    });
    return true;
}

std::vector<BenchCase> bench_cases() {
    return {
        {"trivance B n=4096", "default", 1.0, 2.0,
         [](int) { return check_holds("trivance", Form::B, 4096); }},
        {"trivance B every n in 2..1024", "default", 30.0, 0.0,
         [](int jobs) { return every_n_holds("trivance", Form::B, 2, 1024, jobs); }},
        {"every algorithm, both forms, every n in 2..1024", "default", 60.0, 0.0,
         [](int jobs) { return every_algorithm_completes(2, 1024, jobs); }},
        {"trivance L n=1000000 (violated: published last step)", "scale", 10.0, 0.0,
         [](int) { return !check_holds("trivance", Form::L, 1000000); }},
        {"trivance B n=65536", "scale", 60.0, 8.0,
         [](int) { return check_holds("trivance", Form::B, 65536); }},
    };
}

struct Measurement {
    double seconds = 0;
    double peak_gib = 0;
    bool expected = false;
    bool crashed = false;
};

/// Runs the case in a child process so its peak memory is its own.
Measurement measure(const BenchCase& bench, int jobs) {
    int channel[2];
    if (pipe(channel) != 0) throw std::runtime_error("pipe failed");
    const pid_t child = fork();
    if (child == 0) {
        close(channel[0]);
        const auto start = std::chrono::steady_clock::now();
        const bool expected = bench.run(jobs);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char line[64];
        const int length = std::snprintf(line, sizeof line, "%.6f %d", seconds, expected ? 1 : 0);
        if (write(channel[1], line, static_cast<std::size_t>(length)) != length) _exit(2);
        _exit(0);
    }
    close(channel[1]);
    char line[64] = {};
    const ssize_t length = read(channel[0], line, sizeof line - 1);
    close(channel[0]);
    int status = 0;
    rusage usage{};
    wait4(child, &status, 0, &usage);
    Measurement measurement;
    measurement.peak_gib = static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);
    int expected = 0;
    measurement.crashed = length <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
                          std::sscanf(line, "%lf %d", &measurement.seconds, &expected) != 2;
    measurement.expected = expected == 1;
    return measurement;
}

struct BenchOptions {
    bool scale = false;
    bool json = false;
    int jobs = 0;
};

int run_bench(const BenchOptions& options) {
    bool all_within = true;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    if (!options.json)
        std::printf("%-55s %9s %9s %9s %9s  %s\n", "benchmark", "seconds", "budget", "peak GiB",
                    "budget", "result");
    for (const BenchCase& bench : bench_cases()) {
        if (bench.suite == "scale" && !options.scale) continue;
        const Measurement m = measure(bench, options.jobs);
        const bool within = !m.crashed && m.expected && m.seconds <= bench.budget_seconds &&
                            (bench.budget_gib == 0 || m.peak_gib <= bench.budget_gib);
        all_within = all_within && within;
        const char* result = m.crashed     ? "CRASHED"
                             : !m.expected ? "WRONG VERDICT"
                             : within      ? "within budget"
                                           : "OVER BUDGET";
        if (options.json) {
            rows.push_back({{"benchmark", bench.name},
                            {"seconds", m.seconds},
                            {"budget_seconds", bench.budget_seconds},
                            {"peak_gib", m.peak_gib},
                            {"budget_gib", bench.budget_gib},
                            {"result", result}});
        } else {
            std::printf(
                "%-55s %9.3f %9.1f %9.3f %9s  %s\n", bench.name.c_str(), m.seconds,
                bench.budget_seconds, m.peak_gib,
                bench.budget_gib > 0 ? std::to_string(bench.budget_gib).substr(0, 4).c_str() : "-",
                result);
            std::fflush(stdout);
        }
    }
    if (options.json) std::cout << rows.dump(2) << "\n";
    return all_within ? exit_holds : exit_violated;
}

}  // namespace

void register_bench_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<BenchOptions>();
    CLI::App* command =
        app.add_subcommand("bench",
                           "Time the checker on fixed workloads against the budgets the project "
                           "promises; each case runs in its own\n"
                           "process so its peak memory is its own. Exit 0 when every case is "
                           "within budget with the expected verdict.");
    command->add_flag("--scale", options->scale,
                      "Also run the large cases (n = 65,536 and 1,000,000)");
    command->add_option("--jobs", options->jobs, "Threads for multi-n cases (default: all cores)");
    command->add_flag("--json", options->json, "Print the measurements as JSON");
    command->callback([options, &result] { result.exit_code = run_bench(*options); });
}

}  // namespace trivcheck::cli
