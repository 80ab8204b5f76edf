#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "checker/search/smallest_failing_size.hpp"
#include "cli/schedule_source.hpp"

namespace trivcheck::cli {

/// `trivcheck check --algo A --form F --n SIZES`: searches the sizes of SIZES
/// (checker/formats/size_spec.hpp) for the smallest failing n and prints it (text or
/// JSON). Returns the exit code: 1 a size fails, 4 none fails but some could
/// not be checked, 0 all hold. Throws SizeSpecError and CLI::ValidationError.
int run_size_range_check(const ScheduleSource& source, const std::string& sizes, bool json,
                         const ExecuteOptions& options);

/// "smallest failing n (<scope>): n = 5" and that n's first violation with
/// its paths and explanation, or the sizes that hold; `scope` says what was
/// searched ("n in 2..64", "n not a power of 3, 2..31").
std::string failing_size_to_text(const FailingSizeSearch& search, const std::string& scope);

/// {"scope", "checked", "not_applicable", "unknown", "n", "report"}; n and
/// report are null when no size fails.
nlohmann::ordered_json failing_size_to_json(const FailingSizeSearch& search,
                                            const std::string& scope);

}  // namespace trivcheck::cli
