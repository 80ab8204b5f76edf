#include "checker/mscclpp_reading/plan_warnings.hpp"

namespace trivcheck::mscclpp {

void PlanWarnings::add(const std::string& kind, const std::string& path, const std::string& text) {
    auto [found, inserted] = by_kind_.emplace(kind, entries_.size());
    if (!inserted) {
        ++entries_[found->second].more;
        return;
    }
    entries_.push_back({file_ + ": " + path + ": " + text, 0});
}

std::vector<std::string> PlanWarnings::lines() const {
    std::vector<std::string> lines;
    for (const Entry& entry : entries_)
        lines.push_back(entry.more == 0 ? entry.text
                                        : entry.text + " (and " + std::to_string(entry.more) +
                                              " more like it)");
    return lines;
}

}  // namespace trivcheck::mscclpp
