#pragma once
#include <vector>

namespace trivcheck {

/// The classes of ring size the verdict table distinguishes: Trivance is exact
/// for powers of 3, recursive doubling and Swing for powers of 2.
enum class SizeClass { power_of_3, power_of_2, other };

/// The class of n (n >= 2; the classes do not overlap there).
SizeClass classify_size(int n);

/// The class of a torus: a power of 3 (of 2) when every extent is one, else other.
SizeClass classify_shape(const std::vector<int>& dims);

/// "power of 3", "power of 2", "other".
const char* to_string(SizeClass size_class);

}  // namespace trivcheck
