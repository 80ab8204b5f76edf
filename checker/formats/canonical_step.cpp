#include "checker/formats/canonical_step.hpp"

#include "checker/formats/same_text.hpp"

namespace trivcheck {

namespace {

/// What comes before each value (the value of names[i] follows separators[i])
/// and, last, what closes the element.
constexpr std::array<std::string_view, 11> separators = {
    "<step s=\"", "\" type=\"",  "\" srcbuf=\"", "\" srcoff=\"", "\" dstbuf=\"", "\" dstoff=\"",
    "\" cnt=\"",  "\" depid=\"", "\" deps=\"",   "\" hasdep=\"", "\"/>"};

bool value_character(char character) {
    return (character >= '0' && character <= '9') || (character >= 'a' && character <= 'z') ||
           (character >= 'A' && character <= 'Z') || character == '-';
}

bool space(char character) {
    return character == ' ' || character == '\n' || character == '\r' || character == '\t';
}

/// Whether `text` continues at `position` with `expected`; moves past it.
bool take(std::string_view text, std::size_t& position, std::string_view expected) {
    if (text.size() - position < expected.size() ||
        !same_text(text.substr(position, expected.size()), expected))
        return false;
    position += expected.size();
    return true;
}

}  // namespace

CanonicalStep scan_canonical_step(std::string_view text) {
    CanonicalStep step;
    std::size_t position = 0;
    while (position < text.size() && space(text[position])) ++position;
    for (std::size_t index = 0; index < CanonicalStep::names.size(); ++index) {
        if (!take(text, position, separators[index])) return step;
        const std::size_t first = position;
        while (position < text.size() && value_character(text[position])) ++position;
        if (position == first) return step;
        step.values[index] = text.substr(first, position - first);
    }
    if (!take(text, position, separators.back())) return step;
    step.length = position;
    return step;
}

}  // namespace trivcheck
