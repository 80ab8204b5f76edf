#include <iostream>
#include <memory>

#include "checker/core/exit_code.hpp"
#include "checker/costs/nccl_sum_orders_report.hpp"
#include "checker/formats/comma_list.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/topology_spec.hpp"
#include "checker/formats/units.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/costs/nccl_options.hpp"

namespace trivcheck::cli {

namespace {

/// Element counts a run may scan (every one is placed): 2^26, 256 MiB of f32.
constexpr std::uint64_t most_counts = std::uint64_t{1} << 26;

struct DeterminismOptions {
    std::string topology;
    std::string sizes = "4B..128MiB";
    std::string elements = "0";
    std::string type = "f32";
    std::string algo = "nccl";
    std::string between;
    bool json = false;
    NcclOptions nccl;
};

int element_bytes(const std::string& type) {
    return type == "f64" ? 8 : type == "f32" ? 4 : 2;  // f16, bf16
}

std::uint64_t whole_bytes(const std::string& option, const std::string& text) {
    const double bytes = parse_bytes(option, text);
    if (!(bytes >= 1) || bytes > 1e15 ||
        bytes != static_cast<double>(static_cast<std::uint64_t>(bytes)))
        throw std::invalid_argument(option + ": a whole number of bytes, 1 B to 1 PB: " + text);
    return static_cast<std::uint64_t>(bytes);
}

/// NCCL_ALGO=Ring or Tree (enqueue.cc/tuning.cc: the other algorithms are
/// not considered).
void restrict_algorithm(NcclTuning& tuning, const std::string& algo) {
    if (algo == "nccl") return;
    const NcclAlgorithm kept = algo == "nccl_ring" ? NcclAlgorithm::ring : NcclAlgorithm::tree;
    for (NcclCandidate& candidate : tuning.candidates)
        if (candidate.algorithm != kept && candidate.enabled) {
            candidate.enabled = false;
            candidate.disabled_because = std::string("NCCL_ALGO=") + to_string(kept);
        }
}

NcclSumOrderRequest to_request(const DeterminismOptions& options) {
    std::vector<Topology> topologies;
    try {
        topologies = parse_topology_spec(options.topology);
    } catch (const TopologySpecError& error) {
        throw std::invalid_argument(std::string("--topo: ") + error.what());
    }
    if (topologies.size() != 1) throw std::invalid_argument("--topo: one topology");
    NcclModelSettings settings = nccl_settings(options.nccl);
    settings.setting.ranks = topologies.front().rank_count();
    NcclSumOrderRequest request;
    request.tuning = nccl_tune_model(settings.setting, NcclCollective::all_reduce);
    restrict_algorithm(request.tuning, options.algo);
    request.element_size = element_bytes(options.type);
    const std::size_t dots = options.sizes.find("..");
    if (dots == std::string::npos) throw std::invalid_argument("--m: A..B, e.g. 4B..128MiB");
    request.low_bytes = whole_bytes("--m", options.sizes.substr(0, dots));
    request.high_bytes = whole_bytes("--m", options.sizes.substr(dots + 2));
    if (request.low_bytes > request.high_bytes)
        throw std::invalid_argument("--m: A..B with A <= B");
    const std::uint64_t counts =
        request.high_bytes / static_cast<std::uint64_t>(request.element_size);
    if (counts > most_counts)
        throw std::invalid_argument("--m: at most " + std::to_string(most_counts) +
                                    " element counts (every one is placed); narrow the range");
    for (const std::string& item : comma_items(options.elements)) {
        if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos ||
            item.size() > 15)
            throw std::invalid_argument("--element: element indices, 0, 1, ...: " + item);
        request.elements.push_back(std::stoull(item));
    }
    if (!options.between.empty()) {
        const std::vector<std::string> items = comma_items(options.between);
        if (items.size() != 2) throw std::invalid_argument("--between: two sizes, X,Y");
        request.between = {whole_bytes("--between", items[0]), whole_bytes("--between", items[1])};
    }
    return request;
}

int run_determinism(const DeterminismOptions& options) {
    return run_reporting_errors([&]() -> int {
        const NcclSumOrders orders = nccl_sum_orders(to_request(options));
        const std::vector<NcclOrderTree> trees =
            nccl_order_trees(orders.request.tuning.setting.ranks, distinct_orders(orders), 160);
        if (options.json)
            std::cout << json_text(nccl_sum_orders_json(orders, trees), 2) << "\n";
        else
            std::cout << nccl_sum_orders_text(orders, trees);
        return exit_holds;
    });
}

}  // namespace

void register_determinism_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<DeterminismOptions>();
    CLI::App* command = app.add_subcommand(
        "determinism",
        "Does the all-reduce sum at element e change with the message size? NCCL 2.30.7's pick\n"
        "per size (algorithm, protocol, channels), its split of the buffer over channels,\n"
        "loops and chunks, and the order each element's sum is added in (docs/nccl.md).\n"
        "  trivcheck determinism --topo ring:16 --element 0,1000000\n"
        "  trivcheck determinism --topo ring:8 --algo nccl_ring --m 4B..8MiB --element 100000\n"
        "  trivcheck determinism --topo ring:16 --between 1MiB,2MiB\n"
        "Exit 0 computed, 2 usage.");
    command->add_option("--topo", options->topology, "ring:N (NCCL's model: one GPU per node)")
        ->required();
    command->add_option("--m", options->sizes,
                        "Sizes A..B in bytes, every element count between (default 4B..128MiB)");
    command->add_option("--element", options->elements,
                        "Element indices to follow, comma-separated (default 0)");
    command->add_option("--type", options->type, "f32 (default), f16, bf16, f64")
        ->check(CLI::IsMember({"f16", "bf16", "f32", "f64"}));
    command
        ->add_option("--algo", options->algo,
                     "nccl (NCCL's pick, default), nccl_ring or nccl_tree (NCCL_ALGO=Ring, Tree)")
        ->check(CLI::IsMember({"nccl", "nccl_ring", "nccl_tree"}));
    command->add_option("--between", options->between,
                        "X,Y: are all-reduces of X and Y bytes bit-identical on their common "
                        "elements? (one line)");
    add_nccl_options(*command, options->nccl, false);
    command->add_flag("--json", options->json, "Print trivcheck.nccl_sum_orders/1 JSON");
    command->callback([options, &result] { result.exit_code = run_determinism(*options); });
}

}  // namespace trivcheck::cli
