#pragma once
#include <algorithm>
#include <string>
#include <vector>

namespace trivcheck {

/// The items of a comma-separated option value, in order, as written (an
/// empty text or two commas in a row give empty items, for the caller to refuse).
inline std::vector<std::string> comma_items(const std::string& text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        items.push_back(text.substr(start, comma - start));
        start = comma + 1;
    }
    return items;
}

}  // namespace trivcheck
