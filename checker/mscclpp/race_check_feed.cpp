#include "checker/mscclpp/race_check_feed.hpp"

namespace trivcheck::mscclpp {

RaceCheckFeed::RaceCheckFeed(const RunState& state, msccl::ViolationSink& violations, bool threaded)
    : state_(state), violations_(violations), threaded_(threaded) {
    if (threaded_)
        thread_ = std::thread([this] { check_batches(); });
    else
        checks_.emplace(state_, violations_);
}

RaceCheckFeed::~RaceCheckFeed() {
    if (!thread_.joinable()) return;
    {
        const std::lock_guard lock(mutex_);
        abandoned_ = true;
    }
    stop();
}

void RaceCheckFeed::step(const StepClocks& clocks) {
    if (!threaded_) {
        current_step_ = clocks;
        return;
    }
    if (!filling_.steps.empty()) filling_.steps_end.push_back(filling_.cells.size());
    if (filling_.cells.size() >= batch_cells) hand_over();
    filling_.steps.push_back(clocks);
}

void RaceCheckFeed::accesses(std::span<const int> cells, bool write) {
    if (!threaded_) {
        for (const int cell : cells)
            if (write)
                checks_->check_write(current_step_, cell);
            else
                checks_->check_read(current_step_, cell);
        return;
    }
    const std::size_t at = filling_.cells.size();
    filling_.cells.resize(at + cells.size());
    const std::uint32_t flag = write ? 1U : 0U;
    for (std::size_t cell = 0; cell < cells.size(); ++cell)
        filling_.cells[at + cell] = 2 * static_cast<std::uint32_t>(cells[cell]) + flag;
}

void RaceCheckFeed::hand_over() {
    std::unique_lock lock(mutex_);
    checked_.wait(lock, [&] { return in_flight_.size() < most_in_flight; });
    in_flight_.push_back(std::move(filling_));
    filling_ = Batch();
    if (!spare_.empty()) {
        filling_ = std::move(spare_.back());
        spare_.pop_back();
    }
    lock.unlock();
    handed_over_.notify_one();
}

void RaceCheckFeed::finish() {
    if (!threaded_) return;
    if (!filling_.steps.empty()) {
        filling_.steps_end.push_back(filling_.cells.size());
        hand_over();
    }
    stop();
    if (failure_) std::rethrow_exception(failure_);
}

void RaceCheckFeed::stop() {
    {
        const std::lock_guard lock(mutex_);
        closing_ = true;
    }
    handed_over_.notify_one();
    thread_.join();
}

void RaceCheckFeed::check_batches() {
    bool failed = false;
    try {
        // Made here: the cells' histories are this thread's memory to touch first.
        checks_.emplace(state_, violations_);
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
        checked_.notify_one();
        if (!failed) {
            try {
                check(batch);
            } catch (...) {
                failure_ = std::current_exception();
                failed = true;
            }
        }
        batch.steps.clear();
        batch.steps_end.clear();
        batch.cells.clear();
        const std::lock_guard lock(mutex_);
        spare_.push_back(std::move(batch));
    }
}

void RaceCheckFeed::check(const Batch& batch) {
    std::size_t cell = 0;
    for (std::size_t step = 0; step < batch.steps.size(); ++step)
        for (; cell < batch.steps_end[step]; ++cell) {
            const std::uint32_t access = batch.cells[cell];
            const int index = static_cast<int>(access / 2);
            if (access % 2 == 1)
                checks_->check_write(batch.steps[step], index);
            else
                checks_->check_read(batch.steps[step], index);
        }
}

}  // namespace trivcheck::mscclpp
