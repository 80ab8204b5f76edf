// Files written by path (-o, --sarif, --junit, --svg) are replaced whole or
// not at all (checker/formats/atomic_file.hpp). Before, -o truncated the old
// file and wrote into it: a full disk or a signal left a fragment, and
// concurrent writers interleaved into invalid JSON.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;
namespace fs = std::filesystem;

namespace {

/// `trivcheck ARGUMENTS` with files limited to 512 bytes (dash counts 512-byte
/// blocks): writes past that fail with EFBIG when SIGXFSZ is ignored, and the
/// process is killed by SIGXFSZ when it is not.
CommandOutput run_with_small_file_limit(const std::string& arguments, bool killed) {
    return run_shell(std::string(killed ? "" : "trap '' XFSZ; ") + "ulimit -f 1; exec " +
                     TRIVCHECK_BINARY + " " + arguments + " >/dev/null 2>&1");
}

}  // namespace

TEST_CASE("output files: an existing file survives a failed write or a killed writer") {
    const std::string folder = fresh_folder("trivcheck-output-files");
    const std::string old_text = "the old file, intact\n";
    const std::vector<std::string> writers = {
        "gen --algo ring --form B --topo ring:64 --expand -o {}",
        "gen --algo ring --form B --topo ring:16 --format msccl -o {}",
        "draw --algo trivance --form L --topo ring:10 --step 2 -o {}",
        "model --topo ring:8 --algo ring-B --m 1KiB..1MiB --points 8 --svg {}",
        "sweep --algo ring,trivance --form both --n 2..9 --jobs 1 --sarif {}",
        "sweep --algo ring,trivance --form both --n 2..9 --jobs 1 --junit {}",
    };
    for (const bool killed : {false, true})
        for (std::string writer : writers) {
            const std::string path = folder + "/out";
            writer.replace(writer.find("{}"), 2, path);
            CAPTURE(writer);
            CAPTURE(killed);
            std::ofstream(path) << old_text;
            const CommandOutput run = run_with_small_file_limit(writer, killed);
            CHECK(run.exit_code != 0);
            if (!killed) CHECK(run.exit_code == 3);
            CHECK(trivcheck::testing::file_contents(path) == old_text);
            if (!killed) {
                // A failed write removes its temporary file; a killed one cannot.
                std::vector<std::string> names;
                for (const auto& entry : fs::directory_iterator(folder))
                    names.push_back(entry.path().filename().string());
                CHECK(names == std::vector<std::string>{"out"});
            }
            for (const auto& entry : fs::directory_iterator(folder))
                if (entry.path().filename() != "out") fs::remove(entry.path());
        }
    fs::remove_all(folder);
}

TEST_CASE("output files: concurrent writers of one path leave one whole file") {
    const std::string folder = fresh_folder("trivcheck-concurrent");
    const std::string path = folder + "/same.json";
    std::string writers;
    for (int writer = 0; writer < 4; ++writer)
        writers += std::string(TRIVCHECK_BINARY) +
                   " gen --algo trivance --form B --topo ring:729 --expand -o " + path + " & ";
    const CommandOutput run = run_shell(writers + "wait");
    CHECK(run.exit_code == 0);
    CHECK(run_trivcheck("check " + path).exit_code == 0);
    fs::remove_all(folder);
}

TEST_CASE("output files: a device or a link is written through, never replaced") {
    CHECK(run_trivcheck("gen --algo ring --form B --topo ring:4 -o /dev/null").exit_code == 0);
    struct stat null_device {};
    REQUIRE(::stat("/dev/null", &null_device) == 0);
    CHECK(S_ISCHR(null_device.st_mode));

    const std::string folder = fresh_folder("trivcheck-link");
    const std::string target = folder + "/target.json";
    const std::string link = folder + "/link.json";
    std::ofstream(target) << "old\n";
    fs::create_symlink(target, link);
    CHECK(run_trivcheck("gen --algo ring --form B --topo ring:4 -o " + link).exit_code == 0);
    CHECK(fs::is_symlink(link));
    CHECK(run_trivcheck("check " + target).exit_code == 0);
    fs::remove_all(folder);
}
