#include "checker/costs/nccl_model_json.hpp"

#include "checker/costs/nccl_comparison.hpp"

namespace trivcheck {

namespace {

nlohmann::json candidate_json(const NcclCandidate& candidate) {
    nlohmann::json json = {{"algorithm", to_string(candidate.algorithm)},
                           {"protocol", to_string(candidate.protocol)},
                           {"considered", candidate.enabled}};
    if (candidate.enabled) {
        json["latency_us"] = candidate.latency_us;
        json["bandwidth_gbps"] = candidate.bandwidth_gbps;
    } else {
        json["reason"] = candidate.disabled_because;
    }
    return json;
}

nlohmann::json size_json(const TopologyCosts& row, const CostModel& model, std::size_t index) {
    const NcclChoice& choice = row.nccl->choices[index];
    const std::uint64_t bytes = nccl_bytes(model.sizes[index]);
    const NcclCandidate& picked = row.nccl->tuning.candidates[choice.candidate];
    nlohmann::json times = nlohmann::json::object();
    for (std::size_t i = 0; i < choice.times.size(); ++i)
        if (choice.times[i] >= 0)
            times[nccl_candidate_label(row.nccl->tuning.candidates[i])] = choice.times[i];
    nlohmann::json json = {{"m_bytes", bytes},
                           {"pick", nccl_candidate_label(picked)},
                           {"time_us", choice.time_us},
                           {"channels", choice.channels},
                           {"times_us", std::move(times)}};
    if (row.competitors.empty()) return json;
    int schedule = -1;
    const double ratio = nccl_over_schedule(row, model, bytes, schedule);
    json["fastest_schedule"] = nullptr;
    if (schedule < 0) return json;
    json["fastest_schedule"] = row.competitors[schedule].competitor.label;
    json["schedule_seconds"] = row.seconds(schedule, model.source, model.alpha_seconds,
                                           model.seconds_per_byte, static_cast<double>(bytes));
    json["nccl_over_schedule"] = ratio;
    return json;
}

}  // namespace

nlohmann::json nccl_settings_json(const NcclModelSettings& settings) {
    const NcclSetting& setting = settings.setting;
    return {{"nccl_version", "2.30.7"},
            {"collective", to_string(settings.collective)},
            {"arch", to_string(setting.arch)},
            {"cpu", setting.cpu == NcclCpu::amd ? "amd" : "intel"},
            {"channels", setting.channels},
            {"bandwidth_gbps_per_channel", setting.bandwidth_gbps},
            {"net_latency_us", setting.net_latency_us},
            {"nic_near_gpu", setting.nic_near_gpu}};
}

nlohmann::json nccl_row_json(const TopologyCosts& row, const CostModel& model) {
    const NcclRowCosts& nccl = *row.nccl;
    nlohmann::json candidates = nlohmann::json::array();
    for (const NcclCandidate& candidate : nccl.tuning.candidates)
        candidates.push_back(candidate_json(candidate));
    nlohmann::json bands = nlohmann::json::array();
    for (const NcclBand& band : nccl.bands)
        bands.push_back({{"from_bytes", band.from},
                         {"to_bytes", band.to - 1},
                         {"pick", nccl_candidate_label(nccl.tuning.candidates[band.candidate])},
                         {"channels", band.channels}});
    nlohmann::json sizes = nlohmann::json::array();
    for (std::size_t i = 0; i < model.sizes.size(); ++i) sizes.push_back(size_json(row, model, i));
    return {{"comm_channels", nccl.tuning.comm_channels},
            {"candidates", std::move(candidates)},
            {"bands", std::move(bands)},
            {"sizes", std::move(sizes)}};
}

}  // namespace trivcheck
