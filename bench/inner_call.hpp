#pragma once
#include "bench/bench_case.hpp"

namespace trivcheck::bench {

/// Runs `call` in this process on `jobs` threads (0: every usable core). True
/// when every schedule it checked gave its expected verdict; throws
/// std::runtime_error on an unknown algorithm or form.
bool run_inner(const InnerCall& call, int jobs);

}  // namespace trivcheck::bench
