#pragma once
#include <string>

#include "checker/core/report.hpp"

namespace trivcheck {

/// The report's named checks, one a line, and its reduction depth: the
/// "checks:" part of a text report, empty when it has neither.
std::string named_checks_text(const Report& report);

}  // namespace trivcheck
