#include "checker/execution/proven_fold_cores.hpp"

#include <algorithm>

namespace trivcheck {

bool ProvenFoldCores::holds(const FoldedSchedule& folded, const ExecuteOptions& options) {
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto known = std::find_if(
            proven_.begin(), proven_.end(),
            [&](const std::shared_ptr<const Schedule>& core) { return folded.has_core(*core); });
        if (known != proven_.end()) {
            ++reuses_;
            return true;
        }
    }
    ExecuteOptions core_options = options;
    core_options.observer = nullptr;
    auto core = std::make_shared<const Schedule>(folded.core());
    if (execute(*core, core_options).verdict != Verdict::holds) return false;
    const std::lock_guard<std::mutex> lock(mutex_);
    proven_.push_front(std::move(core));
    if (proven_.size() > kept) proven_.pop_back();
    return true;
}

std::uint64_t ProvenFoldCores::reuses() const {
    const std::lock_guard<std::mutex> lock(mutex_);
    return reuses_;
}

ProvenFoldCores& proven_fold_cores() {
    static ProvenFoldCores cores;
    return cores;
}

}  // namespace trivcheck
