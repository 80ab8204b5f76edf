#pragma once
#include <map>
#include <string>
#include <vector>

namespace trivcheck::mscclpp {

/// Warnings of one reading, one line per kind: the first place it happened
/// and how many more there were, so that a field on every operation warns once.
class PlanWarnings {
  public:
    explicit PlanWarnings(std::string file) : file_(std::move(file)) {}

    /// A warning of `kind` at JSON path `path`; later ones of the same kind are counted.
    void add(const std::string& kind, const std::string& path, const std::string& text);
    /// `file: path: text (and N more like it)`, in the order of their first occurrence.
    std::vector<std::string> lines() const;

  private:
    struct Entry {
        std::string text;
        int more = 0;
    };
    std::string file_;
    std::vector<Entry> entries_;
    std::map<std::string, std::size_t> by_kind_;
};

}  // namespace trivcheck::mscclpp
