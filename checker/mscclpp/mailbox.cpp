#include "checker/mscclpp/mailbox.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

namespace {

MailboxKey incoming_key(int gpu, const Channel& channel) {
    return {gpu, channel.kind, channel.peer, channel.ordinal_to_peer};
}

MailboxKey outgoing_key(int gpu, const Channel& channel) {
    return {channel.peer, channel.kind, gpu, channel.ordinal_to_peer};
}

}  // namespace

std::vector<MailboxKey> operation_mailboxes(const Plan& plan, int gpu, const Operation& op,
                                            bool outgoing) {
    const Gpu& of = plan.gpus[static_cast<std::size_t>(gpu)];
    const std::vector<Channel>& channels =
        op.channel_kind == ChannelKind::port ? of.port_channels : of.memory_channels;
    std::vector<MailboxKey> keys;
    for (int channel : op.channels) {
        const Channel& used = channels[static_cast<std::size_t>(channel)];
        // A signal lands at the peer; a wait reads this gpu's mailbox from the peer.
        keys.push_back(outgoing ? outgoing_key(gpu, used) : incoming_key(gpu, used));
    }
    return keys;
}

MailboxIndex::MailboxIndex(const Plan& plan) {
    for (const Gpu& gpu : plan.gpus)
        for (const std::vector<Channel>* channels : {&gpu.memory_channels, &gpu.port_channels})
            for (const Channel& channel : *channels) {
                keys_.push_back(incoming_key(gpu.id, channel));
                keys_.push_back(outgoing_key(gpu.id, channel));
            }
    std::sort(keys_.begin(), keys_.end());
    keys_.erase(std::unique(keys_.begin(), keys_.end()), keys_.end());
    const auto id = [&](const MailboxKey& key) {
        return static_cast<int>(std::lower_bound(keys_.begin(), keys_.end(), key) - keys_.begin());
    };
    for (const Gpu& gpu : plan.gpus) {
        std::array<std::vector<Ends>, 2>& ends = ends_.emplace_back();
        for (const Channel& channel : gpu.memory_channels)
            ends[0].push_back(
                {id(incoming_key(gpu.id, channel)), id(outgoing_key(gpu.id, channel))});
        for (const Channel& channel : gpu.port_channels)
            ends[1].push_back(
                {id(incoming_key(gpu.id, channel)), id(outgoing_key(gpu.id, channel))});
    }
}

}  // namespace trivcheck::mscclpp
