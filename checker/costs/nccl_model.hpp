#pragma once
#include <cstdint>
#include <vector>

#include "checker/costs/nccl_choice.hpp"

namespace trivcheck {

/// NCCL's own model beside `trivcheck model` (docs/cost-model.md): the
/// setting every topology shares (its rank count is each topology's) and
/// the collective.
struct NcclModelSettings {
    NcclSetting setting;
    NcclCollective collective = NcclCollective::all_reduce;
};

/// NCCL's model on one topology: its tuning, its pick at each size of the
/// request and its bands from the first size to the last.
struct NcclRowCosts {
    NcclTuning tuning;
    /// Per request size (rounded to whole bytes, NCCL's nBytes).
    std::vector<NcclChoice> choices;
    std::vector<NcclBand> bands;
};

NcclRowCosts compute_nccl_row(const NcclModelSettings& settings, int ranks,
                              const std::vector<double>& sizes);

/// "Tree/LL128".
std::string nccl_candidate_label(const NcclCandidate& candidate);

/// A size in bytes as NCCL's nBytes: the nearest whole byte, at least 1.
std::uint64_t nccl_bytes(double bytes);

}  // namespace trivcheck
