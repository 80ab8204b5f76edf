#include "checker/mscclpp/cell_tracking_feed.hpp"

namespace trivcheck::mscclpp {

CellTrackingFeed::CellTrackingFeed(const RunState& state, msccl::ViolationSink& violations,
                                   bool beside)
    : state_(state), violations_(violations), beside_(beside) {
    if (beside_) {
        filling_.reserve(batch_steps);
        thread_ = std::thread([this] { track_batches(); });
    } else
        tracking_.emplace(state_, violations_);
}

CellTrackingFeed::~CellTrackingFeed() {
    if (!thread_.joinable()) return;
    {
        const std::lock_guard lock(mutex_);
        abandoned_ = true;
    }
    stop();
}

void CellTrackingFeed::step(const StepClocks& step) {
    if (!beside_) {
        tracking_->track(step);
        return;
    }
    filling_.push_back(step);
    if (filling_.size() >= batch_steps) hand_over();
}

void CellTrackingFeed::hand_over() {
    std::unique_lock lock(mutex_);
    tracked_.wait(lock, [&] { return in_flight_.size() < most_in_flight; });
    in_flight_.push_back(std::move(filling_));
    filling_ = Batch();
    if (!spare_.empty()) {
        filling_ = std::move(spare_.back());
        spare_.pop_back();
    }
    lock.unlock();
    filling_.reserve(batch_steps);
    handed_over_.notify_one();
}

CellTracking& CellTrackingFeed::finish() {
    if (beside_) {
        if (!filling_.empty()) hand_over();
        stop();
        if (failure_) std::rethrow_exception(failure_);
    }
    return *tracking_;
}

void CellTrackingFeed::stop() {
    {
        const std::lock_guard lock(mutex_);
        closing_ = true;
    }
    handed_over_.notify_one();
    thread_.join();
}

void CellTrackingFeed::track_batches() {
    bool failed = false;
    try {
        // Made here: the cells' histories and values are this thread's memory to touch first.
        tracking_.emplace(state_, violations_);
    } catch (...) {
        failure_ = std::current_exception();
        failed = true;
    }
    for (;;) {
        Batch batch;
        {
            std::unique_lock lock(mutex_);
            handed_over_.wait(lock, [&] { return !in_flight_.empty() || closing_; });
            if (in_flight_.empty() || abandoned_) return;
            batch = std::move(in_flight_.front());
            in_flight_.pop_front();
        }
        tracked_.notify_one();
        if (!failed) {
            try {
                for (const StepClocks& step : batch) tracking_->track(step);
            } catch (...) {
                failure_ = std::current_exception();
                failed = true;
            }
        }
        batch.clear();
        const std::lock_guard lock(mutex_);
        spare_.push_back(std::move(batch));
    }
}

}  // namespace trivcheck::mscclpp
