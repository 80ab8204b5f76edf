#include "checker/mscclpp/mailbox.hpp"

namespace trivcheck::mscclpp {

std::vector<MailboxKey> operation_mailboxes(const Plan& plan, int gpu, const Operation& op,
                                            bool outgoing) {
    const Gpu& of = plan.gpus[static_cast<std::size_t>(gpu)];
    const std::vector<Channel>& channels =
        op.channel_kind == ChannelKind::port ? of.port_channels : of.memory_channels;
    std::vector<MailboxKey> keys;
    for (int channel : op.channels) {
        const Channel& used = channels[static_cast<std::size_t>(channel)];
        // A signal lands at the peer; a wait reads this gpu's mailbox from the peer.
        if (outgoing)
            keys.emplace_back(used.peer, used.kind, gpu, used.ordinal_to_peer);
        else
            keys.emplace_back(gpu, used.kind, used.peer, used.ordinal_to_peer);
    }
    return keys;
}

}  // namespace trivcheck::mscclpp
