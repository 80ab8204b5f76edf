#pragma once
#include <cstdint>
#include <vector>

#include "checker/asynchronous/shared_clocks.hpp"

namespace trivcheck::msccl {

/// Send clocks in two levels: a clock is a vector with one entry per gpu, the
/// id of that gpu's part (an entry per sending thread block of the gpu, kept
/// in the gpu's SharedClocks). Both levels are shared copy-on-write, and a
/// join compares two parts only when their ids differ: most of what two
/// thread blocks know of a far gpu came through the same message, so a join
/// costs about the number of gpus instead of the program's sending thread
/// blocks. The values are those of one flat vector, exactly. Clock 0 is all
/// zeros and never freed.
class SendClocks {
  public:
    /// senders[g]: the sending thread blocks of gpu g.
    explicit SendClocks(const std::vector<int>& senders);

    /// Entry `index` of gpu `gpu`'s part of clock `id`.
    std::int32_t get(int id, int gpu, int index) const {
        return parts_[static_cast<std::size_t>(gpu)].entries(part(id, gpu))[index];
    }
    /// The gpu's part of clock `id` (its entries: one per sending thread block of the gpu).
    const std::int32_t* entries(int id, int gpu) const {
        return parts_[static_cast<std::size_t>(gpu)].entries(part(id, gpu));
    }
    /// Clock `id` (held by the caller) with entry (gpu, index) raised to
    /// `value`; returns the clock the caller holds afterwards.
    int raise(int id, int gpu, int index, std::int32_t value);
    /// Entry-wise maximum of `into` (held by the caller) and `from`; returns
    /// the clock the caller holds afterwards.
    int join(int into, int from);
    void hold(int id) { ++holders_[static_cast<std::size_t>(id)]; }
    void release(int id);

    /// Clock entries allocated at most, both levels (for the memory figure).
    std::size_t entries_allocated() const;

  private:
    int part(int id, int gpu) const {
        return parts_of_[static_cast<std::size_t>(id) * gpus_ + static_cast<std::size_t>(gpu)];
    }
    int& part(int id, int gpu) {
        return parts_of_[static_cast<std::size_t>(id) * gpus_ + static_cast<std::size_t>(gpu)];
    }
    /// `id` safe to change for one holder: itself, or a copy holding the same parts.
    int writable(int id);

    std::size_t gpus_;
    std::vector<SharedClocks> parts_;  // per gpu
    std::vector<int> parts_of_;        // clock id -> its part per gpu
    std::vector<std::int64_t> holders_;
    std::vector<int> free_;
};

}  // namespace trivcheck::msccl
