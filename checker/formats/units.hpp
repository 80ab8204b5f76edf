#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace trivcheck {

/// A quantity that does not parse; the message names the option, the text
/// and what was expected (`--alpha: "1.5 parsecs": unknown time unit ...`).
struct UnitError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// Bytes: a positive number and a unit, B, KiB, MiB, GiB, TiB (powers of
/// 1024) or kB, MB, GB, TB (powers of 1000); a space between them is allowed.
double parse_bytes(const std::string& option, const std::string& text);
/// Seconds: a positive number and ps, ns, us (or µs), ms or s.
double parse_seconds(const std::string& option, const std::string& text);
/// Bytes per second: a positive number and Mbps, Gbps, Tbps (bits per
/// second) or MB/s, GB/s, TB/s, MiB/s, GiB/s (bytes per second).
double parse_rate(const std::string& option, const std::string& text);
/// Seconds per byte (β): a time over a size, `10ps/B`, `1ns/100B`, `8us/MiB`.
double parse_seconds_per_byte(const std::string& option, const std::string& text);

/// Message sizes for a cost model: `A..B` gives `points` sizes spaced evenly
/// on a log scale from A to B (both included; one point needs A = B), a comma
/// list gives its sizes; sorted and distinct either way.
std::vector<double> parse_byte_sizes(const std::string& option, const std::string& text,
                                     int points);

/// "32 B", "20 KiB", "1.5 MiB": the largest binary unit not above the value,
/// at most four significant digits; parse_bytes reads it back.
std::string format_bytes(double bytes);
/// "1.5 us", "171 us", "12 ns": the largest unit not above the value, at
/// most four significant digits; parse_seconds reads it back.
std::string format_seconds(double seconds);
/// "800 Gbps": bits per second in the largest unit not above the value.
std::string format_rate(double bytes_per_second);

}  // namespace trivcheck
