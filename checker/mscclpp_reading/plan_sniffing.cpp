#include "checker/mscclpp_reading/plan_sniffing.hpp"

#include <optional>

#include "checker/formats/mapped_file.hpp"

namespace trivcheck::mscclpp {

namespace {

/// The top-level keys of a JSON object, read one after another with every
/// value skipped, not parsed: the one question asked is which reader a file
/// gets, and the reader says what is wrong with it, if anything.
class TopLevelKeys {
  public:
    explicit TopLevelKeys(std::string_view text) : text_(text) {
        // A UTF-8 byte order mark may come first (nlohmann's parser skips it too).
        if (text_.starts_with("\xEF\xBB\xBF")) at_ = 3;
        skip_whitespace();
        valid_ = at_ < text_.size() && text_[at_] == '{';
        ++at_;
    }

    /// The next key (its text as written, escapes and all), or nullopt at the
    /// object's end or where the text is not JSON. The key is read before its
    /// value: a plan cut short in its "gpus" is still a plan, refused by the
    /// plan reader with the place it ends.
    std::optional<std::string_view> next() {
        if (!valid_) return std::nullopt;
        skip_whitespace();
        if (!first_) {
            if (!skip_value()) return stop();
            skip_whitespace();
            if (at_ >= text_.size() || text_[at_] != ',') return stop();
            ++at_;
            skip_whitespace();
        }
        first_ = false;
        const std::optional<std::string_view> key = string();
        if (!key) return stop();
        skip_whitespace();
        if (at_ >= text_.size() || text_[at_] != ':') return stop();
        ++at_;
        skip_whitespace();
        return key;
    }

  private:
    std::optional<std::string_view> stop() {
        valid_ = false;
        return std::nullopt;
    }

    void skip_whitespace() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                      text_[at_] == '\r' || text_[at_] == '\n'))
            ++at_;
    }

    /// The string at the cursor, without its quotes; the cursor moves past it.
    std::optional<std::string_view> string() {
        if (at_ >= text_.size() || text_[at_] != '"') return std::nullopt;
        const std::size_t start = ++at_;
        while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
        if (at_ >= text_.size()) return std::nullopt;
        return text_.substr(start, at_++ - start);
    }

    /// Moves past the value at the cursor: a string, an object or array (by
    /// its brackets, strings inside skipped whole), or a number or word.
    bool skip_value() {
        if (at_ >= text_.size()) return false;
        if (text_[at_] == '"') return string().has_value();
        if (text_[at_] != '{' && text_[at_] != '[') {
            const std::size_t start = at_;
            while (at_ < text_.size() &&
                   std::string_view(",}] \t\r\n").find(text_[at_]) == std::string_view::npos)
                ++at_;
            return at_ > start;
        }
        std::size_t depth = 0;
        while (at_ < text_.size()) {
            const char symbol = text_[at_];
            if (symbol == '"') {
                if (!string()) return false;
                continue;
            }
            ++at_;
            if (symbol == '{' || symbol == '[') ++depth;
            if ((symbol == '}' || symbol == ']') && --depth == 0) return true;
        }
        return false;
    }

    std::string_view text_;
    std::size_t at_ = 0;
    bool valid_ = false;
    bool first_ = true;
};

}  // namespace

bool looks_like_mscclpp_plan(std::string_view text) {
    TopLevelKeys keys(text);
    while (const std::optional<std::string_view> key = keys.next()) {
        if (*key == "schema") return false;  // a trivcheck schedule names its schema
        if (*key == "gpus") return true;
    }
    return false;
}

bool file_looks_like_mscclpp_plan(const std::string& path) {
    try {
        const MappedFile file(path);
        return looks_like_mscclpp_plan(file.text());
    } catch (const std::exception&) {
        return false;  // the reader that gets it says why it cannot be read
    }
}

}  // namespace trivcheck::mscclpp
