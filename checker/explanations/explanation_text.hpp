#pragma once
#include <string>
#include <vector>

#include "checker/core/report.hpp"

namespace trivcheck {

/// The explanation of `violation` in ranks-and-steps words, one line each,
/// e.g. "contributor 5 never reached rank 3: last held by rank 4 since step
/// 1". Empty when there is nothing beyond the violation's own fields.
std::vector<std::string> describe_explanation(const Violation& violation,
                                              const Explanation& explanation);

}  // namespace trivcheck
