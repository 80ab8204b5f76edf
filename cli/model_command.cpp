#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

#include "checker/core/address_space_cap.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/costs/cost_map_svg.hpp"
#include "checker/costs/cost_model_json.hpp"
#include "checker/costs/cost_model_text.hpp"
#include "checker/formats/comma_list.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/topology_spec.hpp"
#include "checker/formats/units.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/costs/nccl_options.hpp"
#include "cli/jobs_option.hpp"
#include "cli/number_checks.hpp"
#include "cli/schedule_source.hpp"
#include "proofs/last_step_planner.hpp"

namespace trivcheck::cli {

namespace {

struct ModelOptions {
    std::string topologies;
    /// Empty: 1.5us, or with NCCL's model beside, NCCL's LL hop (5 us + --net-latency).
    std::string alpha;
    std::string link;
    std::string beta;
    std::string sizes = "32B..128MiB";
    int points = 121;
    std::string algos = "all";
    std::string source = "executed";
    bool json = false;
    bool csv = false;
    std::string svg;
    int jobs = 0;
    std::uint64_t memory_limit_mib = 0;
    /// NCCL's model (--source nccl or both).
    NcclOptions nccl;
};

/// `ring:8..128`, `torus:9x9,27x27`, `ring:64,torus:2..8x8`: see
/// checker/formats/topology_spec.hpp.
std::vector<Topology> parse_topologies(const std::string& text) {
    try {
        return parse_topology_spec(text);
    } catch (const TopologySpecError& error) {
        throw std::invalid_argument(std::string("--topo: ") + error.what());
    }
}

/// The links a rank sends on at once: two a dimension on a ring or torus, its
/// one port on a switch (`--topo` takes no other kind).
double links_per_rank(const Topology& topology) {
    if (topology.kind == TopologyKind::switch_) return 1;
    return 2.0 * static_cast<double>(topology.dims.size());
}

CostModelRequest to_request(const ModelOptions& options) {
    CostModelRequest request;
    request.topologies = parse_topologies(options.topologies);
    const bool nccl = options.source == "nccl" || options.source == "both";
    if (!nccl && options.nccl.given)
        throw std::invalid_argument(
            "--arch, --channels, --bw, --net-latency, --cpu and --nic-behind-cpu describe "
            "NCCL's model: give --source nccl or --source both");
    if (nccl) request.nccl = nccl_settings(options.nccl);
    // The checked schedules build the same collective NCCL's model prices.
    const NcclCollective collective = parse_nccl_collective(options.nccl.collective);
    request.collective = collective == NcclCollective::all_gather       ? Collective::allgather
                         : collective == NcclCollective::reduce_scatter ? Collective::reduce_scatter
                                                                        : Collective::allreduce;
    if (options.source == "formula" && request.collective != Collective::allreduce)
        throw std::invalid_argument("--collective " + options.nccl.collective +
                                    ": the paper's formulas are all-reduce's; give --source "
                                    "executed or both");
    request.competitors = options.source == "nccl"
                              ? std::vector<Competitor>{}
                              : select_competitors(options.algos, options.source == "formula");
    request.source = options.source == "formula" ? CostSource::formula : CostSource::executed;
    request.alpha_seconds = !options.alpha.empty() ? parse_seconds("--alpha", options.alpha)
                            : nccl                 ? (5 + options.nccl.net_latency_us) * 1e-6
                                                   : parse_seconds("--alpha", "1.5us");
    if (!options.link.empty() && !options.beta.empty())
        throw std::invalid_argument("give --link or --beta, not both");
    // One beta serves every topology: from NCCL's C·B only when they all share it alike.
    if (nccl && options.link.empty() && options.beta.empty())
        for (const Topology& topology : request.topologies)
            if (links_per_rank(topology) != links_per_rank(request.topologies.front()))
                throw std::invalid_argument(
                    "--topo: " + topology.describe() + " shares NCCL's C x B among " +
                    std::to_string(static_cast<int>(links_per_rank(topology))) + " links, " +
                    request.topologies.front().describe() + " among " +
                    std::to_string(static_cast<int>(links_per_rank(request.topologies.front()))) +
                    ": give --link or one kind of topology");
    request.seconds_per_byte =
        !options.beta.empty()   ? parse_seconds_per_byte("--beta", options.beta)
        : !options.link.empty() ? 1 / parse_rate("--link", options.link)
        // With NCCL beside, the node's C·B shared by the links of a rank.
        : nccl ? links_per_rank(request.topologies.front()) /
                     (options.nccl.channels * options.nccl.bandwidth_gbps * 1e9)
               : 1 / parse_rate("--link", "800Gbps");
    request.sizes = parse_byte_sizes("--m", options.sizes, options.points);
    request.jobs = usable_jobs(options.jobs);
    request.execute_options.memory_limit_bytes = options.memory_limit_mib << 20;
    request.prepare = [](GeneratorRequest& generator) { proofs::supply_planner(generator); };
    return request;
}

int run_model(const ModelOptions& options) {
    return run_reporting_errors([&]() -> int {
        // An allocation past the limit is bad_alloc (exit 4), not the OOM killer.
        cap_address_space(options.memory_limit_mib << 20);
        const auto start = std::chrono::steady_clock::now();
        if (options.json && options.csv)
            throw std::invalid_argument("give --json or --csv, not both");
        if (options.csv && (options.source == "nccl" || options.source == "both"))
            throw std::invalid_argument("--csv: NCCL's model prints as text or --json");
        const CostModelRequest request = to_request(options);
        const CostModel model = compute_cost_model(request);
        if (options.json)
            std::cout << json_text(cost_model_to_json(model), 2) << "\n";
        else if (options.csv)
            std::cout << cost_model_to_csv(model);
        else
            std::cout << cost_model_to_text(model);
        std::cout.flush();
        if (!options.svg.empty())
            write_file_text(options.svg,
                            [&](std::string& out, const auto&) { out = cost_map_svg(model); });
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::fprintf(stderr, "%zu topologies x %zu schedules, %zu sizes m, in %.2f s wall\n",
                     model.rows.size(), request.competitors.size(), model.sizes.size(), wall);
        if (model.any_unknown) {
            std::cerr << "unknown: some schedules could not be checked (see their status); the "
                         "winners are among those that were\n";
            return exit_unknown;
        }
        return exit_holds;
    });
}

}  // namespace

void register_model_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<ModelOptions>();
    CLI::App* command = app.add_subcommand(
        "model",
        "Which all-reduce is fastest where: the cost model T = K*alpha + Theta*m*beta with K and\n"
        "Theta of each checked schedule (only those that hold compete) or from the paper's\n"
        "formulas; the winner over m, the crossovers, a map (docs/cost-model.md).\n"
        "  trivcheck model --topo ring:64\n"
        "  trivcheck model --topo ring:64 --source formula --m 1KiB..64MiB --points 50 --csv\n"
        "  trivcheck model --topo ring:64 --collective all_gather   # NCCL's ring against PAT\n"
        "  trivcheck model --topo ring:8..128 --svg map.svg\n"
        "  trivcheck model --topo ring:16 --source nccl --arch hopper --channels 2 --bw 24\n"
        "  trivcheck model --topo ring:64 --source both --svg map.svg\n"
        "Exit 0 computed, 2 usage, 4 some schedule could not be checked (too large).");
    command
        ->add_option("--topo", options->topologies,
                     "ring:N, ring:A..B (any --n spec), switch:N (a port a rank), torus:AxB (each "
                     "extent any --n item: "
                     "torus:8..16x8); comma-separated items")
        ->required();
    command->add_option("--alpha", options->alpha,
                        "Latency per step: ps, ns, us, ms, s (default 1.5us; with --source both "
                        "NCCL's LL hop, 5us + --net-latency)");
    command->add_option("--link", options->link,
                        "Link rate, beta = 1/rate: Mbps, Gbps, Tbps, MB/s, GB/s, ... (default "
                        "800Gbps; with --source both --channels x --bw shared by a rank's links)");
    command->add_option("--beta", options->beta,
                        "Seconds per byte instead of --link: a time per size, 10ps/B, 1ns/100B");
    command->add_option("--m", options->sizes,
                        "Message sizes: A..B (--points sizes, log-spaced) or a comma list; B, KiB, "
                        "MiB, GiB, kB, MB, GB (default 32B..128MiB)");
    command->add_option("--points", options->points, "Sizes in an A..B range (default 121)");
    command->add_option("--algo", options->algos,
                        "all (default: every algorithm, NCCL's too; the paper's for --source "
                        "formula), or comma-separated algorithms (every form and variant) "
                        "and schedules: trivance-L (published), trivance-L-fold, "
                        "trivance-L-synthesized, trivance-B, ring-B, swing-L, ...");
    command
        ->add_option("--source", options->source,
                     "executed (K and Theta of the checked schedule at that size; default), "
                     "formula (the paper's ring table and Table 3), nccl (NCCL 2.30.7's own "
                     "model and pick per size, no schedules) or both (executed beside NCCL)")
        ->check(CLI::IsMember({"executed", "formula", "nccl", "both"}));
    add_nccl_options(*command, options->nccl, true);
    command->add_flag("--json", options->json, "Print trivcheck.cost_model/1 JSON");
    command->add_flag("--csv", options->csv, "Print one CSV row per topology and m");
    command
        ->add_option("--svg", options->svg,
                     "Also write the map: a row per topology, m on a log scale, cells "
                     "coloured by the winner, crossovers marked")
        ->check(a_path());
    command->add_option("--jobs", options->jobs, "Threads for the checks (default 0: all cores)");
    command
        ->add_option("--memory-limit", options->memory_limit_mib,
                     "Refuse a check above this many MiB (unknown, exit 4)")
        ->check(mebibytes());
    command->callback([options, &result] { result.exit_code = run_model(*options); });
}

}  // namespace trivcheck::cli
