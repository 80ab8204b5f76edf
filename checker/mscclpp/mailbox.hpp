#pragma once
#include <array>
#include <tuple>
#include <vector>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Where a signal lands and a wait looks (docs/mscclpp.md, Ordering): the
/// receiving gpu, the channel kind, the sending gpu, and the ordinal of the
/// channel among those between the two (channels pair by ordinal).
using MailboxKey = std::tuple<int, ChannelKind, int, int>;

/// The mailboxes the channels of `op` (an operation of gpu `gpu`) signal into
/// (`outgoing`) or wait on.
std::vector<MailboxKey> operation_mailboxes(const Plan& plan, int gpu, const Operation& op,
                                            bool outgoing);

/// Every mailbox of a plan's channels numbered in the order of its key, and
/// per channel the two it uses: a run finds a mailbox by indexing, not by
/// searching a map of tuples (a cache miss per level) at every signal and wait.
class MailboxIndex {
  public:
    explicit MailboxIndex(const Plan& plan);

    int count() const { return static_cast<int>(keys_.size()); }
    const MailboxKey& key(int mailbox) const { return keys_[static_cast<std::size_t>(mailbox)]; }
    /// The mailbox channel `channel` of `op` (an operation of gpu `gpu`)
    /// signals into (`outgoing`) or waits on.
    int of(int gpu, const Operation& op, int channel, bool outgoing) const {
        const Ends& ends =
            ends_[static_cast<std::size_t>(gpu)][op.channel_kind == ChannelKind::port]
                 [static_cast<std::size_t>(channel)];
        return outgoing ? ends.outgoing : ends.incoming;
    }

  private:
    struct Ends {
        int incoming = 0;
        int outgoing = 0;
    };

    std::vector<MailboxKey> keys_;
    /// Per gpu, its memory channels' ends then its port channels'.
    std::vector<std::array<std::vector<Ends>, 2>> ends_;
};

}  // namespace trivcheck::mscclpp
