#pragma once
#include <cstdint>
#include <vector>

#include "checker/asynchronous/shared_clocks.hpp"

namespace trivcheck::msccl {

/// Send clocks in two levels: the program's sending thread blocks are cut
/// into groups of about sqrt(senders) consecutive ones; a clock is a vector
/// with one entry per group, the id of that group's part (kept in the group's
/// SharedClocks). Both levels are shared copy-on-write, and a join compares
/// two parts only when their ids differ: most of what two thread blocks know
/// of far thread blocks came through the same message, so a join costs about
/// sqrt(senders) plus the parts that changed, instead of every sending thread
/// block. The values are those of one flat vector, exactly. Clock 0 is all
/// zeros and never freed.
class SendClocks {
  public:
    explicit SendClocks(int senders);

    /// Entry `sender` of clock `id`.
    std::int32_t get(int id, int sender) const {
        return parts_[group(sender)].entries(part(id, group(sender)))[offset(sender)];
    }
    /// Clock `id` (held by the caller) with entry `sender` raised to `value`;
    /// returns the clock the caller holds afterwards.
    int raise(int id, int sender, std::int32_t value);
    /// Entry-wise maximum of `into` (held by the caller) and `from`; returns
    /// the clock the caller holds afterwards.
    int join(int into, int from);
    void hold(int id) { top_.hold(id); }
    void release(int id);

    /// Clock entries allocated at most, both levels (for the memory figure).
    std::size_t entries_allocated() const;

  private:
    std::size_t group(int sender) const { return static_cast<std::size_t>(sender / group_size_); }
    int offset(int sender) const { return sender % group_size_; }
    int part(int id, std::size_t group) const { return top_.entries(id)[group]; }
    std::int32_t& part(int id, std::size_t group) { return top_.entries(id)[group]; }
    /// `id` safe to change for one holder: itself, or a copy holding the same parts.
    int writable(int id);

    int group_size_;
    std::size_t groups_;
    std::vector<SharedClocks> parts_;  // per group
    /// The clocks: per group, the id of its part (part 0: zeros, as clock 0).
    SharedClocks top_;
};

}  // namespace trivcheck::msccl
