#include "checker/core/block_list_text.hpp"

#include <algorithm>
#include <cassert>
#include <charconv>
#include <climits>
#include <cstdint>

namespace trivcheck {
namespace {

constexpr std::string_view kItemSyntax =
    "expected a block number, a range a-b or start:stop:stride";

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
    return text;
}

/// One item is `n`, `a-b` or `start:stop:stride`: small enough that a cursor
/// and three rules beat a general tokenizer.
class ItemParser {
  public:
    explicit ItemParser(std::string_view item) : item_(item) {}

    [[noreturn]] void fail(std::string_view problem) const {
        throw BlockListError("item \"" + std::string(item_) + "\": " + std::string(problem));
    }
    bool at_end() const { return position_ == item_.size(); }
    bool accept(char expected) {
        if (at_end() || item_[position_] != expected) return false;
        ++position_;
        return true;
    }
    std::int64_t number() {
        auto is_digit = [&](std::size_t at) {
            return at < item_.size() && item_[at] >= '0' && item_[at] <= '9';
        };
        // "-3" or "2--3" would otherwise read as a syntax error, which hides
        // what the writer meant.
        if (!at_end() && item_[position_] == '-' && is_digit(position_ + 1))
            fail("negative block number");
        if (!is_digit(position_)) fail(kItemSyntax);
        std::int64_t value = 0;
        while (is_digit(position_)) {
            value = value * 10 + (item_[position_++] - '0');
            if (value > INT_MAX) fail("number too large");
        }
        return value;
    }

  private:
    std::string_view item_;
    std::size_t position_ = 0;
};

/// An item as an arithmetic progression first..last (inclusive) by stride.
struct Progression {
    std::int64_t first = 0;
    std::int64_t last = 0;
    std::int64_t stride = 1;
    std::int64_t count() const { return (last - first) / stride + 1; }
};

Progression parse_item(std::string_view item) {
    ItemParser parser(item);
    Progression progression;
    progression.first = parser.number();
    progression.last = progression.first;
    if (parser.accept('-')) {
        progression.last = parser.number();
        if (!parser.at_end()) parser.fail(kItemSyntax);
        if (progression.first > progression.last)
            parser.fail("empty range (" + std::to_string(progression.first) + " > " +
                        std::to_string(progression.last) + ")");
    } else if (parser.accept(':')) {
        std::int64_t stop = parser.number();
        if (!parser.accept(':')) parser.fail(kItemSyntax);
        progression.stride = parser.number();
        if (!parser.at_end()) parser.fail(kItemSyntax);
        if (progression.stride == 0) parser.fail("stride must be at least 1");
        if (progression.first >= stop)
            parser.fail("empty range (start " + std::to_string(progression.first) + " >= stop " +
                        std::to_string(stop) + ")");
        progression.last = progression.first +
                           (stop - 1 - progression.first) / progression.stride * progression.stride;
    } else if (!parser.at_end()) {
        parser.fail(kItemSyntax);
    }
    return progression;
}

int decimal_digits(std::int64_t value) {
    int digits = 1;
    while (value >= 10) {
        value /= 10;
        ++digits;
    }
    return digits;
}

/// Calls `visit` with each item of `text` as a progression, checked: within
/// [0, block_count), and no more blocks in all than exist (more means repeats;
/// stopping there keeps a short string of repeated ranges from expanding into
/// gigabytes). Returns the blocks listed.
template <class Visit>
std::int64_t visit_items(std::string_view text, int block_count, Visit visit) {
    if (trim(text).empty()) throw BlockListError("expected at least one block");
    std::int64_t total = 0;
    std::size_t item_number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        ++item_number;
        std::string_view item = trim(text.substr(start, comma - start));
        if (item.empty()) throw BlockListError("item " + std::to_string(item_number) + " is empty");
        Progression progression = parse_item(item);
        if (progression.last >= block_count)
            throw BlockListError("item \"" + std::string(item) + "\": block " +
                                 std::to_string(progression.last) + " out of range [0, " +
                                 std::to_string(block_count) + ")");
        total += progression.count();
        if (total > block_count)
            throw BlockListError(std::to_string(total) + " blocks listed but only " +
                                 std::to_string(block_count) + " exist: some are listed twice");
        visit(progression, total);
        start = comma + 1;
    }
    return total;
}

}  // namespace

