#include "tests/test_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "proofs/last_step_planner.hpp"

namespace trivcheck::testing {

std::vector<GeneratorRequest> every_request(const Topology& topology) {
    std::vector<GeneratorRequest> requests;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        for (Form form : info.forms) {
            GeneratorRequest request{info.name, form, topology};
            requests.push_back(request);
            if (info.name == "bruck") {
                request.route = "shortest";
                requests.push_back(request);
            }
            if (info.name == "trivance" && form == Form::L) {
                request.last_step = "fold";
                requests.push_back(request);
                request.last_step = "synthesized";
                proofs::supply_planner(request);
                requests.push_back(request);
            }
            if (info.name == "trivance" && form == Form::B) {
                request.layout = "short_last";
                requests.push_back(request);
                request.tree = "balanced";
                requests.push_back(request);
                request.tree = "first_come";
                request.layout = "short_first";
                requests.push_back(request);
            }
        }
    return requests;
}

std::string request_label(const GeneratorRequest& request) {
    return request.algo + " " + to_string(request.form) + " " + request.topology.describe() +
           " route=" + request.route + " last_step=" + request.last_step + " tree=" + request.tree +
           " layout=" + request.layout;
}

std::string file_contents(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

CommandOutput run_shell(const std::string& command) {
    CommandOutput output;
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return output;
    std::array<char, 4096> buffer{};
    std::size_t count = 0;
    while ((count = fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
        output.out.append(buffer.data(), count);
    const int status = pclose(pipe);
    output.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return output;
}

CommandOutput run_trivcheck(const std::string& arguments) {
    return run_shell(std::string(TRIVCHECK_BINARY) + " " + arguments + " 2>/dev/null");
}

CommandOutput run_trivcheck_with_errors(const std::string& arguments) {
    return run_shell(std::string(TRIVCHECK_BINARY) + " " + arguments + " 2>&1");
}

CommandOutput run_trivcheck_stderr(const std::string& arguments) {
    return run_shell(std::string(TRIVCHECK_BINARY) + " " + arguments + " 2>&1 >/dev/null");
}

Topology torus(std::vector<int> dims) { return Topology{TopologyKind::torus, std::move(dims), {}}; }

Schedule ring_schedule(const std::string& algo, Form form, int n) {
    GeneratorRequest request;
    request.algo = algo;
    request.form = form;
    request.topology = Topology::ring(n);
    return generate(request);
}

std::string source_path(const std::string& relative) {
    return std::string(TRIVCHECK_SOURCE_DIR) + "/" + relative;
}

std::string unique_temp_path(const std::string& stem) {
    static std::atomic<int> counter{0};
    return (std::filesystem::temp_directory_path() /
            (stem + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++)))
        .string();
}

std::string temporary_file(const std::string& stem, const std::string& extension,
                           const std::string& text) {
    const std::string path = unique_temp_path(stem) + extension;
    std::ofstream(path) << text;
    return path;
}

std::string shared_path(const std::string& relative) {
    return std::string(TRIVCHECK_SOURCE_DIR) + "/../shared/" + relative;
}

}  // namespace trivcheck::testing
