#include "checker/formats/units.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <utility>

#include "checker/formats/comma_list.hpp"

namespace trivcheck {

namespace {

struct Unit {
    std::string_view name;
    double factor;
};

constexpr Unit byte_units[] = {
    {"B", 1},
    {"KiB", 1024.0},
    {"MiB", 1048576.0},
    {"GiB", 1073741824.0},
    {"TiB", 1099511627776.0},
    {"kB", 1e3},
    {"KB", 1e3},
    {"MB", 1e6},
    {"GB", 1e9},
    {"TB", 1e12},
};
constexpr Unit time_units[] = {
    {"ps", 1e-12}, {"ns", 1e-9}, {"us", 1e-6}, {"\xC2\xB5s", 1e-6}, {"ms", 1e-3}, {"s", 1},
};
constexpr Unit rate_units[] = {
    {"Mbps", 1e6 / 8}, {"Gbps", 1e9 / 8}, {"Tbps", 1e12 / 8},   {"MB/s", 1e6},
    {"GB/s", 1e9},     {"TB/s", 1e12},    {"MiB/s", 1048576.0}, {"GiB/s", 1073741824.0},
};

template <std::size_t N>
std::string unit_names(const Unit (&units)[N]) {
    std::string names;
    for (const Unit& unit : units) names += (names.empty() ? "" : ", ") + std::string(unit.name);
    return names;
}

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

[[noreturn]] void fail(const std::string& option, std::string_view text, const std::string& why) {
    throw UnitError(option + ": \"" + std::string(text) + "\": " + why);
}

/// A positive finite number followed by one of `units` (a space between them allowed).
template <std::size_t N>
double parse_quantity(const std::string& option, std::string_view whole, const Unit (&units)[N],
                      const char* what) {
    const std::string_view text = trim(whole);
    const std::string expected =
        std::string("expected a number and a ") + what + " unit (" + unit_names(units) + ")";
    if (text.empty() ||
        !(std::isdigit(static_cast<unsigned char>(text.front())) || text.front() == '.'))
        fail(option, whole, expected);
    double value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc()) fail(option, whole, expected);
    const std::string_view unit = trim(text.substr(static_cast<std::size_t>(end - text.data())));
    if (unit.empty()) fail(option, whole, "no unit; " + expected);
    const auto found = std::find_if(std::begin(units), std::end(units),
                                    [&](const Unit& known) { return known.name == unit; });
    if (found == std::end(units))
        fail(option, whole,
             "unknown " + std::string(what) + " unit \"" + std::string(unit) + "\" (expected " +
                 unit_names(units) + ")");
    const double result = value * found->factor;
    if (!(result > 0) || !std::isfinite(result))
        fail(option, whole, std::string("a ") + what + " must be positive and finite");
    return result;
}

/// `value` in the largest of `units` (name, factor ascending) not above it, four significant
/// digits.
std::string format_in(double value, std::initializer_list<std::pair<const char*, double>> units) {
    auto chosen = *units.begin();
    for (const auto& unit : units)
        if (value >= unit.second * (1 - 1e-9)) chosen = unit;
    char text[64];
    std::snprintf(text, sizeof text, "%.4g %s", value / chosen.second, chosen.first);
    return text;
}

}  // namespace

double parse_bytes(const std::string& option, const std::string& text) {
    return parse_quantity(option, text, byte_units, "size");
}

double parse_seconds(const std::string& option, const std::string& text) {
    return parse_quantity(option, text, time_units, "time");
}

double parse_rate(const std::string& option, const std::string& text) {
    return parse_quantity(option, text, rate_units, "rate");
}

double parse_seconds_per_byte(const std::string& option, const std::string& text) {
    const auto slash = text.find('/');
    if (slash == std::string::npos)
        fail(option, text, "expected a time per size, e.g. 10ps/B or 1ns/100B");
    const std::string_view per = trim(std::string_view(text).substr(slash + 1));
    // A bare unit ("/B", "/KiB") means one of it.
    const bool bare = !per.empty() && !std::isdigit(static_cast<unsigned char>(per.front())) &&
                      per.front() != '.';
    const double seconds = parse_seconds(option, text.substr(0, slash));
    const double bytes = parse_bytes(option, (bare ? "1" : "") + std::string(per));
    return seconds / bytes;
}

std::vector<double> parse_byte_sizes(const std::string& option, const std::string& text,
                                     int points) {
    std::vector<double> sizes;
    const auto dots = text.find("..");
    if (dots != std::string::npos) {
        const double low = parse_bytes(option, text.substr(0, dots));
        const double high = parse_bytes(option, text.substr(dots + 2));
        if (low > high) fail(option, text, "empty range: the first size is larger than the last");
        if (points < 1 || (points == 1 && low != high))
            fail(option, text, "a range needs at least 2 points (--points)");
        for (int i = 0; i < points; ++i)
            sizes.push_back(points == 1 ? low
                                        : low * std::pow(high / low, double(i) / (points - 1)));
        sizes.back() = high;  // exactly the bound given, not pow's rounding of it
    } else {
        for (const std::string& item : comma_items(text))
            sizes.push_back(parse_bytes(option, item));
    }
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

std::string format_bytes(double bytes) {
    return format_in(bytes, {{"B", 1},
                             {"KiB", 1024.0},
                             {"MiB", 1048576.0},
                             {"GiB", 1073741824.0},
                             {"TiB", 1099511627776.0}});
}

std::string format_seconds(double seconds) {
    return format_in(seconds, {{"ps", 1e-12}, {"ns", 1e-9}, {"us", 1e-6}, {"ms", 1e-3}, {"s", 1}});
}

std::string format_rate(double bytes_per_second) {
    return format_in(bytes_per_second * 8, {{"Mbps", 1e6}, {"Gbps", 1e9}, {"Tbps", 1e12}});
}

}  // namespace trivcheck
