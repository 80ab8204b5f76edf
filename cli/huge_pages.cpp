#include "cli/huge_pages.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace trivcheck::cli {

namespace {

/// Whether the kernel gives huge pages only to memory that asks for them
/// ("[madvise]"): with "always" every process has them already, with "never"
/// asking is in vain.
bool huge_pages_on_request() {
    std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
    std::string modes;
    std::getline(setting, modes);
    return modes.find("[madvise]") != std::string::npos;
}

/// Sanitizer builds replace malloc, so glibc's tunable would change nothing.
constexpr bool malloc_is_glibc() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return false;
#else
    return true;
#endif
}

}  // namespace

void restart_with_huge_pages(char** argv) {
    if (!malloc_is_glibc()) return;
    const char* existing = std::getenv("GLIBC_TUNABLES");
    const std::string tunables = existing == nullptr ? "" : existing;
    if (tunables.find("glibc.malloc.hugetlb") != std::string::npos) return;
    if (!huge_pages_on_request()) return;
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
