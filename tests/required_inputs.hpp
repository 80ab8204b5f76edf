#pragma once
#include <doctest/doctest.h>

#include <string>

namespace trivcheck::testing {

/// True when the environment says CI=true: there every input the suite reads
/// (cvc5, files kept beside the repository) must be present, and a missing
/// one fails its test.
bool running_in_ci();

/// True when `program` is an executable file in a directory of PATH.
bool program_on_path(const std::string& program);

/// Decorator for a test case that reads `path`: when it is absent the case is
/// skipped (counted as skipped in doctest's summary), except under CI=true,
/// where it runs and must fail on the missing input.
doctest::skip skip_unless_exists(const std::string& path);

/// The same for a test case that runs `program`.
doctest::skip skip_unless_on_path(const std::string& program);

}  // namespace trivcheck::testing
