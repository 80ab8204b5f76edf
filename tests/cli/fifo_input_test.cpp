// An input file is opened and read once, so a FIFO (or any stream) is read to
// its end and answered. Before, an MSCCL-IR file the plain scan could not take
// was opened again for pugixml's tree, a file named neither .xml nor .json was
// read to sniff its content and then opened again as JSON, and --format sarif
// opened every file three times: the second open of a FIFO waited forever for
// a writer that never came.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

/// `check ARGUMENTS FIFO` of `text` written into a FIFO by a background
/// writer; `timeout` turns a hang into exit 124.
CommandOutput check_through_fifo(const std::string& text, const std::string& name,
                                 const std::string& arguments = "") {
    const std::string folder = unique_temp_path("trivcheck-fifo");
    std::filesystem::create_directories(folder);
    const std::string source = folder + "/source";
    std::ofstream(source) << text;
    const std::string fifo = folder + "/" + name;
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const CommandOutput run =
        run_shell("cat " + source + " > " + fifo + " & timeout 60 " + TRIVCHECK_BINARY + " check " +
                  arguments + fifo + " 2>&1; code=$?; wait; exit $code");
    std::filesystem::remove_all(folder);
    return run;
}

}  // namespace

TEST_CASE("fifo input: a FIFO named .xml is read once, holding or faulty, without a hang") {
    const CommandOutput holds = check_through_fifo(two_gpu_allreduce_xml, "pair.xml");
    CHECK(holds.exit_code == 0);
    CHECK(holds.out.find("verdict: holds") != std::string::npos);

    // Two gpus with id 0: the plain scan gives up and the tree reads it (a second open, before).
    std::string duplicate = two_gpu_allreduce_xml;
    duplicate.replace(duplicate.find("<gpu id=\"1\""), 11, "<gpu id=\"0\"");
    const CommandOutput faulty = check_through_fifo(duplicate, "duplicate.xml");
    CHECK(faulty.exit_code == 3);
    CHECK(faulty.out.find("gpu[1]@id: 0 is also the id of gpu[0]") != std::string::npos);
}

TEST_CASE("fifo input: a schedule or a program through a FIFO named otherwise, and SARIF") {
    const CommandOutput generated = run_trivcheck("gen --algo ring --form B --topo ring:4");
    REQUIRE(generated.exit_code == 0);
    const CommandOutput schedule = check_through_fifo(generated.out, "schedule");
    CHECK(schedule.exit_code == 0);
    CHECK(schedule.out.find("ring-B-4: allreduce on ring:4") == 0);
    const CommandOutput program = check_through_fifo(two_gpu_allreduce_xml, "program.txt");
    CHECK(program.exit_code == 0);
    CHECK(program.out.find("pair: allreduce (MSCCL-IR, Simple)") == 0);
    const CommandOutput sarif =
        check_through_fifo(generated.out, "schedule.json", "--format sarif ");
    CHECK(sarif.exit_code == 0);
    CHECK(sarif.out.find("\"version\": \"2.1.0\"") != std::string::npos);
}
