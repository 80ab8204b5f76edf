#include "checker/costs/cost_envelope.hpp"

#include <limits>

namespace trivcheck {

int fastest_at(const std::vector<std::optional<CostLine>>& lines, double bytes) {
    int best = -1;
    for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
        if (!lines[i]) continue;
        if (best < 0) {
            best = i;
            continue;
        }
        const double time = lines[i]->at(bytes);
        const double best_time = lines[best]->at(bytes);
        if (time < best_time ||
            (time == best_time && lines[i]->seconds_per_byte < lines[best]->seconds_per_byte))
            best = i;
    }
    return best;
}

std::vector<WinnerChange> winner_changes(const std::vector<std::optional<CostLine>>& lines,
                                         double low, double high) {
    std::vector<WinnerChange> changes;
    int current = fastest_at(lines, low);
    double at = low;
    while (current >= 0) {
        // Only a flatter line can overtake the current one, where the two cross.
        const CostLine& line = *lines[current];
        int next = -1;
        double next_at = std::numeric_limits<double>::infinity();
        for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
            if (!lines[i] || lines[i]->seconds_per_byte >= line.seconds_per_byte) continue;
            const double crossing = (lines[i]->fixed_seconds - line.fixed_seconds) /
                                    (line.seconds_per_byte - lines[i]->seconds_per_byte);
            if (crossing <= at) continue;
            if (crossing < next_at || (crossing == next_at && lines[i]->seconds_per_byte <
                                                                  lines[next]->seconds_per_byte)) {
                next = i;
                next_at = crossing;
            }
        }
        if (next < 0 || next_at > high) break;
        changes.push_back({next_at, current, next});
        current = next;
        at = next_at;
    }
    return changes;
}

}  // namespace trivcheck
