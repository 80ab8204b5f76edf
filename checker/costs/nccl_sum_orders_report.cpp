#include "checker/costs/nccl_sum_orders_report.hpp"

#include "checker/costs/nccl_model.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/formats/units.hpp"

namespace trivcheck {

namespace {

/// Runs printed per element in the text (JSON has them all).
constexpr std::size_t most_text_runs = 40;

std::string bytes_text(std::uint64_t bytes) { return format_bytes(static_cast<double>(bytes)); }

std::string pick_label(const NcclSumOrders& orders, int candidate) {
    return nccl_candidate_label(
        orders.request.tuning.candidates[static_cast<std::size_t>(candidate)]);
}

std::string order_changes_text(const NcclSumOrders& orders, const NcclElementOrders& element) {
    const std::uint64_t size = static_cast<std::uint64_t>(orders.request.element_size);
    if (element.order_changes.empty()) return "the same order at every size";
    std::string text = "the order changes at " + std::to_string(element.order_changes.size()) +
                       " size" + (element.order_changes.size() == 1 ? "" : "s") + ":";
    for (std::size_t i = 0; i < element.order_changes.size() && i < 12; ++i)
        text += " " + bytes_text(element.order_changes[i] * size);
    if (element.order_changes.size() > 12) text += " ...";
    return text;
}

std::string element_text(const NcclSumOrders& orders, const NcclElementOrders& element) {
    const std::uint64_t size = static_cast<std::uint64_t>(orders.request.element_size);
    std::string text = "element " + std::to_string(element.element) + ": ";
    if (element.runs.empty()) return text + "past the end of every size asked\n";
    text += order_changes_text(orders, element) + "\n";
    TextTable table({"from", "to", "pick", "channels", "order", "channel", "loop"});
    for (std::size_t i = 0; i < element.runs.size() && i < most_text_runs; ++i) {
        const NcclSumRun& run = element.runs[i];
        const bool ring = run.order.algorithm == NcclAlgorithm::ring;
        table.add_row({bytes_text(run.from_count * size), bytes_text((run.to_count - 1) * size),
                       pick_label(orders, run.candidate), std::to_string(run.channels),
                       to_string(run.order), std::to_string(run.place.channel),
                       ring ? std::to_string(run.place.loop) : "-"});
    }
    text += table.render("  ");
    if (element.runs.size() > most_text_runs)
        text += "  ... " + std::to_string(element.runs.size() - most_text_runs) +
                " more runs (--json has every run)\n";
    return text;
}

nlohmann::ordered_json order_json(const NcclSumOrder& order) {
    return {{"algorithm", to_string(order.algorithm)}, {"index", order.index}};
}

}  // namespace

std::string nccl_between_line(const NcclSizeComparison& comparison) {
    const std::string sizes =
        bytes_text(comparison.first_bytes) + " and " + bytes_text(comparison.second_bytes);
    if (!comparison.first_difference)
        return "between " + sizes + ": bit-identical on all " +
               std::to_string(comparison.common_elements) +
               " common elements (every element summed in the same order)";
    return "between " + sizes + ": not bit-identical: element " +
           std::to_string(*comparison.first_difference) + " is summed as " +
           to_string(comparison.first_order) + " at " + bytes_text(comparison.first_bytes) +
           " and as " + to_string(comparison.second_order) + " at " +
           bytes_text(comparison.second_bytes);
}

std::string nccl_sum_orders_text(const NcclSumOrders& orders,
                                 const std::vector<NcclOrderTree>& trees) {
    const NcclSumOrderRequest& request = orders.request;
    const NcclSetting& setting = request.tuning.setting;
    std::string text = "NCCL 2.30.7 all-reduce on " + std::to_string(setting.ranks) + " ranks (" +
                       to_string(setting.arch) + ", " + std::to_string(setting.channels) +
                       " search channels, " + std::to_string(request.tuning.comm_channels) +
                       " in the communicator), " + std::to_string(request.element_size) +
                       "-byte elements, every element count from " + bytes_text(request.low_bytes) +
                       " to " + bytes_text(request.high_bytes) + "\n\nNCCL's pick:\n";
    TextTable bands({"from", "to", "pick", "channels"});
    for (const NcclBand& band : orders.bands)
        bands.add_row({bytes_text(band.from), bytes_text(band.to - 1),
                       pick_label(orders, band.candidate), std::to_string(band.channels)});
    text += bands.render("  ");
    for (const NcclElementOrders& element : orders.elements)
        text += "\n" + element_text(orders, element);
    if (!trees.empty()) text += "\norders (the nccl_ring and nccl_tree schedules' final trees):\n";
    for (const NcclOrderTree& tree : trees) {
        text += "  " + to_string(tree.order) + ": ";
        if (!tree.followed) {
            text += "not followed (too many deliveries)\n";
            continue;
        }
        text += tree.text + (tree.ranks_agree ? "  (every rank ends with it)\n"
                                              : "  (ranks end with different trees)\n");
    }
    if (orders.between) text += "\n" + nccl_between_line(*orders.between) + "\n";
    return text;
}

nlohmann::ordered_json nccl_sum_orders_json(const NcclSumOrders& orders,
                                            const std::vector<NcclOrderTree>& trees) {
    const NcclSumOrderRequest& request = orders.request;
    const std::uint64_t size = static_cast<std::uint64_t>(request.element_size);
    nlohmann::ordered_json json = {{"format", "trivcheck.nccl_sum_orders/1"},
                                   {"nccl_version", "2.30.7"},
                                   {"ranks", request.tuning.setting.ranks},
                                   {"arch", to_string(request.tuning.setting.arch)},
                                   {"search_channels", request.tuning.setting.channels},
                                   {"comm_channels", request.tuning.comm_channels},
                                   {"element_bytes", request.element_size},
                                   {"from_bytes", request.low_bytes},
                                   {"to_bytes", request.high_bytes}};
    nlohmann::ordered_json bands = nlohmann::ordered_json::array();
    for (const NcclBand& band : orders.bands)
        bands.push_back({{"from_bytes", band.from},
                         {"to_bytes", band.to - 1},
                         {"pick", pick_label(orders, band.candidate)},
                         {"channels", band.channels}});
    json["bands"] = std::move(bands);
    nlohmann::ordered_json elements = nlohmann::ordered_json::array();
    for (const NcclElementOrders& element : orders.elements) {
        nlohmann::ordered_json runs = nlohmann::ordered_json::array();
        for (const NcclSumRun& run : element.runs)
            runs.push_back({{"from_bytes", run.from_count * size},
                            {"to_bytes", (run.to_count - 1) * size},
                            {"pick", pick_label(orders, run.candidate)},
                            {"channels", run.channels},
                            {"order", to_string(run.order)},
                            {"channel", run.place.channel},
                            {"loop", run.place.loop}});
        nlohmann::ordered_json changes = nlohmann::ordered_json::array();
        for (std::uint64_t count : element.order_changes) changes.push_back(count * size);
        elements.push_back({{"element", element.element},
                            {"order_changes_at_bytes", std::move(changes)},
                            {"runs", std::move(runs)}});
    }
    json["elements"] = std::move(elements);
    nlohmann::ordered_json tree_list = nlohmann::ordered_json::array();
    for (const NcclOrderTree& tree : trees) {
        nlohmann::ordered_json entry = {{"order", to_string(tree.order)},
                                        {"followed", tree.followed}};
        if (tree.followed) {
            entry["tree"] = tree.text;
            entry["ranks_agree"] = tree.ranks_agree;
        }
        tree_list.push_back(std::move(entry));
    }
    json["orders"] = std::move(tree_list);
    if (orders.between) {
        const NcclSizeComparison& between = *orders.between;
        nlohmann::ordered_json answer = {{"first_bytes", between.first_bytes},
                                         {"second_bytes", between.second_bytes},
                                         {"common_elements", between.common_elements},
                                         {"bit_identical", !between.first_difference},
                                         {"line", nccl_between_line(between)}};
        if (between.first_difference) {
            answer["first_different_element"] = *between.first_difference;
            answer["first_order"] = order_json(between.first_order);
            answer["second_order"] = order_json(between.second_order);
        }
        json["between"] = std::move(answer);
    }
    return json;
}

}  // namespace trivcheck
