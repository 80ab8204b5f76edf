#include "checker/explanations/explanation_json.hpp"

#include "checker/explanations/contribution_journey.hpp"

namespace trivcheck {

namespace {

nlohmann::ordered_json step_or_null(int step) {
    return step < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(step);
}

}  // namespace

nlohmann::ordered_json explanation_to_json(const Explanation& explanation) {
    nlohmann::ordered_json json = nlohmann::ordered_json::object();
    if (!explanation.missing_contributors.empty()) {
        json["missing_contributors"] = explanation.missing_contributors;
        json["last_holders"] = nlohmann::ordered_json::array();
        for (const LastHolder& holder : explanation.last_holders)
            json["last_holders"].push_back(
                {{"contributor", holder.contributor},
                 {"rank", holder.rank < 0 ? nlohmann::ordered_json(nullptr)
                                          : nlohmann::ordered_json(holder.rank)},
                 {"since_step", step_or_null(holder.since_step)},
                 {"lost_step", step_or_null(holder.lost_step)},
                 {"cause", missing_cause(holder)}});
    }
    if (explanation.sender_explained) {
        json["held_blocks"] = explanation.held_blocks;
        json["unheld_blocks"] = explanation.unheld_blocks;
        nlohmann::ordered_json first = nlohmann::ordered_json::array();
        for (int step : explanation.first_held_after) first.push_back(step_or_null(step));
        json["first_held_after"] = std::move(first);
        json["sender_holds"] = explanation.sender_holds;
    }
    if (explanation.bound)
        json["bound"] = {{"bound", explanation.bound->bound},
                         {"limit", explanation.bound->limit},
                         {"measured", explanation.bound->measured},
                         {"link", explanation.bound->link},
                         {"phase", explanation.bound->phase}};
    return json;
}

}  // namespace trivcheck
