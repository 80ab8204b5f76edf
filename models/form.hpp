#pragma once

namespace trivcheck {

/// Latency-optimal (whole vector every step) or bandwidth-optimal
/// (reduce-scatter then all-gather) form of an algorithm (docs/model.md).
enum class Form { L, B };

}  // namespace trivcheck
