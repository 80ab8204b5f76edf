#include "checker/costs/nccl_choice.hpp"

#include <algorithm>
#include <cfloat>

namespace trivcheck {

namespace {

// tuning.cc:623-627, treeCorrectionFactor[protocol][log2i(nBytes >> 6)]:
// powers of two from 64 B; tuning.cc:640 reads it below index 23.
constexpr double tree_correction[3][24] = {
    {1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7,  .7,  .7,  .6,  .5,
     .4,  .4,  .5,  .6,  .7, .8, .9, 1.0, 1.0, 1.0, 1.0, 1.0},
    {1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7,  .6,  .6,
     .6,  .6,  .6,  .6,  .8,  .9, .9, .9, .9, 1.0, 1.0, 1.0},
    {.9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5,
     .5, .5, .5, .6, .7, .8, .7, .7, .8, .9, .9, .9}};
constexpr int tree_correction_sizes = 23;
// device.h:95, 97, 114: NCCL_SIMPLE_MAX_NTHREADS, NCCL_LL_MAX_NTHREADS,
// NCCL_LL128_MAX_NTHREADS; topo.h:25, PCI_BW.
constexpr int simple_max_threads = 512, ll_max_threads = 512, ll128_max_threads = 640;
constexpr float pci_bandwidth = 12.0;
// comm.h:49-51: NCCL_LL_THREAD_THRESHOLD, NCCL_LL128_THREAD_THRESHOLD,
// NCCL_SIMPLE_THREAD_THRESHOLD.
constexpr std::uint64_t thread_threshold[3] = {8, 8, 64};

/// The size from which the ring's Simple all-reduce pays its plateau
/// (tuning.cc:647-648: nBytes / (nChannels · nRanks) >= 64).
std::uint64_t plateau_start(const NcclTuning& tuning) {
    return 64ull * static_cast<std::uint64_t>(tuning.comm_channels) *
           static_cast<std::uint64_t>(tuning.setting.ranks);
}

/// comm->maxThreads[a][p] (tuning.cc:244-257, no NCCL_NTHREADS): PAT's is
/// never set and stays 0.
std::uint64_t max_threads(const NcclTuning& tuning, const NcclCandidate& candidate) {
    if (candidate.algorithm == NcclAlgorithm::pat) return 0;
    switch (candidate.protocol) {
        case NcclProtocol::ll:
            return ll_max_threads;
        case NcclProtocol::ll128:
            return ll128_max_threads;
        case NcclProtocol::simple:
            break;
    }
    if (candidate.algorithm == NcclAlgorithm::tree) return simple_max_threads;
    // tuning.cc:244-245: 256 threads when the ring's channels together carry
    // no more than PCI Gen3.
    const float ring_bandwidth =
        tuning.setting.bandwidth_gbps * static_cast<float>(tuning.setting.channels);
    return ring_bandwidth <= pci_bandwidth ? 256 : simple_max_threads;
}

/// comm->threadThresholds[a][p] (tuning.cc:588-593).
std::uint64_t threshold(const NcclTuning& tuning, const NcclCandidate& candidate) {
    std::uint64_t value = thread_threshold[static_cast<int>(candidate.protocol)];
    if (candidate.algorithm == NcclAlgorithm::ring && candidate.protocol == NcclProtocol::ll)
        value *= static_cast<std::uint64_t>(tuning.setting.ranks);
    return value;
}

}  // namespace

int nccl_least_time(const std::vector<float>& times) {
    float least = FLT_MAX;
    int chosen = -1;
    for (std::size_t i = 0; i < times.size(); ++i) {
        if (times[i] >= 0.0f && times[i] < least) {
            least = times[i];
            chosen = static_cast<int>(i);
        }
    }
    return chosen;
}

float nccl_algo_time(const NcclTuning& tuning, const NcclCandidate& candidate,
                     std::uint64_t bytes) {
    if (!candidate.enabled) return -1.0f;
    float bandwidth = candidate.bandwidth_gbps;
    float latency = candidate.latency_us;
    const bool all_reduce = tuning.collective == NcclCollective::all_reduce;
    const long log_size = nccl_log2i(bytes >> 6);  // tuning.cc:639
    if (candidate.algorithm == NcclAlgorithm::tree && all_reduce && log_size >= 0 &&
        log_size < tree_correction_sizes)  // tuning.cc:640-642
        bandwidth *=
            static_cast<float>(tree_correction[static_cast<int>(candidate.protocol)][log_size]);
    // tuning.cc:647-650: the ring's plateau between nodes, 1.9 before SM 80.
    if (candidate.algorithm == NcclAlgorithm::ring && candidate.protocol == NcclProtocol::simple &&
        all_reduce && bytes >= plateau_start(tuning))
        latency =
            static_cast<float>(latency * (tuning.setting.arch < NcclArch::ampere ? 1.9 : 1.4));
    // tuning.cc:652-653: one operation, so latCount = 1.
    return latency * 1 + static_cast<float>(bytes) / (1000 * bandwidth);
}

NcclChoice nccl_choose(const NcclTuning& tuning, std::uint64_t bytes) {
    NcclChoice choice;
    for (const NcclCandidate& candidate : tuning.candidates)
        choice.times.push_back(nccl_algo_time(tuning, candidate, bytes));
    choice.candidate = nccl_least_time(choice.times);
    if (choice.candidate < 0) return choice;
    choice.time_us = choice.times[static_cast<std::size_t>(choice.candidate)];
    // enqueue.cc:2070-2097: Ring and Tree give up channels while the call is
    // small; PAT's thread count is 0, so it keeps them all.
    const NcclCandidate& chosen = tuning.candidates[static_cast<std::size_t>(choice.candidate)];
    const std::uint64_t threads = max_threads(tuning, chosen);
    const std::uint64_t per_thread = threshold(tuning, chosen);
    std::uint64_t channels = static_cast<std::uint64_t>(tuning.comm_channels);
    while (bytes < channels * threads * per_thread && channels >= 2) --channels;
    choice.channels = static_cast<int>(channels);
    return choice;
}

std::vector<std::uint64_t> nccl_line_edges(const NcclTuning& tuning, std::uint64_t low,
                                           std::uint64_t high) {
    std::vector<std::uint64_t> edges;
    for (int k = 0; k <= tree_correction_sizes; ++k) edges.push_back(64ull << k);
    edges.push_back(plateau_start(tuning));
    std::sort(edges.begin(), edges.end());
    edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
    std::erase_if(edges, [&](std::uint64_t edge) { return edge <= low || edge > high; });
    return edges;
}

std::vector<NcclBand> nccl_bands(const NcclTuning& tuning, std::uint64_t low, std::uint64_t high) {
    std::vector<std::uint64_t> edges{low};
    for (std::uint64_t edge : nccl_line_edges(tuning, low, high)) edges.push_back(edge);
    edges.push_back(high + 1);
    std::vector<NcclBand> bands;
    for (std::size_t e = 0; e + 1 < edges.size(); ++e) {
        std::uint64_t from = edges[e];
        const std::uint64_t end = edges[e + 1];
        while (from < end) {
            const NcclChoice first = nccl_choose(tuning, from);
            auto same_as_first = [&](std::uint64_t bytes) {
                const NcclChoice choice = nccl_choose(tuning, bytes);
                return choice.candidate == first.candidate && choice.channels == first.channels;
            };
            // First size after `from` with another pick or channel count, by bisection.
            std::uint64_t same = from, other = end;
            while (other - same > 1) {
                const std::uint64_t middle = same + (other - same) / 2;
                (same_as_first(middle) ? same : other) = middle;
            }
            const NcclBand* last = bands.empty() ? nullptr : &bands.back();
            if (last && last->candidate == first.candidate && last->channels == first.channels &&
                last->to == from)
                bands.back().to = other;
            else
                bands.push_back({from, other, first.candidate, first.channels});
            from = other;
        }
    }
    return bands;
}

}  // namespace trivcheck
