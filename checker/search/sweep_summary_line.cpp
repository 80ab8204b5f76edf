#include "checker/search/sweep_summary_line.hpp"

#include <array>
#include <nlohmann/json.hpp>

#include "checker/formats/json_text.hpp"

namespace trivcheck {

std::string sweep_summary_line(const std::vector<SweepRow>& rows) {
    int schedules = 0;
    std::array<int, 4> by_status{};
    for (const SweepRow& row : rows)
        for (const SizeOutcome& outcome : row.sizes) {
            ++schedules;
            ++by_status[static_cast<std::size_t>(outcome.status)];
        }
    auto count = [&](SweepStatus status) { return by_status[static_cast<std::size_t>(status)]; };
    nlohmann::ordered_json counts;
    counts["schedules"] = schedules;
    counts["holds"] = count(SweepStatus::holds);
    counts["violated"] = count(SweepStatus::violated);
    counts["not_applicable"] = count(SweepStatus::not_applicable);
    counts["unknown"] = count(SweepStatus::unknown);
    counts["complete"] = true;
    nlohmann::ordered_json line;
    line["summary"] = std::move(counts);
    return json_text(line);
}

}  // namespace trivcheck
