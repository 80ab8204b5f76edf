#pragma once
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace trivcheck::cli {

/// A one-line progress bar on stderr, drawn only when stderr is a terminal so
/// that pipes, files and CI logs get none of its carriage returns. Thread-safe.
class ProgressBar {
  public:
    explicit ProgressBar(std::size_t total);
    /// Erases the bar, so what follows starts on a clean line.
    ~ProgressBar();
    ProgressBar(const ProgressBar&) = delete;
    ProgressBar& operator=(const ProgressBar&) = delete;

    /// One more item done; `label` names it (e.g. "trivance L n=81").
    void advance(const std::string& label);

  private:
    void draw(const std::string& label);

    bool enabled_;
    std::size_t total_;
    std::size_t done_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point last_draw_;
    std::mutex mutex_;
};

}  // namespace trivcheck::cli
