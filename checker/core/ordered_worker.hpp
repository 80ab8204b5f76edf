#pragma once
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace trivcheck {

/// Hands items to a second thread that handles them one by one, in the order
/// they were pushed: a sequential job split in two halves that run side by
/// side, the second fed by the first and never talking back. Without a
/// second thread (asked for none, or the system would not make one) `push`
/// handles each item at once on the calling thread, with the same results.
///
/// The items pass through a ring of fixed size. Each side tells the other
/// how far it got only every `batch` items (and whenever it is about to
/// sleep), so the two cores do not pass a cache line back and forth per item.
template <class Item>
class OrderedWorker {
  public:
    using Handler = std::function<void(const Item&)>;

    OrderedWorker(Handler handle, bool threaded) : handle_(std::move(handle)) {
        if (!threaded) return;
        ring_.resize(ring_size);
        try {
            thread_ = std::thread([this] { work(); });
        } catch (const std::system_error&) {
            ring_.clear();
        }
    }
    OrderedWorker(const OrderedWorker&) = delete;
    OrderedWorker& operator=(const OrderedWorker&) = delete;
    /// Stops the thread (the items not yet handled are dropped: only an
    /// exception on the pushing side ends a worker without `finish`).
    ~OrderedWorker() {
        if (thread_.joinable()) {
            stop_.store(true, std::memory_order_release);
            publish_pushed(finished, true);
            thread_.join();
        }
    }

    void push(const Item& item) {
        if (!thread_.joinable()) {
            handle_(item);
            return;
        }
        if (pushed_ - handled_seen_ >= ring_size) wait_for_room();
        ring_[pushed_ & (ring_size - 1)] = item;
        if (++pushed_ % batch == 0) publish_pushed(0, false);
    }

    /// Waits until every item pushed is handled; rethrows the first
    /// exception the handler threw (the items after it are not handled).
    void finish() {
        if (thread_.joinable()) {
            publish_pushed(finished, true);
            thread_.join();
        }
        if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
    }

  private:
    static constexpr std::uint64_t ring_size = 1 << 15;
    /// Items between two looks at the other side's count.
    static constexpr std::uint64_t batch = 64;
    /// A side that sleeps is woken only once there is much to do (the
    /// worker: this many items; the pushing side: half the ring free), not
    /// for every batch: waking a thread costs as much as handling a batch.
    static constexpr std::uint64_t wake_batch = 1024;
    /// Set in the published count once no item will follow: the count
    /// changes even when no item came since, so a sleeping worker wakes.
    static constexpr std::uint64_t finished = std::uint64_t{1} << 63;

    void wait_for_room() {
        for (;;) {
            handled_seen_ = handled_.load();
            if (pushed_ - handled_seen_ < ring_size) return;
            // Everything pushed so far is the worker's to see: it is not
            // asleep for long with a full ring.
            publish_pushed(0, true);
            pusher_sleeps_.store(true);
            handled_seen_ = handled_.load();
            if (pushed_ - handled_seen_ < ring_size) {
                pusher_sleeps_.store(false);
                return;
            }
            handled_.wait(handled_seen_);
        }
    }

    /// Tells the worker how far the items go; wakes it if it sleeps and
    /// `urgent` (nothing more may come for a while) or a wake_batch is waiting.
    void publish_pushed(std::uint64_t flags, bool urgent) {
        pushed_published_.store(pushed_ | flags);
        if (!worker_sleeps_.load()) return;
        if (!urgent && pushed_ - handled_.load() < wake_batch) return;
        worker_sleeps_.store(false);
        pushed_published_.notify_one();
    }

    void work() {
        std::uint64_t handled = 0;
        for (;;) {
            if (stop_.load()) return;
            const std::uint64_t published = pushed_published_.load();
            const std::uint64_t available = published & ~finished;
            while (handled < available) {
                if (!failure_) {
                    try {
                        handle_(ring_[handled & (ring_size - 1)]);
                    } catch (...) {
                        failure_ = std::current_exception();
                    }
                }
                if (++handled % batch == 0) publish_handled(handled, available);
            }
            publish_handled(handled, available);
            if ((published & finished) != 0) return;
            worker_sleeps_.store(true);
            if (pushed_published_.load() != published) {
                worker_sleeps_.store(false);
                continue;
            }
            pushed_published_.wait(published);
        }
    }

    void publish_handled(std::uint64_t handled, std::uint64_t available) {
        handled_.store(handled);
        if (pusher_sleeps_.load() && available - handled <= ring_size / 2) {
            pusher_sleeps_.store(false);
            handled_.notify_one();
        }
    }

    Handler handle_;
    std::vector<Item> ring_;
    /// The pushing side's own counts: items pushed, and handled as it last looked.
    std::uint64_t pushed_ = 0;
    std::uint64_t handled_seen_ = 0;
    alignas(64) std::atomic<std::uint64_t> pushed_published_{0};
    alignas(64) std::atomic<std::uint64_t> handled_{0};
    /// Whether each side is (about to be) asleep, waiting for the other.
    alignas(64) std::atomic<bool> worker_sleeps_{false};
    std::atomic<bool> pusher_sleeps_{false};
    std::atomic<bool> stop_{false};
    std::exception_ptr failure_;
    std::thread thread_;
};

}  // namespace trivcheck
