#include "checker/search/generator_difference.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "checker/core/block_list_text.hpp"

namespace trivcheck {

namespace {

using MessageKey = std::tuple<int, int, int, Op>;  // step, src, dst, op

/// Every block sent, by (step, src, dst, op), sorted.
std::map<MessageKey, std::vector<int>> blocks_by_message(const Schedule& schedule) {
    std::map<MessageKey, std::vector<int>> messages;
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        for (const Transfer& transfer : schedule.steps[k].transfers) {
            std::vector<int>& blocks =
                messages[{static_cast<int>(k), transfer.src, transfer.dst, transfer.op}];
            const std::vector<int> sorted = transfer.blocks.sorted();
            blocks.insert(blocks.end(), sorted.begin(), sorted.end());
        }
    for (auto& [key, blocks] : messages) std::sort(blocks.begin(), blocks.end());
    return messages;
}

/// a - b as multisets of sorted values.
std::vector<int> minus(const std::vector<int>& a, const std::vector<int>& b) {
    std::vector<int> left;
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(left));
    return left;
}

std::string describe(const TransferDifference& difference) {
    std::string text = "step " + std::to_string(difference.step) + ", " +
                       std::to_string(difference.src) + " -> " + std::to_string(difference.dst) +
                       " " + to_string(difference.op);
    auto blocks = [](std::vector<int> list) {
        // A block sent twice where the correct schedule sends it once is listed once.
        list.erase(std::unique(list.begin(), list.end()), list.end());
        return (list.size() == 1 ? " block " : " blocks ") + format_block_list(list);
    };
    if (!difference.lacks.empty()) text += " lacks" + blocks(difference.lacks);
    if (!difference.extra.empty())
        text += (difference.lacks.empty() ? " has" : ", has") + blocks(difference.extra) + " extra";
    return text;
}

}  // namespace

std::vector<TransferDifference> transfer_differences(const Schedule& schedule,
                                                     const Schedule& correct) {
    const auto have = blocks_by_message(schedule);
    const auto want = blocks_by_message(correct);
    std::map<MessageKey, TransferDifference> found;
    auto entry = [&](const MessageKey& key) -> TransferDifference& {
        TransferDifference& difference = found[key];
        std::tie(difference.step, difference.src, difference.dst, difference.op) = key;
        return difference;
    };
    const std::vector<int> none;
    for (const auto& [key, blocks] : want) {
        const auto it = have.find(key);
        std::vector<int> lacks = minus(blocks, it == have.end() ? none : it->second);
        if (!lacks.empty()) entry(key).lacks = std::move(lacks);
    }
    for (const auto& [key, blocks] : have) {
        const auto it = want.find(key);
        std::vector<int> extra = minus(blocks, it == want.end() ? none : it->second);
        if (!extra.empty()) entry(key).extra = std::move(extra);
    }
    std::vector<TransferDifference> differences;
    for (auto& [key, difference] : found) differences.push_back(std::move(difference));
    return differences;
}

std::string difference_summary(const Schedule& schedule, const GeneratorRequest& request) {
    if (request.algo.empty()) return "no generator is known for it to compare with";
    GeneratorRequest at = request;
    at.topology = Topology::ring(schedule.ranks);
    Schedule correct;
    try {
        correct = generate(at);
    } catch (const NotApplicable&) {
        return "the generator has no " + std::to_string(schedule.ranks) + "-rank schedule";
    }
    if (correct.blocks != schedule.blocks || correct.steps.size() != schedule.steps.size() ||
        correct.collective != schedule.collective)
        return "no correct schedule of its shape is known: " + correct.name + " has " +
               std::to_string(correct.steps.size()) + " steps and " +
               std::to_string(correct.blocks) + " blocks, it " +
               std::to_string(schedule.steps.size()) + " and " + std::to_string(schedule.blocks);
    const std::vector<TransferDifference> differences = transfer_differences(schedule, correct);
    if (differences.empty()) return "the same transfers as " + correct.name;
    std::string text = "differs from " + correct.name + " in " +
                       std::to_string(differences.size()) +
                       (differences.size() == 1 ? " place: " : " places: ");
    constexpr std::size_t shown = 3;
    for (std::size_t i = 0; i < differences.size() && i < shown; ++i)
        text += (i ? "; " : "") + describe(differences[i]);
    if (differences.size() > shown)
        text += "; and " + std::to_string(differences.size() - shown) + " more";
    return text;
}

}  // namespace trivcheck
