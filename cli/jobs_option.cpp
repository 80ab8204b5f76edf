#include "cli/jobs_option.hpp"

#include <iostream>
#include <stdexcept>

#include "checker/core/usable_cores.hpp"

namespace trivcheck::cli {

int usable_jobs(int requested) {
    if (requested < 0) throw std::invalid_argument("--jobs: expected 0 (all cores) or more");
    const int cores = usable_cores();
    if (requested == 0) return cores;
    if (requested <= cores) return requested;
    std::cerr << "note: --jobs " << requested << ": capped at the " << cores
              << (cores == 1 ? " core" : " cores") << " this process may use\n";
    return cores;
}

}  // namespace trivcheck::cli
