#include "checker/formats/json_path_line.hpp"

#include <cstddef>
#include <variant>
#include <vector>

namespace trivcheck {

namespace {

using Component = std::variant<std::string, std::size_t>;

/// "steps[3].transfers[7]" as {"steps", 3, "transfers", 7}; nullopt when malformed.
std::optional<std::vector<Component>> split_path(const std::string& path) {
    std::vector<Component> components;
    std::size_t i = 0;
    while (i < path.size()) {
        if (path[i] == '.') {
            ++i;
            continue;
        }
        if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            if (close == std::string::npos || close == i + 1) return std::nullopt;
            std::size_t index = 0;
            for (std::size_t d = i + 1; d < close; ++d) {
                if (path[d] < '0' || path[d] > '9') return std::nullopt;
                index = index * 10 + static_cast<std::size_t>(path[d] - '0');
            }
            components.emplace_back(index);
            i = close + 1;
            continue;
        }
        const std::size_t end = path.find_first_of(".[", i);
        components.emplace_back(path.substr(i, end - i));
        i = end == std::string::npos ? path.size() : end;
    }
    return components;
}

class Scanner {
  public:
    explicit Scanner(std::string_view text) : text_(text) {}

    /// Follows `path` from the value at the current position.
    std::optional<int> find(const std::vector<Component>& path, std::size_t depth) {
        skip_space();
        if (depth == path.size()) return at_end() ? std::nullopt : std::optional(line_);
        if (at_end()) return std::nullopt;
        if (const auto* key = std::get_if<std::string>(&path[depth])) {
            if (text_[at_] != '{') return std::nullopt;
            ++at_;
            while (true) {
                skip_space();
                if (at_end() || text_[at_] != '"') return std::nullopt;
                const std::string name = read_string();
                skip_space();
                if (at_end() || text_[at_] != ':') return std::nullopt;
                ++at_;
                if (name == *key) return find(path, depth + 1);
                if (!skip_value_and_separator()) return std::nullopt;
            }
        }
        const std::size_t wanted = std::get<std::size_t>(path[depth]);
        if (text_[at_] != '[') return std::nullopt;
        ++at_;
        for (std::size_t index = 0;; ++index) {
            if (index == wanted) return find(path, depth + 1);
            if (!skip_value_and_separator()) return std::nullopt;
        }
    }

  private:
    bool at_end() const { return at_ >= text_.size(); }

    void skip_space() {
        while (!at_end() && (text_[at_] == ' ' || text_[at_] == '\t' || text_[at_] == '\n' ||
                             text_[at_] == '\r')) {
            if (text_[at_] == '\n') ++line_;
            ++at_;
        }
    }

    /// At an opening quote: the string's raw contents (escapes left as they are).
    std::string read_string() {
        const std::size_t start = ++at_;
        while (!at_end() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
        const std::string contents(text_.substr(start, at_ - start));
        ++at_;
        return contents;
    }

    /// Skips one value and the comma after it; false at the container's end.
    bool skip_value_and_separator() {
        skip_space();
        int nesting = 0;
        while (!at_end()) {
            const char c = text_[at_];
            if (c == '"') {
                read_string();
                continue;
            }
            if (c == '\n') ++line_;
            if (c == '{' || c == '[') ++nesting;
            if (c == '}' || c == ']') {
                if (nesting == 0) return false;
                --nesting;
            }
            if (c == ',' && nesting == 0) {
                ++at_;
                return true;
            }
            ++at_;
        }
        return false;
    }

    std::string_view text_;
    std::size_t at_ = 0;
    int line_ = 1;
};

}  // namespace

std::optional<int> json_path_line(std::string_view text, const std::string& path) {
    const std::optional<std::vector<Component>> components = split_path(path);
    if (!components) return std::nullopt;
    return Scanner(text).find(*components, 0);
}

}  // namespace trivcheck
