#include "proofs/solver_deadline.hpp"

#include <chrono>

namespace trivcheck::proofs {

SolverDeadline::SolverDeadline(z3::context& context, unsigned timeout_ms) : context_(context) {
    if (timeout_ms == 0) return;
    watchdog_ = std::thread([this, timeout_ms] {
        std::unique_lock lock(mutex_);
        if (finished_.wait_for(lock, std::chrono::milliseconds(timeout_ms), [this] { return done_; }))
            return;
        expired_ = true;
        context_.interrupt();
    });
}

SolverDeadline::~SolverDeadline() { stop(); }

void SolverDeadline::stop() {
    {
        std::lock_guard lock(mutex_);
        done_ = true;
    }
    finished_.notify_one();
    if (watchdog_.joinable()) watchdog_.join();
}

bool SolverDeadline::expired() const {
    std::lock_guard lock(mutex_);
    return expired_;
}

}  // namespace trivcheck::proofs
