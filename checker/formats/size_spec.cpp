#include "checker/formats/size_spec.hpp"

#include <algorithm>
#include <string_view>

namespace trivcheck {

namespace {

constexpr const char* expected_item = "expected N, A..B, pow2, pow3, pow2:A..B or pow3:A..B";

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

/// One item of the spec, parsed; reports errors with the item's own text.
class ItemParser {
  public:
    explicit ItemParser(std::string_view item) : item_(item) {}

    [[noreturn]] void fail(const std::string& reason) const {
        throw SizeSpecError("item \"" + std::string(item_) + "\": " + reason);
    }

    /// A plain decimal size in [2, max_spec_size]; anything else fails the item.
    int size(std::string_view digits) const {
        if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos)
            fail(expected_item);
        std::int64_t value = 0;
        for (char digit : digits) {
            // Saturate instead of overflowing: the bound check below reports it.
            value =
                std::min<std::int64_t>(value * 10 + (digit - '0'), std::int64_t{max_spec_size} + 1);
        }
        if (value < 2) fail("ring sizes start at 2");
        if (value > max_spec_size)
            fail("sizes above " + std::to_string(max_spec_size) + " are not supported");
        return static_cast<int>(value);
    }

    /// "A..B", or "..B" when `lower_optional` (the lower bound is then 2).
    std::pair<int, int> range(std::string_view text, bool lower_optional) const {
        const auto dots = text.find("..");
        if (dots == std::string_view::npos) fail(expected_item);
        const std::string_view lower_text = text.substr(0, dots);
        const int lower = lower_text.empty() && lower_optional ? 2 : size(lower_text);
        const int upper = size(text.substr(dots + 2));
        if (lower > upper)
            fail("empty range, " + std::to_string(lower) + " > " + std::to_string(upper));
        return {lower, upper};
    }

  private:
    std::string_view item_;
};

/// Adds the item's sizes to `sizes`, keeping the spec's total within max_spec_count.
void add_item(std::string_view item, std::vector<int>& sizes, std::int64_t& named) {
    const ItemParser parser(item);
    auto count = [&](std::int64_t more) {
        named += more;
        if (named > max_spec_count)
            parser.fail("more than " + std::to_string(max_spec_count) + " sizes in one spec");
    };
    if (item.starts_with("pow2") || item.starts_with("pow3")) {
        const int base = item[3] - '0';
        const std::string_view rest = item.substr(4);
        std::pair<int, int> bounds{2, default_power_bound};
        if (!rest.empty()) {
            if (rest.front() != ':') parser.fail(expected_item);
            bounds = parser.range(rest.substr(1), true);
        }
        const std::size_t before = sizes.size();
        for (std::int64_t power = base; power <= bounds.second; power *= base)
            if (power >= bounds.first) sizes.push_back(static_cast<int>(power));
        if (sizes.size() == before)
            parser.fail("no power of " + std::to_string(base) + " in " +
                        std::to_string(bounds.first) + ".." + std::to_string(bounds.second));
        count(static_cast<std::int64_t>(sizes.size() - before));
        return;
    }
    if (item.find("..") == std::string_view::npos) {
        const int n = parser.size(item);
        count(1);
        sizes.push_back(n);
        return;
    }
    const auto [lower, upper] = parser.range(item, false);
    count(std::int64_t{upper} - lower + 1);
    for (int n = lower; n <= upper; ++n) sizes.push_back(n);
}

}  // namespace

std::vector<int> parse_size_spec(const std::string& text) {
    if (trim(text).empty()) throw SizeSpecError("expected at least one size");
    std::vector<int> sizes;
    std::int64_t named = 0;
    std::size_t start = 0;
    for (int index = 1;; ++index) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = trim(std::string_view(text).substr(start, comma - start));
        if (item.empty()) throw SizeSpecError("item " + std::to_string(index) + " is empty");
        add_item(item, sizes, named);
        if (comma == text.size()) break;
        start = comma + 1;
    }
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

}  // namespace trivcheck
