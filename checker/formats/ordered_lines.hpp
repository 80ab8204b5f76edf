#pragma once
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace trivcheck {

/// Passes lines that parallel workers finish out of order to `sink` in index
/// order, each as soon as every earlier index has arrived; it holds only the
/// lines that arrived early (about one per worker when work is handed out in
/// index order), so output streams and memory stays small.
class OrderedLines {
  public:
    explicit OrderedLines(std::function<void(const std::string&)> sink) : sink_(std::move(sink)) {}

    /// Thread-safe. Every index from 0 up must be added exactly once; an empty
    /// line takes its place in the order but is not passed on.
    void add(std::size_t index, std::string line);

    /// Lines added but still waiting for an earlier index.
    std::size_t waiting() const;

  private:
    std::function<void(const std::string&)> sink_;
    mutable std::mutex mutex_;
    std::map<std::size_t, std::string> early_;
    std::size_t next_ = 0;
};

}  // namespace trivcheck
