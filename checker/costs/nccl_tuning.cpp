#include "checker/costs/nccl_tuning.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

// Every constant below is NVIDIA/nccl 2.30.7's (makefiles/version.mk), from
// src/graph/tuning.cc unless a comment names another file; "tuning.cc:151" is
// the line. A setting with one GPU per node is a network of n nodes, so NCCL
// reads the NET rows, the N4 column (N1/N2 for n = 1, 2) and, for LL between
// nodes, the CPU's row of llMaxBws.

namespace trivcheck {

namespace {

constexpr int tree_index = 0, ring_index = 1, pat_index = 6;
constexpr int ll_index = 0, ll128_index = 1, simple_index = 2;

// tuning.cc:151, baseLatencies, Tree and Ring rows (LL, LL128, Simple), µs.
constexpr double base_latency[2][3] = {{6.8, 14.0, 8.4}, {6.6, 14.0, 8.4}};
// tuning.cc:154, baseLatencies, PAT row.
constexpr double pat_base_latency = 8.0;
// tuning.cc:171, hwLatencies[NCCL_HW_NET][Tree]: with one GPU per node every
// algorithm takes Tree's network latency (tuning.cc:387).
constexpr double net_hop_latency[3] = {5.0, 8.5, 14};
// tuning.cc:179-182, llMaxBws[index1][index2], GB/s: index1 is the CPU
// between nodes (tuning.cc:269, 0 Intel, 1 AMD), the GPU on one node.
constexpr double ll_max_bandwidth[4][3] = {
    {39.0, 39.0, 20.4}, {87.7, 22.5, 19.0}, {141.0, 45.0, 35.0}, {2 * 141.0, 2 * 45.0, 2 * 35.0}};
// tuning.cc:186-189, perChMaxRingLL128Bws[arch][index2].
constexpr double ring_ll128_cap[4][3] = {
    {20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 36.7}, {40.0, 40.0, 40.0}};
// tuning.cc:193-196, perChMaxTreeLL128Bws[arch][index2].
constexpr double tree_ll128_cap[4][3] = {
    {20.0, 20.0, 20.0}, {20.0, 20.0, 20.0}, {36.7, 36.7, 29.0}, {55.6, 31.67, 20.0}};
// tuning.cc:200-203, perChMaxTreeBws[arch][index2].
constexpr double tree_cap[4][3] = {
    {26.5, 18.5, 10.0}, {24.0, 23.6, 17.8}, {38.7, 41.4, 36.0}, {70.0, 42.8, 24.0}};
// device.h:91, MAXCHANNELS.
constexpr int nccl_max_channels = 64;

/// connect.cc:460, the channels doubled after the rings are built; connect.cc:481,
/// doubled again on Hopper and later between nodes when a channel carries
/// more than 45 GB/s and there are fewer than 16; connect.cc:503, at most
/// MAXCHANNELS (ncclMaxNchannels and maxCTAs default to it).
int postset_channels(const NcclSetting& setting) {
    int channels = std::min(nccl_max_channels, 2 * setting.channels);
    if (setting.arch >= NcclArch::hopper && setting.ranks > 1 && setting.bandwidth_gbps > 45.0f &&
        channels < 16)
        channels *= 2;
    return std::min(nccl_max_channels, channels);
}

/// Why NCCL does not consider `algorithm` with `protocol` for this collective
/// with one GPU per node; empty when it does.
std::string disabled_reason(const NcclSetting& setting, NcclCollective collective, int algorithm,
                            int protocol) {
    const bool gather_or_scatter = collective != NcclCollective::all_reduce;
    if (gather_or_scatter && algorithm == tree_index)
        return "tuning.cc:295: all-gather and reduce-scatter run PAT, Ring, NVLS or CollNet";
    if (!gather_or_scatter && algorithm == pat_index) return "tuning.cc:298: no PAT all-reduce";
    if (algorithm == pat_index && protocol != simple_index)
        return "tuning.cc:302: PAT runs Simple only";
    // tuning.cc:518-536: LL128 by default only up to PATH_PXB between the GPU
    // and the NIC (PATH_PXN from SM 90 on); SM 70 or newer, one compute
    // capability (one --arch here).
    if (protocol == ll128_index && !setting.nic_near_gpu)
        return setting.arch >= NcclArch::hopper
                   ? "tuning.cc:522: LL128 needs the NIC within PATH_PXN of the GPU"
                   : "tuning.cc:525: LL128 needs the NIC within PATH_PXB of the GPU";
    return "";
}

/// tuning.cc:385-435: the latency of one call, µs, for one GPU per node.
float call_latency(const NcclSetting& setting, NcclCollective collective, int algorithm,
                   int protocol) {
    const int ranks = setting.ranks;
    // tuning.cc:387-391: the network hop, plus the net latency, twice for
    // Simple (the flush).
    float hop = static_cast<float>(net_hop_latency[protocol]);
    hop += setting.net_latency_us;
    if (protocol == simple_index) hop += setting.net_latency_us;
    if (algorithm == pat_index) {
        // tuning.cc:431-433: log latency plus a linear part.
        float result = static_cast<float>(pat_base_latency);
        const double log_part =
            static_cast<double>(nccl_log2i(static_cast<std::uint64_t>(ranks))) * (hop / 3.5);
        result = static_cast<float>(result + (log_part + ranks * 2.8));
        return result;
    }
    float result = static_cast<float>(base_latency[algorithm][protocol]);
    if (algorithm == ring_index) {
        // tuning.cc:289-291 nsteps; tuning.cc:411-412: every step crosses nodes.
        const int steps = collective == NcclCollective::all_reduce ? 2 * (ranks - 1) : ranks - 1;
        result += static_cast<float>(steps) * hop;
    } else {
        // tuning.cc:416: 2 (log2i(nNodes) hops), no hop inside a node.
        result += 2 * (static_cast<float>(nccl_log2i(static_cast<std::uint64_t>(ranks))) * hop);
    }
    return result;
}

/// tuning.cc:306-382: the bus bandwidth, derated, as the algorithm bandwidth, GB/s.
float algorithm_bandwidth(const NcclSetting& setting, NcclCollective collective, int algorithm,
                          int protocol) {
    const int arch = static_cast<int>(setting.arch);
    // tuning.cc:267, index2: N1, N2 or N4 by the number of nodes.
    const int scale = setting.ranks <= 2 ? setting.ranks - 1 : 2;
    // tuning.cc:269: between nodes LL looks at the CPU.
    const int cpu_row = setting.ranks == 1 ? arch : (setting.cpu == NcclCpu::amd ? 1 : 0);
    const double ll_max = ll_max_bandwidth[cpu_row][scale];
    const int channels = setting.channels;
    // tuning.cc:306 and 324: C channels of bwInter (bwIntra on two nodes, the same here).
    float bus = static_cast<float>(channels) * setting.bandwidth_gbps;
    if (algorithm == ring_index && protocol == ll_index)  // tuning.cc:327
        bus = static_cast<float>(std::min(ll_max, bus * .5));
    if (algorithm == ring_index && protocol == ll128_index)  // tuning.cc:328-329
        bus = static_cast<float>(std::min(bus * 0.92, channels * ring_ll128_cap[arch][scale]));
    if (algorithm == tree_index && collective == NcclCollective::all_reduce)  // tuning.cc:330-331
        bus = static_cast<float>(std::min(bus * .92, channels * tree_cap[arch][scale]));
    if (algorithm == tree_index && protocol == ll_index)  // tuning.cc:332
        bus = static_cast<float>(std::min(bus * 1.0 / 3.8, ll_max));
    if (algorithm == tree_index &&
        protocol == ll128_index)  // tuning.cc:333-335, nNodes > 1: 120/128
        bus = static_cast<float>(
            std::min(bus * (120.0 / 128.0), channels * tree_ll128_cap[arch][scale]));
    // tuning.cc:336: with one GPU per node the tree graph's pattern is
    // NCCL_TOPO_PATTERN_TREE (search.cc:1133), so Tree is derated.
    if (algorithm == tree_index) bus = static_cast<float>(bus * .85);
    if (algorithm == pat_index) bus = static_cast<float>(bus * .75);  // tuning.cc:337
    // tuning.cc:377-382: bus to algorithm bandwidth, for Ring (nRanks/nsteps)
    // and Tree (0.5); PAT's all-gather and reduce-scatter keep the bus figure.
    if (algorithm == pat_index) return bus;
    float ratio = 1.0f;
    if (algorithm == ring_index) {
        const int steps =
            collective == NcclCollective::all_reduce ? 2 * (setting.ranks - 1) : setting.ranks - 1;
        ratio = static_cast<float>(ratio * ((1.0 * setting.ranks) / steps));
    } else {
        ratio = static_cast<float>(ratio * .5);
    }
    return bus * ratio;
}

}  // namespace

long nccl_log2i(std::uint64_t value) { return static_cast<long>(std::bit_width(value)) - 1; }

const char* to_string(NcclArch arch) {
    switch (arch) {
        case NcclArch::volta:
            return "volta";
        case NcclArch::ampere:
            return "ampere";
        case NcclArch::hopper:
            return "hopper";
        case NcclArch::blackwell:
            return "blackwell";
    }
    return "?";
}

const char* to_string(NcclCollective collective) {
    switch (collective) {
        case NcclCollective::all_reduce:
            return "all_reduce";
        case NcclCollective::all_gather:
            return "all_gather";
        case NcclCollective::reduce_scatter:
            return "reduce_scatter";
    }
    return "?";
}

const char* to_string(NcclAlgorithm algorithm) {
    switch (algorithm) {
        case NcclAlgorithm::tree:
            return "Tree";
        case NcclAlgorithm::ring:
            return "Ring";
        case NcclAlgorithm::pat:
            return "PAT";
    }
    return "?";
}

const char* to_string(NcclProtocol protocol) {
    switch (protocol) {
        case NcclProtocol::ll:
            return "LL";
        case NcclProtocol::ll128:
            return "LL128";
        case NcclProtocol::simple:
            return "Simple";
    }
    return "?";
}

NcclArch parse_nccl_arch(const std::string& text) {
    for (NcclArch arch : {NcclArch::volta, NcclArch::ampere, NcclArch::hopper, NcclArch::blackwell})
        if (text == to_string(arch)) return arch;
    throw std::invalid_argument("--arch: unknown architecture '" + text +
                                "' (known: volta, ampere, hopper, blackwell)");
}

NcclCollective parse_nccl_collective(const std::string& text) {
    for (NcclCollective collective :
         {NcclCollective::all_reduce, NcclCollective::all_gather, NcclCollective::reduce_scatter})
        if (text == to_string(collective)) return collective;
    throw std::invalid_argument("--collective: unknown collective '" + text +
                                "' (known: all_reduce, all_gather, reduce_scatter)");
}

NcclTuning nccl_tune_model(const NcclSetting& setting, NcclCollective collective) {
    if (setting.ranks < 2) throw std::invalid_argument("NCCL's model needs at least 2 ranks");
    if (setting.channels < 1 || setting.channels > nccl_max_channels / 2)
        throw std::invalid_argument("--channels: between 1 and 32 search channels");
    NcclTuning tuning;
    tuning.setting = setting;
    tuning.collective = collective;
    tuning.comm_channels = postset_channels(setting);
    std::size_t index = 0;
    for (int algorithm : {tree_index, ring_index, pat_index}) {
        for (int protocol : {ll_index, ll128_index, simple_index}) {
            NcclCandidate& candidate = tuning.candidates[index++];
            candidate.algorithm = static_cast<NcclAlgorithm>(algorithm);
            candidate.protocol = static_cast<NcclProtocol>(protocol);
            candidate.disabled_because = disabled_reason(setting, collective, algorithm, protocol);
            candidate.enabled = candidate.disabled_because.empty();
            if (!candidate.enabled) continue;
            candidate.latency_us = call_latency(setting, collective, algorithm, protocol);
            candidate.bandwidth_gbps =
                algorithm_bandwidth(setting, collective, algorithm, protocol);
        }
    }
    return tuning;
}

}  // namespace trivcheck
