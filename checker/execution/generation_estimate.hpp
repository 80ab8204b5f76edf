#pragma once
#include <cstdint>
#include <string>

#include "models/generator.hpp"

namespace trivcheck {

/// What a generator stores at least to build a request, counted from the
/// request alone (its algorithm, form, sizes, channels and loops) before the
/// generator runs: every count in 64 bits, saturating at 2^64 - 1, so a size
/// whose counts overflow is refused as too large, never wrapped to a small one.
struct GenerationCount {
    /// Steps the built schedule (or rotation orbit) stores.
    std::uint64_t steps = 0;
    /// Messages (transfers) it stores, at least: each step's senders (a fold
    /// counts its core only; an orbit one message a step).
    std::uint64_t messages = 0;
    /// A torus's rings, one per dimension, built whole before the lift and kept.
    std::uint64_t ring_bytes = 0;
    /// A torus lift's tables: one rank index per rank and dimension (the ranks
    /// on each line), made before any step (models/torus_lift.cpp).
    std::uint64_t table_bytes = 0;
    /// The least bytes: a step record a step, a transfer record a message, the
    /// rings and the tables.
    std::uint64_t bytes = 0;
};

/// The least `request`'s generator stores. `orbit_allowed`: the caller takes
/// the generator's rotation orbit when it has one (check, gen's JSON); false
/// when it builds the whole schedule (gen --expand and the exports, --no-symmetry
/// in sweep). Counts per generator: the ring's 2(n - 1) steps, Bruck's and
/// Trivance's ceil(log3 n) a direction, recursive doubling's and Swing's
/// floor(log2 n) a direction on their core of 2^floor(log2 n) ranks, NCCL's
/// per channel and loop; a torus counts the rings of its dimensions and, lifted
/// whole, each ring message once per line, and its line tables.
GenerationCount count_generation(const GeneratorRequest& request, bool orbit_allowed);

/// count_generation's figures in words: "26 steps, 26000000 messages", and a
/// torus's rings and tables ("…, rings 1 MiB, line tables 1536 MiB").
std::string describe_generation(const GenerationCount& count);

}  // namespace trivcheck
