// An output that is asked for is written where it was asked, or the command
// says why not (issue 47, "Outputs and options"): a dangling -o link is
// written through as `>` writes through it, a loop of links is refused, and
// an empty path or an option the command cannot honour is a usage error.
// Before: the link was replaced by a regular file (its target never
// written), and `prove --emit-smt2 ''` and `synth --n 2..5 --table tab.inc`
// exited 0 writing nothing.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck::testing;
namespace fs = std::filesystem;

TEST_CASE("asked outputs: a dangling link is written through, a loop of links refused") {
    const std::string folder = fresh_folder("trivcheck-dangling-link");
    fs::create_directories(folder + "/results");
    // latest.json -> results/2024.json, which is not there yet (a relative link, read from the
    // link's folder).
    fs::create_symlink("results/2024.json", folder + "/latest.json");
    const CommandOutput run = run_trivcheck_with_errors(
        "gen --algo ring --form B --topo ring:4 -o " + folder + "/latest.json");
    CHECK(run.exit_code == 0);
    CHECK(run.out.empty());
    CHECK(fs::is_symlink(folder + "/latest.json"));
    CHECK(fs::read_symlink(folder + "/latest.json") == "results/2024.json");
    const std::string written = file_contents(folder + "/results/2024.json");
    CHECK(written.find("\"schema\": \"trivcheck.schedule/1\"") != std::string::npos);
    CHECK(run_trivcheck("check " + folder + "/latest.json").exit_code == 0);
    // Nothing else was left in either folder (no temporary file).
    CHECK(std::distance(fs::directory_iterator(folder), fs::directory_iterator()) == 2);
    CHECK(std::distance(fs::directory_iterator(folder + "/results"), fs::directory_iterator()) ==
          1);

    // A link to a folder that is not there: the write fails, naming the file.
    fs::create_symlink("missing/out.json", folder + "/nowhere.json");
    const CommandOutput nowhere = run_trivcheck_stderr(
        "gen --algo ring --form B --topo ring:4 -o " + folder + "/nowhere.json");
    CHECK(nowhere.exit_code == 3);
    CHECK(nowhere.out == "error: " + folder +
                             "/missing/out.json: cannot open for writing: No such file or "
                             "directory\n");
    CHECK(fs::is_symlink(folder + "/nowhere.json"));

    // a -> b -> a: refused as open(2) refuses it, the links kept.
    fs::create_symlink("b", folder + "/a");
    fs::create_symlink("a", folder + "/b");
    const CommandOutput loop =
        run_trivcheck_stderr("gen --algo ring --form B --topo ring:4 -o " + folder + "/a");
    CHECK(loop.exit_code == 3);
    CHECK(loop.out ==
          "error: " + folder + "/a: cannot open for writing: Too many levels of symbolic links\n");
    CHECK(fs::is_symlink(folder + "/a"));
    CHECK(fs::is_symlink(folder + "/b"));
}

TEST_CASE("asked outputs: an empty path, or a table synth does not write, is a usage error") {
    check_refusals({
        {"prove --only last_step_covers --max-s 1 --emit-smt2 ''", 2,
         "--emit-smt2: expected a path, got an empty one\nRun with --help for more "
         "information.\n"},
        {"model --topo ring:8 --algo ring-B --m 1KiB --svg ''", 2,
         "--svg: expected a path, got an empty one\nRun with --help for more information.\n"},
        {"sweep --algo ring --form B --n 2..3 --sarif ''", 2,
         "--sarif: expected a path, got an empty one\nRun with --help for more information.\n"},
        {"sweep --algo ring --form B --n 2..3 --junit ''", 2,
         "--junit: expected a path, got an empty one\nRun with --help for more information.\n"},
        {"synth --form B --n 2..5 --table ''", 2,
         "--table: expected a path, got an empty one\nRun with --help for more information.\n"},
        {"synth --n 2..5 --table tab.inc", 2,
         "error: --table writes the B form's plans: it needs --form B, without --directions\n"},
        {"synth --form B --directions --n 2..5 --table tab.inc", 2,
         "error: --table writes the B form's plans: it needs --form B, without --directions\n"},
    });
    CHECK_FALSE(fs::exists("tab.inc"));
}
