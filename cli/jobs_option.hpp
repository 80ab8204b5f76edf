#pragma once

namespace trivcheck::cli {

/// The thread count a `--jobs` value asks for: 0 is every core this process
/// may use (checker/core/usable_cores.hpp); more than those are capped there,
/// with a note on stderr (more threads would only take turns on the same
/// cores, and each costs memory and may not be given at all). A negative
/// count throws std::invalid_argument (exit 2, usage).
int usable_jobs(int requested);

}  // namespace trivcheck::cli
