#pragma once
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace trivcheck::testing {

/// The report lines of a `sweep --json` stream, without its closing
/// `{"summary": ...}` line; throws when the stream does not end in one (cut).
inline std::vector<std::string> sweep_report_lines(const std::string& stream) {
    std::vector<std::string> lines;
    std::istringstream text(stream);
    for (std::string line; std::getline(text, line);) lines.push_back(line);
    if (lines.empty() || !lines.back().starts_with("{\"summary\":"))
        throw std::runtime_error("a sweep --json stream without its closing summary line");
    lines.pop_back();
    return lines;
}

}  // namespace trivcheck::testing
