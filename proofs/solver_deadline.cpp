#include "proofs/solver_deadline.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

namespace trivcheck::proofs {

namespace {

using Clock = std::chrono::steady_clock;

constexpr auto repeat_interrupt = std::chrono::milliseconds(2);

/// The thread that keeps every running deadline: it sleeps until the
/// earliest one and interrupts that context. Arming and disarming take its
/// lock, and it interrupts only while holding it, so a context is never
/// interrupted after its deadline was disarmed.
class Watchdog {
  public:
    static Watchdog& instance() {
        static Watchdog watchdog;
        return watchdog;
    }

    std::uint64_t arm(z3::context& context, unsigned timeout_ms) {
        const Clock::time_point due = Clock::now() + std::chrono::milliseconds(timeout_ms);
        std::lock_guard lock(mutex_);
        if (!thread_.joinable()) thread_ = std::thread([this] { watch(); });
        const std::uint64_t ticket = ++last_ticket_;
        running_.emplace(ticket, Running{due, &context, false});
        changed_.notify_one();
        return ticket;
    }

    /// Forgets the deadline; returns whether it had expired.
    bool disarm(std::uint64_t ticket) {
        std::lock_guard lock(mutex_);
        const auto found = running_.find(ticket);
        const bool expired = found->second.expired;
        running_.erase(found);
        return expired;
    }

    ~Watchdog() {
        {
            std::lock_guard lock(mutex_);
            closing_ = true;
        }
        changed_.notify_one();
        if (thread_.joinable()) thread_.join();
    }

  private:
    struct Running {
        Clock::time_point due;
        z3::context* context;
        bool expired;
    };

    void watch() {
        std::unique_lock lock(mutex_);
        while (!closing_) {
            Clock::time_point next = Clock::time_point::max();
            const Clock::time_point now = Clock::now();
            for (auto& [ticket, running] : running_) {
                if (running.due <= now) {
                    // Z3 clears an interrupt when a check begins, so one that
                    // came before the check began is lost: repeat it until the
                    // deadline is disarmed.
                    running.expired = true;
                    running.context->interrupt();
                    running.due = now + repeat_interrupt;
                }
                next = std::min(next, running.due);
            }
            if (next == Clock::time_point::max())
                changed_.wait(lock);
            else
                changed_.wait_until(lock, next);
        }
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    std::map<std::uint64_t, Running> running_;
    std::uint64_t last_ticket_ = 0;
    bool closing_ = false;
    std::thread thread_;
};

}  // namespace

SolverDeadline::SolverDeadline(z3::context& context, unsigned timeout_ms) {
    if (timeout_ms != 0) ticket_ = Watchdog::instance().arm(context, timeout_ms);
}

SolverDeadline::~SolverDeadline() { stop(); }

void SolverDeadline::stop() {
    if (ticket_ == 0) return;
    expired_ = Watchdog::instance().disarm(ticket_);
    ticket_ = 0;
}

}  // namespace trivcheck::proofs
