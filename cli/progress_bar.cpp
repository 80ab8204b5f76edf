#include "cli/progress_bar.hpp"

#include <unistd.h>

#include <cstdio>

namespace trivcheck::cli {

namespace {

constexpr int bar_width = 30;
// Redrawing on every item would make a fast sweep spend its time on the terminal.
constexpr auto redraw_interval = std::chrono::milliseconds(100);

}  // namespace

ProgressBar::ProgressBar(std::size_t total)
    : enabled_(isatty(STDERR_FILENO) == 1 && total > 0),
      total_(total),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_ - redraw_interval) {}

ProgressBar::~ProgressBar() {
    if (!enabled_) return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
}

void ProgressBar::advance(const std::string& label) {
    if (!enabled_) return;
    std::lock_guard lock(mutex_);
    ++done_;
    const auto now = std::chrono::steady_clock::now();
    if (done_ < total_ && now - last_draw_ < redraw_interval) return;
    last_draw_ = now;
    draw(label);
}

void ProgressBar::draw(const std::string& label) {
    const double fraction = static_cast<double>(done_) / static_cast<double>(total_);
    const int filled = static_cast<int>(fraction * bar_width);
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(bar_width, '.');
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::fprintf(stderr, "\r\033[K[%s] %zu/%zu %3.0f%% %7.1f s  %s", bar.c_str(), done_, total_,
                 fraction * 100, seconds, label.c_str());
    std::fflush(stderr);
}

}  // namespace trivcheck::cli
