#include "checker/costs/nccl_model.hpp"

#include <algorithm>
#include <cmath>

namespace trivcheck {

std::uint64_t nccl_bytes(double bytes) {
    return std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::llround(bytes)));
}

std::string nccl_candidate_label(const NcclCandidate& candidate) {
    return std::string(to_string(candidate.algorithm)) + "/" + to_string(candidate.protocol);
}

NcclRowCosts compute_nccl_row(const NcclModelSettings& settings, int ranks,
                              const std::vector<double>& sizes) {
    NcclSetting setting = settings.setting;
    setting.ranks = ranks;
    NcclRowCosts row{nccl_tune_model(setting, settings.collective), {}, {}};
    for (double bytes : sizes) row.choices.push_back(nccl_choose(row.tuning, nccl_bytes(bytes)));
    if (!sizes.empty())
        row.bands = nccl_bands(row.tuning, nccl_bytes(sizes.front()), nccl_bytes(sizes.back()));
    return row;
}

}  // namespace trivcheck
