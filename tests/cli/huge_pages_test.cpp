// cli/huge_pages.hpp: the restart that turns on glibc's huge pages keeps the
// command line, and a process that already has the tunable is not restarted.
#include "cli/huge_pages.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "tests/test_support.hpp"

using namespace trivcheck;

TEST_CASE("huge pages: a process whose GLIBC_TUNABLES names the tunable is not restarted") {
    const char* before = std::getenv("GLIBC_TUNABLES");
    const std::string saved = before == nullptr ? "" : before;
    setenv("GLIBC_TUNABLES", "glibc.malloc.hugetlb=0", 1);
    char program[] = "trivcheck_tests";
    char* argv[] = {program, nullptr};
    cli::restart_with_huge_pages(argv);  // a restart would replace this test process
    CHECK(std::string(std::getenv("GLIBC_TUNABLES")) == "glibc.malloc.hugetlb=0");
    if (before == nullptr)
        unsetenv("GLIBC_TUNABLES");
    else
        setenv("GLIBC_TUNABLES", saved.c_str(), 1);
}

TEST_CASE("huge pages: the restarted process gets the same arguments and says the same") {
    const std::string arguments = "check --algo trivance --form L --topo ring:28 --json";
    const auto restarted = testing::run_shell("env -u GLIBC_TUNABLES " +
                                              std::string(TRIVCHECK_BINARY) + " " + arguments);
    const auto as_is = testing::run_shell("env GLIBC_TUNABLES=glibc.malloc.hugetlb=0 " +
                                          std::string(TRIVCHECK_BINARY) + " " + arguments);
    CHECK(restarted.exit_code == 1);  // the published L form at n = 28 counts twice
    CHECK(restarted.out == as_is.out);
    CHECK(restarted.out.find("\"double_count\"") != std::string::npos);
}
