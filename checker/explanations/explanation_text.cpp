#include "checker/explanations/explanation_text.hpp"

#include <cstdio>

#include "checker/core/block_list_text.hpp"

namespace trivcheck {

namespace {

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string after_step(int step) {
    return step < 0 ? "from the start" : "since step " + std::to_string(step);
}

std::string describe_holder(const LastHolder& holder, int rank) {
    const std::string who = "contributor " + std::to_string(holder.contributor);
    if (holder.rank < 0)
        return who + " never left rank " + std::to_string(holder.contributor) +
               ": no transfer carries it towards rank " + std::to_string(rank);
    if (holder.rank == rank)
        return who + " reached rank " + std::to_string(rank) + " " + after_step(holder.since_step) +
               ", but a copy in step " + std::to_string(holder.lost_step) + " overwrote it";
    std::string text = who + " never reached rank " + std::to_string(rank) +
                       ": last held by rank " + std::to_string(holder.rank) + " " +
                       after_step(holder.since_step);
    if (holder.lost_step >= 0)
        text += " until a copy in step " + std::to_string(holder.lost_step) + " overwrote it";
    else
        text += ", which never sends it on towards rank " + std::to_string(rank);
    return text;
}

void describe_missing(const Violation& violation, const Explanation& explanation,
                      std::vector<std::string>& lines) {
    if (explanation.missing_contributors.empty()) return;
    lines.push_back(
        "lacks " + std::to_string(explanation.missing_contributors.size()) +
        (explanation.missing_contributors.size() == 1 ? " contributor: " : " contributors: ") +
        format_block_list(explanation.missing_contributors));
    for (const LastHolder& holder : explanation.last_holders)
        lines.push_back(describe_holder(holder, violation.rank));
}

/// A block list for a sentence, cut short when it would fill the line.
std::string blocks_text(const std::vector<int>& blocks) {
    if (blocks.empty()) return "none";
    std::string text = format_block_list(blocks);
    if (text.size() > 60) text = text.substr(0, text.find(',', 50)) + ",...";
    return text;
}

void describe_unheld(const Violation& violation, const Explanation& explanation,
                     std::vector<std::string>& lines) {
    if (!explanation.sender_explained || violation.transfers.empty()) return;
    const Hop& hop = violation.transfers.front();
    const std::size_t sent = explanation.held_blocks.size() + explanation.unheld_blocks.size();
    lines.push_back("rank " + std::to_string(hop.src) + " sends " + std::to_string(sent) +
                    (sent == 1 ? " block" : " blocks") + " to rank " + std::to_string(hop.dst) +
                    " in step " + std::to_string(hop.step) + " and holds nothing of " +
                    blocks_text(explanation.unheld_blocks) + " (holds " +
                    std::to_string(explanation.held_blocks.size()) + " of the " +
                    std::to_string(sent) + ")");
    lines.push_back("at the start of step " + std::to_string(hop.step) + " rank " +
                    std::to_string(hop.src) + " holds blocks " +
                    blocks_text(explanation.sender_holds));
    for (std::size_t i = 0; i < explanation.unheld_blocks.size() && i < 3; ++i) {
        const int first = explanation.first_held_after[i];
        lines.push_back("block " + std::to_string(explanation.unheld_blocks[i]) +
                        (first < 0 ? " never reaches rank " + std::to_string(hop.src)
                                   : " first reaches rank " + std::to_string(hop.src) +
                                         " in step " + std::to_string(first)));
    }
}

}  // namespace

std::vector<std::string> describe_explanation(const Violation& violation,
                                              const Explanation& explanation) {
    std::vector<std::string> lines;
    if (violation.kind == ViolationKind::missing) describe_missing(violation, explanation, lines);
    if (violation.kind == ViolationKind::send_unheld)
        describe_unheld(violation, explanation, lines);
    if (explanation.bound) {
        const BoundBreach& bound = *explanation.bound;
        std::string text = "bound " + bound.bound + ": declared at most " + number(bound.limit) +
                           ", measured " + number(bound.measured);
        if (!bound.link.empty()) text += " on link " + bound.link;
        if (violation.step >= 0) text += " in step " + std::to_string(violation.step);
        if (!bound.phase.empty()) text += " in phase " + bound.phase;
        lines.push_back(text);
    }
    return lines;
}

}  // namespace trivcheck