std::vector<int> parse_block_list(std::string_view text, int block_count) {
    std::vector<int> blocks;
    visit_items(text, block_count, [&](const Progression& progression, std::int64_t total) {
        if (static_cast<std::size_t>(total) > blocks.capacity())
            blocks.reserve(std::max(static_cast<std::size_t>(total), 2 * blocks.capacity()));
        for (std::int64_t block = progression.first; block <= progression.last;
             block += progression.stride)
            blocks.push_back(static_cast<int>(block));
    });
    return blocks;
}

std::int64_t count_block_list(std::string_view text, int block_count) {
    return visit_items(text, block_count, [](const Progression&, std::int64_t) {});
}

std::string format_block_list(const std::vector<int>& sorted_blocks) {
    const std::vector<int>& b = sorted_blocks;
    const std::size_t n = b.size();
    for (std::size_t i = 0; i < n; ++i) assert(b[i] >= 0 && (i == 0 || b[i - 1] < b[i]));

    struct Suffix {
        /// Last index of the longest arithmetic progression starting here
        /// (its stride is fixed by the next block).
        std::size_t progression_end = 0;
        /// Length of the shortest text for the blocks from here on.
        std::int64_t length = 0;
        /// Last index of the first piece of that text.
        std::size_t piece_end = 0;
    };
    std::vector<Suffix> suffix(n);
    for (std::size_t i = n; i-- > 0;) {
        if (i + 1 >= n)
            suffix[i].progression_end = i;
        else if (i + 2 < n && b[i + 2] - b[i + 1] == b[i + 1] - b[i])
            suffix[i].progression_end = suffix[i + 1].progression_end;
        else
            suffix[i].progression_end = i + 1;
    }
    auto item_length = [&](std::size_t first, std::size_t last) -> std::int64_t {
        if (first == last) return decimal_digits(b[first]);
        std::int64_t stride = b[first + 1] - b[first];
        if (stride == 1) return decimal_digits(b[first]) + 1 + decimal_digits(b[last]);
        return decimal_digits(b[first]) + 1 + decimal_digits(std::int64_t{b[last]} + 1) + 1 +
               decimal_digits(stride);
    };

    // Shortest text of each suffix. Merging two adjacent pieces of the same
    // progression never lengthens the text, so a progression piece only needs
    // to end at its maximal end or one before (leaving the boundary block to
    // start the next piece); with singles that makes it linear.
    for (std::size_t i = n; i-- > 0;) {
        auto total = [&](std::size_t last) {
            return item_length(i, last) + (last + 1 < n ? 1 + suffix[last + 1].length : 0);
        };
        std::size_t best = i;
        std::int64_t best_length = total(i);
        const std::size_t longest = suffix[i].progression_end;
        // Ties go to plain singles: the same length with nothing to decode.
        for (std::size_t last : {longest, longest - 1}) {
            if (last < i + 2 || last > longest) continue;
            if (std::int64_t candidate = total(last); candidate < best_length) {
                best = last;
                best_length = candidate;
            }
        }
        suffix[i].length = best_length;
        suffix[i].piece_end = best;
    }

    std::string text(n == 0 ? 0 : static_cast<std::size_t>(suffix[0].length), '\0');
    char* out = text.data();
    auto put = [&](std::int64_t value) {
        out = std::to_chars(out, text.data() + text.size(), value).ptr;
    };
    for (std::size_t i = 0; i < n; i = suffix[i].piece_end + 1) {
        if (i > 0) *out++ = ',';
        const std::size_t last = suffix[i].piece_end;
        put(b[i]);
        if (last == i) continue;
        const std::int64_t stride = b[i + 1] - b[i];
        if (stride == 1) {
            *out++ = '-';
            put(b[last]);
        } else {
            *out++ = ':';
            put(std::int64_t{b[last]} + 1);
            *out++ = ':';
            put(stride);
        }
    }
    assert(out == text.data() + text.size());
    return text;
}

}  // namespace trivcheck
