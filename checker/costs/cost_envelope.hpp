#pragma once
#include <optional>
#include <vector>

namespace trivcheck {

/// One competitor's time as a function of the message size m (bytes):
/// T(m) = fixed_seconds + seconds_per_byte·m, i.e. K·α + Θ·β·m.
struct CostLine {
    double fixed_seconds = 0;
    double seconds_per_byte = 0;
    double at(double bytes) const { return fixed_seconds + seconds_per_byte * bytes; }
};

/// The fastest line at m: least T, ties to the smaller slope (it stays ahead
/// for larger m), then to the lower index; -1 when no line is present.
int fastest_at(const std::vector<std::optional<CostLine>>& lines, double bytes);

/// A point where the fastest line changes: at m = `bytes` (exact, where the
/// two lines cross) `from` stops and `to` starts being fastest.
struct WinnerChange {
    double bytes = 0;
    int from = -1;
    int to = -1;
};

/// Every change of the fastest line for m in (low, high], in increasing m:
/// the lower envelope of the lines, walked from `low`.
std::vector<WinnerChange> winner_changes(const std::vector<std::optional<CostLine>>& lines,
                                         double low, double high);

}  // namespace trivcheck
