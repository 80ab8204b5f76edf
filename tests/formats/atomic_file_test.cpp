// checker/formats/atomic_file.hpp: a file is replaced whole on commit, and an
// existing one is untouched by a writer that did not commit.
#include "checker/formats/atomic_file.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "checker/formats/file_text.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
namespace fs = std::filesystem;

namespace {

std::string contents(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    std::ostringstream text;
    text << file.rdbuf();
    return text.str();
}

std::size_t files_in(const std::string& folder) {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(folder)) ++count;
    return count;
}

}  // namespace

TEST_CASE("atomic file: replaced on commit; untouched, and no temporary left, without") {
    const std::string folder = testing::unique_temp_path("trivcheck-atomic");
    fs::create_directories(folder);
    const std::string path = folder + "/report.json";
    std::ofstream(path) << "old";
    {
        AtomicFile file(path);
        file.write("new, half");
        CHECK(contents(path) == "old");
        CHECK(files_in(folder) == 2);  // the temporary beside it
    }
    CHECK(contents(path) == "old");
    CHECK(files_in(folder) == 1);
    CHECK_THROWS_AS(write_file_text(path,
                                    [](std::string& out, const auto& drain) {
                                        out = "partial";
                                        drain(out);
                                        throw std::runtime_error("the producer failed");
                                    }),
                    std::runtime_error);
    CHECK(contents(path) == "old");
    CHECK(files_in(folder) == 1);
    write_file_text(path, std::string_view("new"));
    CHECK(contents(path) == "new");
    CHECK(files_in(folder) == 1);
    fs::remove_all(folder);
}

TEST_CASE("atomic file: a second writer in the middle of a first leaves one whole file") {
    // Writing in place, the second writer truncated the file under the first,
    // which went on writing at its own offset: its text after a hole of zeros.
    const std::string folder = testing::unique_temp_path("trivcheck-atomic-two");
    fs::create_directories(folder);
    const std::string path = folder + "/same.json";
    const std::string half(100000, 'a');
    write_file_text(path, [&](std::string& out, const auto& drain) {
        out = half;
        drain(out);
        write_file_text(path, std::string_view("the second writer's file"));
        out = half;
    });
    CHECK(contents(path) == half + half);
    CHECK(files_in(folder) == 1);
    fs::remove_all(folder);
}

TEST_CASE("atomic file: a folder that does not exist is named in the error") {
    CHECK_THROWS_WITH(
        AtomicFile("/nonexistent/dir/x.json"),
        "/nonexistent/dir/x.json: cannot open for writing: No such file or directory");
}
