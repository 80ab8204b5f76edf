#pragma once
#include <array>
#include <cstdint>
#include <string>

namespace trivcheck {

/// The GPU generation NCCL indexes its tuning tables by (tuning.cc,
/// `compCapIndex`: Volta below SM 80, Ampere below 90, Hopper below 100).
enum class NcclArch { volta, ampere, hopper, blackwell };
/// The host CPU, which picks the row of `llMaxBws` between nodes (tuning.cc
/// `index1`: AMD or mixed 1, else 0).
enum class NcclCpu { intel, amd };
enum class NcclCollective { all_reduce, all_gather, reduce_scatter };
/// NCCL's algorithm indices (plugin/nccl_tuner.h): the order ties go by.
enum class NcclAlgorithm { tree = 0, ring = 1, pat = 6 };
/// NCCL's protocol indices (plugin/nccl_tuner.h).
enum class NcclProtocol { ll = 0, ll128 = 1, simple = 2 };

const char* to_string(NcclArch arch);
const char* to_string(NcclCollective collective);
const char* to_string(NcclAlgorithm algorithm);
const char* to_string(NcclProtocol protocol);
/// "volta", ...; throws std::invalid_argument naming the known ones.
NcclArch parse_nccl_arch(const std::string& text);
NcclCollective parse_nccl_collective(const std::string& text);

/// What NCCL's tuning sees of a job with one GPU per node (docs/cost-model.md):
/// n nodes, the ring and tree graphs' C search channels of B GB/s each, the
/// network's latency L (the NIC's `latency` property, `graph->latencyInter`).
struct NcclSetting {
    int ranks = 2;
    NcclArch arch = NcclArch::hopper;
    NcclCpu cpu = NcclCpu::intel;
    /// graphs[a]->nChannels of the ring and tree graphs (init.cc makes them equal).
    int channels = 2;
    /// graphs[a]->bwInter (= bwIntra with one GPU per node), GB/s per channel.
    float bandwidth_gbps = 24;
    float net_latency_us = 0;
    /// LL128 is enabled by default only when the NIC is close to the GPU
    /// (typeInter <= PATH_PXB, or <= PATH_PXN from Hopper on): false models a
    /// NIC behind the CPU (PATH_PHB or PATH_SYS).
    bool nic_near_gpu = true;
};

/// ncclTopoTuneModel's figures for one algorithm and protocol of one
/// collective: the latency (µs) and the algorithm bandwidth (GB/s) that
/// ncclTopoGetAlgoTime starts from, or why NCCL does not consider it.
struct NcclCandidate {
    NcclAlgorithm algorithm = NcclAlgorithm::ring;
    NcclProtocol protocol = NcclProtocol::simple;
    bool enabled = false;
    /// Empty when enabled: the rule of tuning.cc or enqueue.cc that rules it out.
    std::string disabled_because;
    float latency_us = 0;
    float bandwidth_gbps = 0;
};

/// ncclTopoTuneModel for one collective: Tree, Ring and PAT × LL, LL128,
/// Simple in NCCL's index order (Tree LL first, PAT Simple last).
struct NcclTuning {
    NcclSetting setting;
    NcclCollective collective = NcclCollective::all_reduce;
    std::array<NcclCandidate, 9> candidates;
    /// comm->nChannels after ncclTopoPostset (connect.cc): the channels a
    /// call may spread over, 2C (4C on Hopper and later above 45 GB/s).
    int comm_channels = 0;
};

/// log2i (utils.h, bitops.h log2Down): the floor of log2, -1 for 0.
long nccl_log2i(std::uint64_t value);

/// The tuning NCCL 2.30.7 computes at communicator creation for this
/// setting (src/graph/tuning.cc, ncclTopoTuneModel; constants cited there).
NcclTuning nccl_tune_model(const NcclSetting& setting, NcclCollective collective);

}  // namespace trivcheck
