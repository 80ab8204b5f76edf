// trivcheck-bench: times the commands users run (trivcheck as a child process,
// output included) against the budgets of bench/budgets.json (docs/benchmarks.md).
#include <CLI/CLI.hpp>
#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench_case.hpp"
#include "bench/inner_call.hpp"
#include "bench/measure.hpp"
#include "bench/scratch_folder.hpp"
#include "checker/formats/text_table.hpp"

namespace trivcheck::bench {

namespace {

struct BenchOptions {
    std::string trivcheck = TRIVCHECK_BENCH_BINARY;
    std::string budgets = TRIVCHECK_BENCH_BUDGETS;
    std::vector<std::string> suites = {"default"};
    bool scale = false;
    bool long_cases = false;
    bool json = false;
    int jobs = 0;
};

bool wanted(const BenchOptions& options, const std::string& suite) {
    return std::find(options.suites.begin(), options.suites.end(), suite) != options.suites.end() ||
           (suite == "scale" && options.scale) || (suite == "long" && options.long_cases);
}

/// `arguments` with "{dir}" replaced by `dir`.
std::vector<std::string> in_folder(std::vector<std::string> arguments, const std::string& dir) {
    for (std::string& argument : arguments)
        if (const auto at = argument.find("{dir}"); at != std::string::npos)
            argument.replace(at, 5, dir);
    return arguments;
}

Measurement measure(const BenchOptions& options, const BenchCase& bench) {
    if (bench.inner) {
        const InnerCall call = *bench.inner;
        const int jobs = options.jobs;
        return measure_in_child([call, jobs] { return run_inner(call, jobs); });
    }
    std::vector<std::string> arguments = bench.command;
    if (options.jobs > 0 && arguments.front() == "sweep") {
        arguments.push_back("--jobs");
        arguments.push_back(std::to_string(options.jobs));
    }
    return measure_command(options.trivcheck, arguments, bench.expected_exit);
}

const char* result_of(bool set_up, const Measurement& m, bool within) {
    return !set_up       ? "SETUP FAILED"
           : m.crashed   ? "CRASHED"
           : !m.expected ? "WRONG VERDICT"
           : within      ? "within budget"
                         : "OVER BUDGET";
}

int run_bench(const BenchOptions& options, const std::vector<BenchCase>& all_cases) {
    bool all_within = true;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    std::vector<BenchCase> cases;
    for (const BenchCase& bench : all_cases)
        if (wanted(options, bench.suite)) cases.push_back(bench);
    // Only cases that write their input first (the msccl suite) need a folder.
    std::optional<ScratchFolder> folder;
    if (std::any_of(cases.begin(), cases.end(),
                    [](const BenchCase& bench) { return !bench.setup.empty(); }))
        folder.emplace();
    const std::string dir = folder ? folder->path() : std::string();
    // Rows print as they are measured, so the name column is sized up front.
    std::size_t name_width = display_width("benchmark");
    for (const BenchCase& bench : cases)
        name_width = std::max(name_width, display_width(bench.name));
    if (!options.json)
        std::printf("%s  %9s %9s %9s %9s %9s  %s\n", pad_right("benchmark", name_width).c_str(),
                    "seconds", "cpu s", "budget", "peak GiB", "budget", "result");
    for (BenchCase bench : cases) {
        bench.command = in_folder(bench.command, dir);
        const bool set_up =
            bench.setup.empty() ||
            measure_command(options.trivcheck, in_folder(bench.setup, dir), 0).expected;
        const Measurement m = set_up ? measure(options, bench) : Measurement{};
        const bool within = set_up && !m.crashed && m.expected &&
                            m.seconds <= bench.budget_seconds &&
                            (bench.budget_gib == 0 || m.peak_gib <= bench.budget_gib);
        all_within = all_within && within;
        const char* result = result_of(set_up, m, within);
        if (options.json) {
            std::string command = bench.inner ? "" : "trivcheck";
            for (const std::string& argument : bench.command) command += " " + argument;
            rows.push_back({{"benchmark", bench.name},
                            {"command", command},
                            {"seconds", m.seconds},
                            {"cpu_seconds", m.cpu_seconds},
                            {"budget_seconds", bench.budget_seconds},
                            {"peak_gib", m.peak_gib},
                            {"budget_gib", bench.budget_gib},
                            {"result", result}});
        } else {
            std::printf(
                "%s  %9.3f %9.3f %9.1f %9.3f %9s  %s\n", pad_right(bench.name, name_width).c_str(),
                m.seconds, m.cpu_seconds, bench.budget_seconds, m.peak_gib,
                bench.budget_gib > 0 ? std::to_string(bench.budget_gib).substr(0, 4).c_str() : "-",
                result);
            std::fflush(stdout);
        }
    }
    if (options.json) std::cout << rows.dump(2) << "\n";
    return all_within ? 0 : 1;
}

/// A suite `options` asks for that no case of `cases` belongs to, or "".
std::string unknown_suite(const BenchOptions& options, const std::vector<BenchCase>& cases) {
    const std::vector<std::string> known = suites_of(cases);
    for (const std::string& suite : options.suites)
        if (std::find(known.begin(), known.end(), suite) == known.end()) return suite;
    return "";
}

std::string joined(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) text += (text.empty() ? "" : ",") + word;
    return text;
}

}  // namespace

}  // namespace trivcheck::bench

