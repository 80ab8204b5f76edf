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

}  // namespace trivcheck::cli
