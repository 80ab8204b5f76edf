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
        CHECK(trivcheck::testing::file_contents(path) == "old");
        CHECK(files_in(folder) == 2);  // the temporary beside it
    }
    CHECK(trivcheck::testing::file_contents(path) == "old");
    CHECK(files_in(folder) == 1);
    CHECK_THROWS_AS(write_file_text(path,
                                    [](std::string& out, const auto& drain) {
                                        out = "partial";
                                        drain(out);
                                        throw std::runtime_error("the producer failed");
                                    }),
                    std::runtime_error);
    CHECK(trivcheck::testing::file_contents(path) == "old");
    CHECK(files_in(folder) == 1);
    write_file_text(path, std::string_view("new"));
    CHECK(trivcheck::testing::file_contents(path) == "new");
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
    CHECK(trivcheck::testing::file_contents(path) == half + half);
    CHECK(files_in(folder) == 1);
    fs::remove_all(folder);
}

TEST_CASE("atomic file: a folder that does not exist is named in the error") {
    CHECK_THROWS_WITH(
        AtomicFile("/nonexistent/dir/x.json"),
        "/nonexistent/dir/x.json: cannot open for writing: No such file or directory");
}

TEST_CASE("atomic file: a name of 255 bytes, the most a name may be, is written") {
    // Before: names of 248 to 255 bytes were refused ("File name too long"):
    // the temporary name beside them was 8 bytes longer.
    const std::string folder = testing::unique_temp_path("trivcheck-atomic-long");
    fs::create_directories(folder);
    for (const std::size_t length : {247, 248, 255}) {
        CAPTURE(length);
        const std::string path = folder + "/" + std::string(length, 'n');
        write_file_text(path, std::string_view("written"));
        CHECK(trivcheck::testing::file_contents(path) == "written");
    }
    CHECK(files_in(folder) == 3);
    fs::remove_all(folder);
}
