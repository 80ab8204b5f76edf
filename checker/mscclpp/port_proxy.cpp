#include "checker/mscclpp/port_proxy.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

bool served_by_proxy(const Operation& op) {
    if (op.channel_kind != ChannelKind::port) return false;
    switch (op.kind) {
        case OperationKind::put:
        case OperationKind::put_with_signal:
        case OperationKind::put_with_signal_and_flush:
        case OperationKind::put_packets:
        case OperationKind::read_put_packets:
            return true;
        default:
            return false;
    }
}

bool indexes_channels_per_destination(const Operation& op) {
    return served_by_proxy(op) ||
           (op.channel_kind == ChannelKind::port && op.kind == OperationKind::flush);
}

std::vector<ProxyRequest> proxy_requests(const Operation& op, int step) {
    std::vector<ProxyRequest> requests;
    if (op.channel_kind != ChannelKind::port) return requests;
    const bool signal =
        op.kind == OperationKind::signal || op.kind == OperationKind::relaxed_signal;
    const bool flush = op.kind == OperationKind::flush;
    if (!signal && !flush && !served_by_proxy(op)) return requests;
    // handleSignal: tid < nChannels; handlePut, handle*PutPackets and
    // handleFlush: tid < nOutputs, on channelIndexes[tid].
    const std::size_t threads =
        signal ? op.channels.size() : std::min(op.channels.size(), op.destinations.size());
    for (std::size_t position = 0; position < threads; ++position) {
        ProxyRequest request;
        request.step = step;
        request.position = static_cast<int>(position);
        request.data = served_by_proxy(op);
        request.flag = signal || op.kind == OperationKind::put_with_signal ||
                       op.kind == OperationKind::put_with_signal_and_flush;
        request.sync = flush || op.kind == OperationKind::put_with_signal_and_flush;
        requests.push_back(request);
    }
    return requests;
}

PortProxies::PortProxies(std::span<const StepList> steps, int first_process)
    : first_process_(first_process) {
    for (std::size_t issuer = 0; issuer < steps.size(); ++issuer) {
        // This issuer's proxies: the entries from here on.
        const std::ptrdiff_t own = std::ssize(index_);
        for (std::size_t step = 0; step < steps[issuer].size(); ++step) {
            const Operation& op = *steps[issuer][step].operation;
            for (const ProxyRequest& request : proxy_requests(op, static_cast<int>(step))) {
                const int channel = op.channels[static_cast<std::size_t>(request.position)];
                const int issuer_process = static_cast<int>(issuer);
                auto known =
                    std::find_if(index_.begin() + own, index_.end(),
                                 [&](const auto& entry) { return std::get<1>(entry) == channel; });
                if (known == index_.end()) {
                    index_.emplace_back(issuer_process, channel, count());
                    proxies_.push_back({issuer_process, channel, {}, 0});
                    known = index_.end() - 1;
                }
                proxies_[static_cast<std::size_t>(std::get<2>(*known))].requests.push_back(request);
            }
        }
    }
    std::ranges::sort(index_);
}

int PortProxies::process(int issuer, int channel) const {
    const auto at = std::ranges::lower_bound(index_, std::tuple(issuer, channel, 0));
    return first_process_ + std::get<2>(*at);
}

}  // namespace trivcheck::mscclpp
