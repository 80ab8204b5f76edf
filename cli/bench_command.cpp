#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "checker/core/exit_code.hpp"
#include "checker/core/parallel_for.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/json_text.hpp"
#include "cli/command.hpp"
#include "cli/jobs_option.hpp"
#include "models/generator.hpp"

namespace trivcheck::cli {

namespace {

/// One benchmark: the command a user runs (whole process, output included), or,
/// labelled "inner", the library call behind it; and the budget the issues set.
struct BenchCase {
    std::string name;
    std::string suite;  // "default", "scale", "long", "msccl" or "torus"
    double budget_seconds;
    double budget_gib;  // 0: no memory budget
    /// trivcheck's arguments, run as a child of /proc/self/exe; empty for an inner case.
    std::vector<std::string> arguments;
    int expected_exit = exit_holds;
    /// An inner case: true when every schedule checked gave its expected verdict.
    std::function<bool(int jobs)> run = {};
    /// trivcheck's arguments of an untimed command run first (it writes the
    /// file the case reads); empty for none. In both, "{dir}" stands for a
    /// folder the bench makes and removes.
    std::vector<std::string> setup = {};
};

bool check_holds(const std::string& algo, Form form, int n) {
    GeneratorRequest request{algo, form, Topology::ring(n)};
    return check_generated(request).verdict == Verdict::holds;
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

const std::vector<std::string> every_algorithm = {
    "sweep", "--algo", "trivance,swing,recursive_doubling,bruck,ring", "--form", "both", "--n"};

std::vector<std::string> sweep_every_algorithm(const std::string& sizes) {
    std::vector<std::string> arguments = every_algorithm;
    arguments.push_back(sizes);
    return arguments;
}

/// Checking the MSCCL-IR export of `algo`'s B form on a ring of `n` (made
/// first, untimed, by `gen --format msccl`).
BenchCase msccl_export_case(const std::string& algo, int n, double budget_seconds) {
    const std::string file = "{dir}/" + algo + "-B-" + std::to_string(n) + ".xml";
    const std::string topology = "ring:" + std::to_string(n);
    return {"check " + algo + "-B-" + std::to_string(n) + ".xml (MSCCL-IR export)",
            "msccl",
            budget_seconds,
            0.0,
            {"check", file},
            exit_holds,
            {},
            {"gen", "--algo", algo, "--form", "B", "--topo", topology, "--format", "msccl", "-o",
             file}};
}

BenchCase torus_b_case(const std::string& algo) {
    return {"check --algo " + algo + " --form B --topo torus:256x256",
            "torus",
            60.0,
            0.0,
            {"check", "--algo", algo, "--form", "B", "--topo", "torus:256x256"}};
}

std::vector<BenchCase> bench_cases() {
    return {
        {"check --algo trivance --form B --topo ring:4096",
         "default",
         1.0,
         2.0,
         {"check", "--algo", "trivance", "--form", "B", "--topo", "ring:4096"}},
        {"  inner: check_generated, no printing",
         "default",
         1.0,
         2.0,
         {},
         exit_holds,
         [](int) { return check_holds("trivance", Form::B, 4096); }},
        {"sweep --algo trivance --form B --n 2..1024",
         "default",
         30.0,
         0.0,
         {"sweep", "--algo", "trivance", "--form", "B", "--n", "2..1024"}},
        {"sweep every algorithm, both forms, --n 2..1024", "default", 15.0, 0.0,
         sweep_every_algorithm("2..1024"), exit_violated},
        {"  inner: check_generated of each, no printing",
         "default",
         15.0,
         0.0,
         {},
         exit_holds,
         [](int jobs) { return every_algorithm_completes(2, 1024, jobs); }},
        {"check --algo trivance --form L --topo ring:1000000",
         "scale",
         2.0,
         0.0,
         {"check", "--algo", "trivance", "--form", "L", "--topo", "ring:1000000"},
         exit_violated},
        {"  inner: check_generated, no printing",
         "scale",
         2.0,
         0.0,
         {},
         exit_holds,
         [](int) { return !check_holds("trivance", Form::L, 1000000); }},
        {"check --algo trivance --form B --topo ring:65536",
         "scale",
         2.0,
         8.0,
         {"check", "--algo", "trivance", "--form", "B", "--topo", "ring:65536"}},
        {"sweep every algorithm, both forms, --n 2..4096", "long", 600.0, 0.0,
         sweep_every_algorithm("2..4096"), exit_violated},
        msccl_export_case("ring", 256, 0.5),
        msccl_export_case("recursive_doubling", 512, 0.4),
        msccl_export_case("trivance", 1024, 2.0),
        {"check --algo trivance --form B --topo torus:16x16x16",
         "torus",
         10.0,
         0.0,
         {"check", "--algo", "trivance", "--form", "B", "--topo", "torus:16x16x16"}},
        torus_b_case("trivance"),
        torus_b_case("swing"),
        torus_b_case("recursive_doubling"),
        torus_b_case("bruck"),
        torus_b_case("ring"),
        {"sweep --algo all --form both --topo torus:2..16x2..16",
         "torus",
         600.0,
         0.0,
         {"sweep", "--algo", "all", "--form", "both", "--topo", "torus:2..16x2..16"},
         exit_violated},
    };
}

struct Measurement {
    double seconds = 0;
    /// User and system CPU seconds of the child: what the load of a shared machine inflates least.
    double cpu_seconds = 0;
    double peak_gib = 0;
    bool expected = false;
    bool crashed = false;
};

double peak_gib(const rusage& usage) {
    return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);
}

double cpu_seconds(const rusage& usage) {
    auto seconds = [](const timeval& time) {
        return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

/// Runs `trivcheck ARGUMENTS` as a child process, its output to /dev/null:
/// wall time from fork to exit, peak memory from wait4.
Measurement measure_command(const std::vector<std::string>& arguments, int expected_exit) {
    std::vector<char*> argv;
    std::string program = "trivcheck";
    argv.push_back(program.data());
    std::vector<std::string> owned = arguments;
    for (std::string& argument : owned) argv.push_back(argument.data());
    argv.push_back(nullptr);
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        const int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, STDOUT_FILENO) < 0 || dup2(null, STDERR_FILENO) < 0) _exit(127);
        execv("/proc/self/exe", argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (child < 0 || wait4(child, &status, 0, &usage) != child)
        throw std::runtime_error("could not run the benchmark's command");
    Measurement measurement;
    measurement.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    measurement.peak_gib = peak_gib(usage);
    measurement.cpu_seconds = cpu_seconds(usage);
    measurement.crashed = !WIFEXITED(status) || WEXITSTATUS(status) == 127;
    measurement.expected = WIFEXITED(status) && WEXITSTATUS(status) == expected_exit;
    return measurement;
}

/// Runs an inner case in a child process so its peak memory is its own.
Measurement measure_inner(const BenchCase& bench, int jobs) {
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
    measurement.peak_gib = peak_gib(usage);
    measurement.cpu_seconds = cpu_seconds(usage);
    int expected = 0;
    measurement.crashed = length <= 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0 ||
                          std::sscanf(line, "%lf %d", &measurement.seconds, &expected) != 2;
    measurement.expected = expected == 1;
    return measurement;
}

Measurement measure(const BenchCase& bench, int jobs) {
    if (!bench.run) {
        std::vector<std::string> arguments = bench.arguments;
        if (jobs > 0 && arguments.front() == "sweep") {
            arguments.push_back("--jobs");
            arguments.push_back(std::to_string(jobs));
        }
        return measure_command(arguments, bench.expected_exit);
    }
    return measure_inner(bench, jobs);
}

struct BenchOptions {
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

/// A folder of its own under the system's temporary folder, removed with it.
class ScratchFolder {
  public:
    ScratchFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "trivcheck-bench-XXXXXX");
        if (mkdtemp(pattern.data()) == nullptr)
            throw std::runtime_error("could not make a folder under " +
                                     std::filesystem::temp_directory_path().string());
        path_ = pattern;
    }
    ~ScratchFolder() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const std::string& path() const { return path_; }

  private:
    std::string path_;
};

/// One row of the table, printf-formatted, on std::cout (whose writes are
/// checked, cli/standard_output.hpp) at once: rows show as they are measured.
__attribute__((format(printf, 1, 2))) void print_row(const char* format, ...) {
    std::va_list arguments;
    va_start(arguments, format);
    std::va_list again;
    va_copy(again, arguments);
    std::string row(static_cast<std::size_t>(std::vsnprintf(nullptr, 0, format, arguments)), ' ');
    va_end(arguments);
    std::vsnprintf(row.data(), row.size() + 1, format, again);
    va_end(again);
    std::cout << row << std::flush;
}

int run_bench(const BenchOptions& options) {
    const int jobs = usable_jobs(options.jobs);
    bool all_within = true;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    std::vector<BenchCase> cases;
    for (const BenchCase& bench : bench_cases())
        if (wanted(options, bench.suite)) cases.push_back(bench);
    // Only cases that write their input first (the msccl suite) need a folder.
    std::optional<ScratchFolder> folder;
    if (std::any_of(cases.begin(), cases.end(),
                    [](const BenchCase& bench) { return !bench.setup.empty(); }))
        folder.emplace();
    const std::string dir = folder ? folder->path() : std::string();
    // Rows print as they are measured, so the name column is sized up front.
    int name_width = static_cast<int>(std::string("benchmark").size());
    for (const BenchCase& bench : cases)
        name_width = std::max(name_width, static_cast<int>(bench.name.size()));
    if (!options.json)
        print_row("%-*s  %9s %9s %9s %9s %9s  %s\n", name_width, "benchmark", "seconds", "cpu s",
                  "budget", "peak GiB", "budget", "result");
    for (BenchCase bench : cases) {
        bench.arguments = in_folder(bench.arguments, dir);
        const bool set_up = bench.setup.empty() ||
                            measure_command(in_folder(bench.setup, dir), exit_holds).expected;
        const Measurement m = set_up ? measure(bench, jobs) : Measurement{};
        const bool within = set_up && !m.crashed && m.expected &&
                            m.seconds <= bench.budget_seconds &&
                            (bench.budget_gib == 0 || m.peak_gib <= bench.budget_gib);
        all_within = all_within && within;
        const char* result = !set_up       ? "SETUP FAILED"
                             : m.crashed   ? "CRASHED"
                             : !m.expected ? "WRONG VERDICT"
                             : within      ? "within budget"
                                           : "OVER BUDGET";
        if (options.json) {
            std::string command = bench.run ? "" : "trivcheck";
            for (const std::string& argument : bench.arguments) command += " " + argument;
            rows.push_back({{"benchmark", bench.name},
                            {"command", command},
                            {"seconds", m.seconds},
                            {"cpu_seconds", m.cpu_seconds},
                            {"budget_seconds", bench.budget_seconds},
                            {"peak_gib", m.peak_gib},
                            {"budget_gib", bench.budget_gib},
                            {"result", result}});
        } else {
            print_row(
                "%-*s  %9.3f %9.3f %9.1f %9.3f %9s  %s\n", name_width, bench.name.c_str(),
                m.seconds, m.cpu_seconds, bench.budget_seconds, m.peak_gib,
                bench.budget_gib > 0 ? std::to_string(bench.budget_gib).substr(0, 4).c_str() : "-",
                result);
        }
    }
    if (options.json) std::cout << json_text(rows, 2) << "\n";
    return all_within ? exit_holds : exit_violated;
}

}  // namespace

void register_bench_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<BenchOptions>();
    CLI::App* command =
        app.add_subcommand("bench",
                           "Time the commands users run (trivcheck itself as a child process, "
                           "output included) against the budgets the\n"
                           "project promises, with their wall time and peak memory; rows marked "
                           "inner time the library call behind the\n"
                           "command above them, in a process of its own. Exit 0 when every case "
                           "is within budget with the expected verdict.");
    command
        ->add_option(
            "--suites", options->suites,
            "Suites to run, comma-separated: default (rings, seconds), scale (n = 65,536 "
            "and 1,000,000), long (every algorithm, n = 2..4096, minutes), msccl (MSCCL-IR "
            "exports of ring B 256, recursive doubling B 512 and Trivance B 1,024, each "
            "written first by gen, untimed), torus (Trivance B on 16x16x16, every B form "
            "on 256x256, every 2D shape up to 16x16)")
        ->delimiter(',')
        ->check(CLI::IsMember({"default", "scale", "long", "msccl", "torus"}));
    command->add_flag(
        "--scale", options->scale,
        "Also run the large cases (n = 65,536 and 1,000,000): as --suites default,scale");
    command->add_flag("--long", options->long_cases,
                      "Also run the every-algorithm sweep of n = 2..4096 (budget 10 minutes)");
    command->add_option("--jobs", options->jobs, "Threads for multi-n cases (default: all cores)");
    command->add_flag("--json", options->json, "Print the measurements as JSON");
    command->callback([options, &result] { result.exit_code = run_bench(*options); });
}

}  // namespace trivcheck::cli
