#pragma once
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/test_support.hpp"

namespace trivcheck::testing {

/// Compares `actual` with tests/golden/<name>; with TRIVCHECK_UPDATE_GOLDEN=1
/// in the environment it rewrites the file instead (then review the diff).
inline void check_golden(const std::string& name, const std::string& actual) {
    const std::string path = source_path("tests/golden/" + name);
    if (const char* update = std::getenv("TRIVCHECK_UPDATE_GOLDEN"); update && *update == '1') {
        std::ofstream(path) << actual;
        return;
    }
    std::ifstream file(path);
    REQUIRE_MESSAGE(file, "missing golden file " << path);
    std::stringstream expected;
    expected << file.rdbuf();
    CHECK(actual == expected.str());
}

}  // namespace trivcheck::testing
