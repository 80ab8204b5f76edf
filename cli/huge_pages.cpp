#include "cli/huge_pages.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>

namespace trivcheck::cli {

void restart_with_huge_pages(char** argv) {
    const char* existing = std::getenv("GLIBC_TUNABLES");
    const std::string tunables = existing == nullptr ? "" : existing;
    if (tunables.find("glibc.malloc.hugetlb") != std::string::npos) return;
    const std::string wanted = (tunables.empty() ? "" : tunables + ":") + "glibc.malloc.hugetlb=1";
    if (setenv("GLIBC_TUNABLES", wanted.c_str(), 1) != 0) return;
    execv("/proc/self/exe", argv);
    // Still here: the program could not start again; run as we are.
    if (existing == nullptr)
        unsetenv("GLIBC_TUNABLES");
    else
        setenv("GLIBC_TUNABLES", tunables.c_str(), 1);
}

}  // namespace trivcheck::cli
