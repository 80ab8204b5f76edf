#include "cli/costs/nccl_options.hpp"

namespace trivcheck::cli {

void add_nccl_options(CLI::App& command, NcclOptions& options, bool with_collective) {
    auto nccl_option = [&options](CLI::Option* option) {
        option->each([&options](const std::string&) { options.given = true; });
    };
    nccl_option(command
                    .add_option("--arch", options.arch,
                                "NCCL's model: volta, ampere, hopper (default), blackwell")
                    ->check(CLI::IsMember({"volta", "ampere", "hopper", "blackwell"})));
    nccl_option(command
                    .add_option("--channels", options.channels,
                                "NCCL's model: search channels of the ring and tree graphs "
                                "(default 2; a call may use twice as many)")
                    ->check(CLI::Range(1, 32)));
    nccl_option(command.add_option("--bw", options.bandwidth_gbps,
                                   "NCCL's model: GB/s per channel (default 24)"));
    nccl_option(command.add_option("--net-latency", options.net_latency_us,
                                   "NCCL's model: the network's latency in us (default 0)"));
    // The collective is compared by the checked schedules too: not NCCL's alone.
    if (with_collective)
        command
            .add_option("--collective", options.collective,
                        "The collective compared: all_reduce (default), all_gather, "
                        "reduce_scatter (m is NCCL's nBytes: the larger buffer)")
            ->check(CLI::IsMember({"all_reduce", "all_gather", "reduce_scatter"}));
    nccl_option(command
                    .add_option("--cpu", options.cpu,
                                "NCCL's model: intel (default) or amd, for LL's cap between nodes")
                    ->check(CLI::IsMember({"intel", "amd"})));
    nccl_option(command.add_flag("--nic-behind-cpu", options.nic_behind_cpu,
                                 "NCCL's model: the NIC is not on the GPU's PCIe switch, so "
                                 "LL128 is off"));
}

NcclModelSettings nccl_settings(const NcclOptions& options) {
    if (!(options.bandwidth_gbps > 0))
        throw std::invalid_argument("--bw: a positive GB/s per channel");
    if (!(options.net_latency_us >= 0)) throw std::invalid_argument("--net-latency: at least 0 us");
    NcclModelSettings settings;
    settings.setting.arch = parse_nccl_arch(options.arch);
    settings.setting.cpu = options.cpu == "amd" ? NcclCpu::amd : NcclCpu::intel;
    settings.setting.channels = options.channels;
    settings.setting.bandwidth_gbps = static_cast<float>(options.bandwidth_gbps);
    settings.setting.net_latency_us = static_cast<float>(options.net_latency_us);
    settings.setting.nic_near_gpu = !options.nic_behind_cpu;
    settings.collective = parse_nccl_collective(options.collective);
    return settings;
}

}  // namespace trivcheck::cli
