#include "checker/execution/generation_estimate.hpp"

#include <algorithm>
#include <limits>

#include "checker/core/saturating.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// Steps and messages of a generator on a ring of `n` ranks (n >= 2), whole.
struct RingCount {
    std::uint64_t steps = 0;
    std::uint64_t messages = 0;
};

/// `steps` steps in which each of `senders` ranks sends at least once.
RingCount every_step(std::uint64_t steps, std::uint64_t senders) {
    return {steps, saturating_multiply(steps, senders)};
}

/// The whole schedule of `request`'s algorithm on a ring of `n` ranks.
RingCount whole_ring(const GeneratorRequest& request, std::int64_t n) {
    const auto ranks = static_cast<std::uint64_t>(n);
    const std::uint64_t directions = request.form == Form::B ? 2 : 1;
    const std::string& algo = request.algo;
    if (algo == "ring") return every_step(2 * (ranks - 1), 2 * ranks);
    if (algo == "trivance" && request.form == Form::L && request.last_step != "published") {
        // Folded onto a core of the largest power of 3, or a planned last step
        // (on 2 ranks, one step of one message at least).
        const int core_steps = floor_log(n, 3);
        return every_step(static_cast<std::uint64_t>(std::max(1, core_steps)),
                          static_cast<std::uint64_t>(power(3, core_steps)));
    }
    if (algo == "bruck" || algo == "trivance")
        return every_step(directions * static_cast<std::uint64_t>(ceil_log(n, 3)), ranks);
    if (algo == "swing" || algo == "recursive_doubling") {
        // Folded onto a core of the largest power of 2 (the fold's hand-in
        // and hand-back steps are not counted).
        const int core_steps = floor_log(n, 2);
        return every_step(directions * static_cast<std::uint64_t>(core_steps),
                          static_cast<std::uint64_t>(power(2, core_steps)));
    }
    const auto per_call =
        saturating_multiply(static_cast<std::uint64_t>(std::max(1, request.channels)),
                            static_cast<std::uint64_t>(std::max(1, request.loops)));
    if (algo == "nccl_ring") {
        // Every rank sends a chunk in each of the 2(n - 1) steps of a loop
        // (n - 1 for all-gather and reduce-scatter), on every channel.
        const std::uint64_t steps =
            (request.collective == Collective::allreduce ? 2 : 1) * (ranks - 1);
        return {steps, saturating_multiply(saturating_multiply(steps, ranks), per_call)};
    }
    if (algo == "nccl_tree")
        // Every rank but a tree's root sends up and is sent to down, per channel and loop.
        return {2, saturating_multiply(2 * (ranks - 1), per_call)};
    if (algo == "nccl_pat") {
        const auto steps = static_cast<std::uint64_t>(ceil_log(n, 2));
        return {steps, saturating_multiply(saturating_multiply(steps, ranks / 2), per_call)};
    }
    return {};
}

/// A step record a step, a transfer record a message.
std::uint64_t bytes_of(RingCount count) {
    return saturating_add(saturating_multiply(count.steps, sizeof(Step)),
                          saturating_multiply(count.messages, sizeof(Transfer)));
}

/// Whether `request`'s generator builds a rotation orbit (one rank's messages)
/// on a ring: what the catalogue's ring_orbit returns a value for.
bool builds_ring_orbit(const GeneratorRequest& request) {
    const AlgorithmInfo* info = algorithm_named(request.algo);
    if (info == nullptr || info->ring_orbit == nullptr) return false;
    if (request.algo == "trivance")
        return request.form == Form::L && request.last_step == "published";
    return true;
}

/// The orbit's steps, as many as the whole schedule's, one message each at least.
RingCount ring_orbit(const GeneratorRequest& request, int n) {
    const std::uint64_t steps = whole_ring(request, n).steps;
    return {steps, steps};
}

GenerationCount from(RingCount built, std::uint64_t ring_bytes, std::uint64_t table_bytes) {
    GenerationCount count;
    count.steps = built.steps;
    count.messages = built.messages;
    count.ring_bytes = ring_bytes;
    count.table_bytes = table_bytes;
    count.bytes = saturating_add(saturating_add(bytes_of(built), ring_bytes), table_bytes);
    return count;
}

}  // namespace

GenerationCount count_generation(const GeneratorRequest& request, bool orbit_allowed) {
    const AlgorithmInfo* info = algorithm_named(request.algo);
    if (info == nullptr) return {};
    const Topology& topology = request.topology;
    std::uint64_t ranks = 1;
    for (int extent : topology.dims)
        ranks = saturating_multiply(ranks, static_cast<std::uint64_t>(std::max(0, extent)));
    if (ranks < 2 || ranks > static_cast<std::uint64_t>(std::numeric_limits<int>::max())) return {};
    const auto n = static_cast<int>(ranks);
    if (topology.kind != TopologyKind::torus || info->whole_communicator) {
        // A ring, a switch (the ring's schedule), or NCCL's communicator on a torus.
        const bool orbit =
            orbit_allowed && topology.kind == TopologyKind::ring && builds_ring_orbit(request);
        return from(orbit ? ring_orbit(request, n) : whole_ring(request, n), 0, 0);
    }
    // A torus: the ring of each dimension, built whole and kept, then the lift:
    // as many steps as the rings together; lifted whole, each ring message once
    // per line of its dimension for each of the D collectives (a B form's sender
    // that holds nothing sends none: not counted); an orbit's, not counted.
    const auto dimensions = static_cast<std::uint64_t>(topology.dims.size());
    std::uint64_t ring_bytes = 0;
    RingCount lifted;
    for (int extent : topology.dims) {
        if (extent < 2) return {};
        const RingCount ring = whole_ring(request, extent);
        ring_bytes = saturating_add(ring_bytes, bytes_of(ring));
        lifted.steps = saturating_add(lifted.steps, ring.steps);
        if (!orbit_allowed)
            lifted.messages = saturating_add(
                lifted.messages,
                saturating_multiply(
                    saturating_multiply(ring.messages, ranks / static_cast<std::uint64_t>(extent)),
                    dimensions));
    }
    // The lifter's lines: every rank once per dimension, an int each, orbit or not.
    return from(lifted, ring_bytes,
                saturating_multiply(saturating_multiply(ranks, dimensions), sizeof(int)));
}

std::string describe_generation(const GenerationCount& count) {
    // A torus orbit's messages are not counted (0): its rings and tables are.
    std::string words = std::to_string(count.steps) + " steps";
    if (count.messages != 0) words += ", " + std::to_string(count.messages) + " messages";
    if (count.table_bytes != 0)
        words += ", rings " + std::to_string(count.ring_bytes >> 20) + " MiB, line tables " +
                 std::to_string(count.table_bytes >> 20) + " MiB";
    return words;
}

}  // namespace trivcheck
