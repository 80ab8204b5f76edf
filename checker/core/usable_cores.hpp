#pragma once

namespace trivcheck {

/// The cores this process may run on: its CPU affinity (as `taskset` or a
/// container's cpuset sets it) where the system tells it, else the cores
/// the standard library counts; at least 1.
int usable_cores();

}  // namespace trivcheck
