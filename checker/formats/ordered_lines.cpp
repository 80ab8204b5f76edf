#include "checker/formats/ordered_lines.hpp"

namespace trivcheck {

void OrderedLines::add(std::size_t index, std::string line) {
    std::lock_guard lock(mutex_);
    early_.emplace(index, std::move(line));
    // The sink runs under the lock: it is what keeps lines whole and in order.
    for (auto first = early_.begin(); first != early_.end() && first->first == next_;
         first = early_.begin()) {
        if (!first->second.empty()) sink_(first->second);
        early_.erase(first);
        ++next_;
    }
}

std::size_t OrderedLines::waiting() const {
    std::lock_guard lock(mutex_);
    return early_.size();
}

}  // namespace trivcheck
