#pragma once
#include <cstdio>
#include <string>

namespace trivcheck::cli {

/// "12.5%": a fraction as a percentage with one decimal.
inline std::string percent(double fraction) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f%%", 100 * fraction);
    return text;
}

/// `text` padded with spaces to `width` (never cut), for table columns.
inline std::string pad(std::string text, std::size_t width) {
    if (text.size() < width) text.append(width - text.size(), ' ');
    return text;
}

}  // namespace trivcheck::cli
