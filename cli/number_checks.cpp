#include "cli/number_checks.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <string>

namespace trivcheck::cli {

namespace {

/// The value as a number, or none when it is not one (CLI11 names that when it converts).
bool parse(const std::string& text, long double& number) {
    char* end = nullptr;
    number = std::strtold(text.c_str(), &end);
    return end != text.c_str() && *end == '\0';
}

/// What CLI11 would take without a word and the validators must refuse: an
/// empty value (converted to 0, which for --memory-limit means "none given")
/// and spaces around a number (strtold skips them). "" when neither.
std::string not_a_plain_number(const std::string& text) {
    if (text.empty() || std::isspace(static_cast<unsigned char>(text.front())) ||
        std::isspace(static_cast<unsigned char>(text.back())))
        return "expected a number, got '" + text + "'";
    return "";
}

}  // namespace

CLI::Validator at_least(std::int64_t least) {
    return CLI::Validator(
        [least](std::string& text) -> std::string {
            if (std::string refused = not_a_plain_number(text); !refused.empty()) return refused;
            long double number = 0;
            if (!parse(text, number)) return "";
            if (!(number >= static_cast<long double>(least)))
                return "expected " + std::to_string(least) + " or more, got " + text;
            return "";
        },
        "NUMBER >= " + std::to_string(least));
}

CLI::Validator finite_positive() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (std::string refused = not_a_plain_number(text); !refused.empty()) return refused;
            long double number = 0;
            if (!parse(text, number)) return "";
            // Finite as the double the option holds: 1e400 is not.
            if (!std::isfinite(static_cast<double>(number)) || !(number > 0))
                return "expected a finite number above 0, got " + text;
            return "";
        },
        "NUMBER > 0");
}

CLI::Validator mebibytes() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            if (std::string refused = not_a_plain_number(text); !refused.empty()) return refused;
            long double number = 0;
            if (!parse(text, number)) return "";
            // 0 is what the option holds when it is not given (80% of the
            // free memory): given, it would silently mean no limit of its own.
            constexpr std::uint64_t most = UINT64_MAX >> 20;
            if (!(number >= 1) || number > static_cast<long double>(most))
                return "expected 1 to " + std::to_string(most) + " MiB, got " + text;
            return "";
        },
        "MiB");
}

CLI::Validator a_path() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            return text.empty() ? "expected a path, got an empty one" : "";
        },
        "PATH");
}

}  // namespace trivcheck::cli
