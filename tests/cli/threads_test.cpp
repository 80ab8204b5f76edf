// --jobs asks for threads; the process gets no more than it may use
// (checker/core/usable_cores.hpp), and a thread the system will not make is
// done without. Before, `--jobs 100000` tried to make them all and a failed
// std::thread ended in "terminate called without an active exception".
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "checker/core/usable_cores.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck::testing;

namespace {

const std::string sweep_json = "sweep --algo ring,trivance --form B --n 2..40 --json";

// AddressSanitizer and ThreadSanitizer reserve terabytes of address space for
// their shadow memory, so a binary built with either cannot start under
// `ulimit -v`: the sanitizer builds skip the tests that limit the address space.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool address_space_limits_work = false;
#else
constexpr bool address_space_limits_work = true;
#endif

}  // namespace

TEST_CASE("threads: --jobs above the usable cores is capped there, with a note") {
    const int cores = trivcheck::usable_cores();
    const CommandOutput capped = run_trivcheck_stderr(sweep_json + " --jobs 100000");
    CHECK(capped.exit_code == 0);
    CHECK(capped.out.find("note: --jobs 100000: capped at the " + std::to_string(cores) +
                          (cores == 1 ? " core" : " cores") + " this process may use\n") == 0);
    const CommandOutput within = run_trivcheck_stderr(sweep_json + " --jobs 1");
    CHECK(within.out.find("capped") == std::string::npos);
    CHECK(run_trivcheck(sweep_json + " --jobs 100000").out ==
          run_trivcheck(sweep_json + " --jobs 1").out);
}

TEST_CASE("threads: a negative --jobs is a usage error in every command that takes it") {
    for (const std::string& command :
         {sweep_json, std::string("model --topo ring:8 --algo ring-B --m 1KiB"),
          std::string("synth --n 4")}) {
        CAPTURE(command);
        const CommandOutput run = run_trivcheck_stderr(command + " --jobs -1");
        CHECK(run.exit_code == 2);
        CHECK(run.out == "error: --jobs: expected 0 (all cores) or more\n");
    }
}

TEST_CASE("threads: when no thread can be made, the work runs on the threads there are" *
          doctest::skip(!address_space_limits_work)) {
    // A 2 GB default thread stack under a 1 GB address space: every std::thread fails
    // (EAGAIN), while the main thread, whose stack grows as used, runs.
    const std::string limits = "ulimit -v 1000000; ulimit -s 2000000; exec ";
    const CommandOutput limited =
        run_shell(limits + TRIVCHECK_BINARY + " " + sweep_json + " --jobs 2 2>/dev/null");
    CHECK(limited.exit_code == 0);
    CHECK(limited.out == run_trivcheck(sweep_json + " --jobs 1").out);
}

TEST_CASE("threads: an MSCCL-IR check with no second thread reads and runs on one" *
          doctest::skip(!address_space_limits_work)) {
    // 50 MB and 410,240 steps: the plain reader splits the text (8 MiB or more) and
    // the run has an order and a value side (4096 steps or more), each on a thread
    // of its own when one can be made. Before: "error: Resource temporarily
    // unavailable", exit 3.
    const std::string file = unique_temp_path("trivcheck-threads") + ".xml";
    REQUIRE(run_trivcheck("gen --algo ring --form B --topo ring:320 --format msccl -o " + file)
                .exit_code == 0);
    const CommandOutput whole = run_trivcheck("check " + file);
    CHECK(whole.exit_code == 0);
    const std::string limits = "ulimit -v 3000000; ulimit -s 4000000; exec ";
    const CommandOutput limited =
        run_shell(limits + TRIVCHECK_BINARY + " check " + file + " 2>/dev/null");
    CHECK(limited.exit_code == 0);
    CHECK(limited.out == whole.out);
    std::filesystem::remove(file);
}
