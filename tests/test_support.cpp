#include "tests/test_support.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include "proofs/last_step_planner.hpp"

namespace trivcheck::testing {

std::vector<GeneratorRequest> every_request(const Topology& topology) {
    std::vector<GeneratorRequest> requests;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        for (Form form : info.forms) {
            GeneratorRequest request{info.name, form, topology};
            request.collective = info.collectives.front();
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

void check_refusals(const std::vector<Refusal>& refusals) {
    for (const Refusal& refusal : refusals) {
        CAPTURE(refusal.arguments);
        const CommandOutput result = run_trivcheck_stderr(refusal.arguments);
        CHECK(result.exit_code == refusal.exit_code);
        CHECK(result.out == refusal.message);
    }
}

std::vector<std::pair<GeneratorRequest, Schedule>> every_schedule(const Topology& topology) {
    std::vector<std::pair<GeneratorRequest, Schedule>> schedules;
    for (const GeneratorRequest& request : every_request(topology)) {
        try {
            schedules.emplace_back(request, generate(request));
        } catch (const NotApplicable&) {
        }
    }
    return schedules;
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

namespace {

/// The names unique_temp_path gave, and, when the tests end, every file or
/// folder of the temporary directory so named or so named with an
/// extension: a run of the suite leaves nothing behind, whichever test
/// forgot to clean up (a CI run left about 40 files a time).
class TemporaryNames {
  public:
    void add(std::string name) {
        const std::lock_guard lock(mutex_);
        names_.insert(std::move(name));
    }
    ~TemporaryNames() {
        std::error_code error;
        const std::filesystem::path folder = std::filesystem::temp_directory_path(error);
        if (error) return;
        std::vector<std::filesystem::path> made;
        for (const auto& entry : std::filesystem::directory_iterator(folder, error))
            if (made_here(entry.path().filename().string())) made.push_back(entry.path());
        for (const std::filesystem::path& path : made) std::filesystem::remove_all(path, error);
    }

  private:
    /// `name` is a name given, or one followed by '.' and more.
    bool made_here(const std::string& name) const {
        if (names_.contains(name)) return true;
        for (std::size_t dot = name.find('.'); dot != std::string::npos;
             dot = name.find('.', dot + 1))
            if (names_.contains(name.substr(0, dot))) return true;
        return false;
    }

    std::mutex mutex_;
    std::set<std::string> names_;
};

TemporaryNames& temporary_names() {
    static TemporaryNames names;
    return names;
}

}  // namespace

std::string unique_temp_path(const std::string& stem) {
    static std::atomic<int> counter{0};
    const std::string name =
        stem + "-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
    temporary_names().add(name);
    return (std::filesystem::temp_directory_path() / name).string();
}

std::string fresh_folder(const std::string& stem) {
    const std::string folder = unique_temp_path(stem);
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    return folder;
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