int main(int argc, char** argv) {
    using namespace trivcheck::bench;
    auto options = std::make_shared<BenchOptions>();
    CLI::App app(
        "Times the commands users run (trivcheck itself as a child process, output included) "
        "against the budgets of a budgets file, with their wall time, CPU time and peak memory; "
        "rows marked inner time the library call behind the command above them, in a process of "
        "its own. Exit 0 when every case is within budget with the expected verdict, 1 when one "
        "is not, 2 on a usage error, 3 when the budgets file cannot be read.",
        "trivcheck-bench");
    app.add_option("--trivcheck", options->trivcheck, "The trivcheck binary to time")
        ->capture_default_str();
    app.add_option("--budgets", options->budgets, "The cases and their budgets (trivcheck.bench/1)")
        ->capture_default_str();
    app.add_option("--suites", options->suites,
                   "Suites to run, comma-separated, as the budgets file names them: default "
                   "(rings, seconds), scale (n = 65,536 and 1,000,000), long (every algorithm, "
                   "n = 2..4096, minutes), msccl (MSCCL-IR exports, each written first by gen, "
                   "untimed), torus (tori up to 256x256 and every 2D shape up to 16x16)")
        ->delimiter(',');
    app.add_flag("--scale", options->scale,
                 "Also run the large cases (n = 65,536 and 1,000,000): as --suites default,scale");
    app.add_flag("--long", options->long_cases,
                 "Also run the every-algorithm sweep of n = 2..4096 (budget 10 minutes)");
    app.add_option("--jobs", options->jobs, "Threads for multi-n cases (default 0: all cores)");
    app.add_flag("--json", options->json, "Print the measurements as JSON");
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        // CLI11 prints the message; a usage error exits 2, as trivcheck's do.
        return app.exit(error) == 0 ? 0 : 2;
    }
    if (options->jobs < 0) {
        std::cerr << "error: --jobs: expected 0 (all cores) or more\n";
        return 2;
    }
    std::vector<BenchCase> cases;
    try {
        cases = read_bench_cases(options->budgets);
    } catch (const std::exception& error) {
        std::cerr << "error: " << error.what() << "\n";
        return 3;
    }
    if (const std::string suite = unknown_suite(*options, cases); !suite.empty()) {
        std::cerr << "--suites: " << suite << " not in {" << joined(suites_of(cases))
                  << "}\nRun with --help for more information.\n";
        return 2;
    }
    return run_bench(*options, cases);
}
