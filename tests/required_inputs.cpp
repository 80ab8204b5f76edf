#include "tests/required_inputs.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace trivcheck::testing {

bool running_in_ci() {
    const char* value = std::getenv("CI");
    return value != nullptr && std::string(value) == "true";
}

bool program_on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    if (path == nullptr) return false;
    std::stringstream directories(path);
    std::string directory;
    while (std::getline(directories, directory, ':')) {
        const std::string candidate = (directory.empty() ? "." : directory) + "/" + program;
        if (::access(candidate.c_str(), X_OK) == 0) return true;
    }
    return false;
}

doctest::skip skip_unless_exists(const std::string& path) {
    return doctest::skip(!running_in_ci() && !std::filesystem::exists(path));
}

doctest::skip skip_unless_on_path(const std::string& program) {
    return doctest::skip(!running_in_ci() && !program_on_path(program));
}

}  // namespace trivcheck::testing
