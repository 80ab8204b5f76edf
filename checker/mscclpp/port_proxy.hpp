#pragma once
#include <span>
#include <tuple>
#include <vector>

#include "checker/mscclpp/plan_steps.hpp"

namespace trivcheck::mscclpp {

/// One request a thread block's thread `position` pushes to the host proxy
/// for a port channel (docs/mscclpp.md, Port channels): a put's data
/// (TriggerData: the proxy reads the source and writes the peer's
/// destination, ProxyService::handleTrigger's conn.write), a signal
/// (TriggerFlag: semaphore->signal()), a flush (TriggerSync: the pushing
/// thread spins until the proxy has completed every earlier request,
/// port_channel_device.hpp's waitFlush), or several at once (pws, pwsf).
struct ProxyRequest {
    /// The pushing thread block's step.
    int step = 0;
    /// Which of the operation's channels (thread tid = position pushes it).
    int position = 0;
    bool data = false;
    bool flag = false;
    bool sync = false;
};

/// The proxy of one port channel as one thread block of one launch pushes
/// to it. ProxyService::handleTrigger serves a FIFO in push order; a put's
/// data and a later signal go over one connection in that order, so the
/// peer that waits for the signal sees the data. Requests of other
/// channels, thread blocks or launches are taken as unordered with these
/// (another connection, or another thread's pushes).
struct PortProxy {
    /// The pushing thread block's process.
    int issuer = 0;
    /// Gpu-level port channel.
    int channel = 0;
    /// Every request in push order, from the issuer's steps (a thread block
    /// pushes them in program order): fixed before the run, so that a
    /// tracking thread beside the run may read them.
    std::vector<ProxyRequest> requests;
    /// Requests served so far (the run's).
    int served = 0;
};

/// The requests `op` pushes, in the order thread `position` pushes them
/// (execution_kernel.hpp): handlePut's port branch, one put (pws: with a
/// signal, pwsf: with a signal and a flush) per destination (tid <
/// nOutputs); handlePutPackets' and handleReadPutPackets' port branches, one
/// put per destination; handleSignal (the relaxed form too: a port channel
/// has no relaxed signal), one signal per channel (tid < nChannels);
/// handleFlush, one flush per destination (tid < nOutputs: a flush without
/// outputs pushes nothing). Nothing for operations on other channels.
std::vector<ProxyRequest> proxy_requests(const Operation& op, int step);

/// Whether the proxy, not the thread block's threads, moves `op`'s
/// destinations: a put, pws, pwsf, ppkt or rppkt on a port channel.
bool served_by_proxy(const Operation& op);

/// Whether thread tid < nOutputs pushes `op`'s request for destination tid
/// through the thread block's port channel channelIndexes[tid] (handlePut's
/// port branch, handlePutPackets, handleReadPutPackets, handleFlush): a port
/// put, pws, pwsf, ppkt, rppkt or flush. Past its `channel_ids` that index
/// is 0 (setupOperation value-initializes the Operation).
bool indexes_channels_per_destination(const Operation& op);

/// The proxies of a run: one per thread block process and port channel it
/// pushes to, numbered from `first_process` among the run's processes.
class PortProxies {
  public:
    PortProxies() = default;
    /// `steps[p]`: the steps of process p (none for processes that are not
    /// thread blocks).
    PortProxies(std::span<const StepList> steps, int first_process);

    bool empty() const { return proxies_.empty(); }
    int count() const { return static_cast<int>(proxies_.size()); }
    int first_process() const { return first_process_; }
    bool is_proxy(int process) const {
        return process >= first_process_ && process < first_process_ + count();
    }
    PortProxy& of_process(int process) {
        return proxies_[static_cast<std::size_t>(process - first_process_)];
    }
    const PortProxy& of_process(int process) const {
        return proxies_[static_cast<std::size_t>(process - first_process_)];
    }
    /// The process of the proxy `issuer` pushes to on `channel`.
    int process(int issuer, int channel) const;

  private:
    std::vector<PortProxy> proxies_;
    /// (issuer, channel, proxy), sorted.
    std::vector<std::tuple<int, int, int>> index_;
    int first_process_ = 0;
};

}  // namespace trivcheck::mscclpp
