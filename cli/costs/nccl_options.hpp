#pragma once
#include <CLI/CLI.hpp>
#include <string>

#include "checker/costs/nccl_model.hpp"

namespace trivcheck::cli {

/// The options that describe NCCL's setting (docs/cost-model.md, "NCCL's
/// model"), shared by `model --source nccl|both` and `determinism`.
struct NcclOptions {
    std::string arch = "hopper";
    int channels = 2;
    double bandwidth_gbps = 24;
    double net_latency_us = 0;
    std::string collective = "all_reduce";
    std::string cpu = "intel";
    bool nic_behind_cpu = false;
    /// Whether any of them was given.
    bool given = false;
};

/// --arch, --channels, --bw, --net-latency, --cpu, --nic-behind-cpu and,
/// when `with_collective`, --collective (which does not set `given`: the
/// checked schedules read it too).
void add_nccl_options(CLI::App& command, NcclOptions& options, bool with_collective);

/// The setting they describe; std::invalid_argument for a bandwidth not
/// above 0 or a latency below 0.
NcclModelSettings nccl_settings(const NcclOptions& options);

}  // namespace trivcheck::cli
