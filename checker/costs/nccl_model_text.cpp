#include "checker/costs/nccl_model_text.hpp"

#include <cstdio>

#include "checker/costs/nccl_comparison.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/formats/units.hpp"

namespace trivcheck {

namespace {

std::string nccl_number(const char* pattern, double value) {
    char text[64];
    std::snprintf(text, sizeof text, pattern, value);
    return text;
}

/// "3.412 MiB .. 4 MiB": a band from its first byte to the next band's first
/// (`to` excluded), or to its last byte at the end of the range.
std::string nccl_size_range(std::uint64_t from, std::uint64_t to, bool last) {
    return format_bytes(static_cast<double>(from)) + " .. " +
           format_bytes(static_cast<double>(last ? to - 1 : to));
}

/// "46.81 us .. 91.03 us": a candidate's time at both ends of a band.
std::string nccl_time_range(const NcclTuning& tuning, const NcclCandidate& candidate,
                            std::uint64_t from, std::uint64_t to) {
    return format_seconds(nccl_algo_time(tuning, candidate, from) * 1e-6) + " .. " +
           format_seconds(nccl_algo_time(tuning, candidate, to - 1) * 1e-6);
}

std::string candidate_table(const NcclTuning& tuning) {
    TextTable table({"candidate", "latency", "bandwidth", "considered"});
    for (const NcclCandidate& candidate : tuning.candidates) {
        if (!candidate.enabled) {
            table.add_row(
                {nccl_candidate_label(candidate), "-", "-", "no: " + candidate.disabled_because});
            continue;
        }
        table.add_row({nccl_candidate_label(candidate),
                       nccl_number("%.4g us", candidate.latency_us),
                       nccl_number("%.4g GB/s", candidate.bandwidth_gbps), "yes"});
    }
    return table.render("    ");
}

std::string pick_table(const TopologyCosts& row) {
    TextTable table({"m", "NCCL's pick", "channels", "its time"});
    const std::vector<NcclBand>& bands = row.nccl->bands;
    for (const NcclBand& band : bands) {
        const NcclCandidate& candidate = row.nccl->tuning.candidates[band.candidate];
        table.add_row({nccl_size_range(band.from, band.to, &band == &bands.back()),
                       nccl_candidate_label(candidate), std::to_string(band.channels),
                       nccl_time_range(row.nccl->tuning, candidate, band.from, band.to)});
    }
    return table.render("    ");
}

std::string comparison_table(const TopologyCosts& row, const CostModel& model) {
    TextTable table({"m", "NCCL's pick", "fastest checked schedule",
                     "NCCL's time / its time (least .. largest)"});
    const std::vector<NcclComparisonBand> bands = nccl_comparison(row, model);
    for (const NcclComparisonBand& band : bands) {
        const NcclCandidate& candidate = row.nccl->tuning.candidates[band.nccl_candidate];
        const bool competes = band.schedule >= 0;
        table.add_row({nccl_size_range(band.from, band.to, &band == &bands.back()),
                       nccl_candidate_label(candidate),
                       competes ? row.competitors[band.schedule].competitor.label : "none competes",
                       competes ? nccl_number("%.3g", band.least_ratio) + " .. " +
                                      nccl_number("%.3g", band.largest_ratio)
                                : "-"});
    }
    return table.render("    ");
}

}  // namespace

std::string nccl_settings_text(const NcclModelSettings& settings) {
    const NcclSetting& setting = settings.setting;
    return std::string("NCCL 2.30.7's model (src/graph/tuning.cc, one GPU per node), ") +
           to_string(settings.collective) + ": " + to_string(setting.arch) + ", " +
           std::to_string(setting.channels) + " channels of " +
           nccl_number("%g", setting.bandwidth_gbps) + " GB/s, network latency " +
           nccl_number("%g", setting.net_latency_us) + " us, " +
           (setting.cpu == NcclCpu::amd ? "AMD" : "Intel") + " CPU, NIC " +
           (setting.nic_near_gpu ? "near the GPU" : "behind the CPU") + "\n";
}

std::string nccl_row_text(const TopologyCosts& row, const CostModel& model) {
    const NcclRowCosts& nccl = *row.nccl;
    std::string text = "  NCCL (" + std::to_string(nccl.tuning.comm_channels) +
                       " channels after ncclTopoPostset): latency and algorithm bandwidth\n";
    text += candidate_table(nccl.tuning);
    text +=
        "  NCCL's pick (least ncclTopoGetAlgoTime, ties to the lower index; a band ends where "
        "the next starts):\n";
    text += pick_table(row);
    if (!row.competitors.empty()) {
        text += "  NCCL's pick against the fastest checked schedule:\n";
        text += comparison_table(row, model);
    }
    return text;
}

}  // namespace trivcheck
