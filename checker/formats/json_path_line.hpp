#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace trivcheck {

/// The 1-based line on which the value at `path` ("steps[3].transfers[7]",
/// "bounds.theta", "" for the whole document) starts in the JSON `text`, or
/// nullopt when the text has no such value. A light scan: the text need not
/// have been parsed, but must be JSON up to that value.
std::optional<int> json_path_line(std::string_view text, const std::string& path);

}  // namespace trivcheck
