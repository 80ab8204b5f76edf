#include "bench/measure.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace trivcheck::bench {

namespace {

double peak_gib(const rusage& usage) {
    return static_cast<double>(usage.ru_maxrss) / (1024.0 * 1024.0);
}

double cpu_seconds(const rusage& usage) {
    auto seconds = [](const timeval& time) {
        return static_cast<double>(time.tv_sec) + static_cast<double>(time.tv_usec) / 1e6;
    };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

}  // namespace

Measurement measure_command(const std::string& program, const std::vector<std::string>& arguments,
                            int expected_exit) {
    std::vector<char*> argv;
    std::string name = "trivcheck";
    argv.push_back(name.data());
    std::vector<std::string> owned = arguments;
    for (std::string& argument : owned) argv.push_back(argument.data());
    argv.push_back(nullptr);
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        const int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, STDOUT_FILENO) < 0 || dup2(null, STDERR_FILENO) < 0) _exit(127);
        execv(program.c_str(), argv.data());
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

Measurement measure_in_child(const std::function<bool()>& work) {
    int channel[2];
    if (pipe(channel) != 0) throw std::runtime_error("pipe failed");
    const pid_t child = fork();
    if (child == 0) {
        close(channel[0]);
        const auto start = std::chrono::steady_clock::now();
        const bool expected = work();
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

}  // namespace trivcheck::bench
