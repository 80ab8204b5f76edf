#pragma once
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

}  // namespace trivcheck::mscclpp
