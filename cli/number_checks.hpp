#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>

namespace trivcheck::cli {

// CLI11 checks for the numeric options: a value such as -1, nan, inf or one
// past what the option can mean is a usage error (exit 2) naming the option
// and the value, never taken silently as "none" or "unlimited".

/// A number at least `least` (nan fails: it is not at least anything). What
/// the option's type cannot hold CLI11 refuses when it converts the value.
CLI::Validator at_least(std::int64_t least);

/// A finite number above 0 (a size in bytes, a time).
CLI::Validator finite_positive();

/// A count of MiB that, in bytes, fits in 64 bits.
CLI::Validator mebibytes();

/// A path to write (an output file or folder): an empty one names nothing, so
/// an output asked for would silently not be written.
CLI::Validator a_path();

}  // namespace trivcheck::cli
