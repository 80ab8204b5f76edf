#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace trivcheck {

// A lower bound on Θ for any all-reduce on a ring of n ranks that reduces
// every byte at one rank and then gathers it from there (reduce-scatter, then
// all-gather: Trivance B, Swing B, ring, Rabenseifner), each phase in the least
// ceil(log3 n) steps with two ports (docs/trivance-b.md, "A lower bound").
//
// Hop-bytes: a byte's all-gather is a broadcast tree (each rank's first copy
// comes from a rank that had it), and its reduce-scatter, read backwards, is
// one too (each rank's last partial sum goes to a rank that sends later). The
// busiest of the 2n links of a step carries at least a 2n-th of the step's
// hop-bytes, so Θ >= 2 T / (2n), T the least total edge length of such a tree.
//
// T is bounded by the holder-chain relaxation: H_t, the ranks holding the byte
// after step t, grow with |H_t| <= 3 |H_{t-1}| (two ports), and a rank that
// joins at step t lies at least its ring distance from H_{t-1}. The count
// constraints are moved into the cost with multipliers mu_t >= 0 (Lagrange):
// any multipliers give a valid bound, and the least cost over every chain is
// then a dynamic program over the gaps between holders, exact in integers.

/// What a rank's two ports may do in a step. counts: send two messages and
/// receive two, in any direction (trivcheck's model, docs/model.md);
/// one_each_way: one message each way round the ring (the paper's two-port
/// model, and every schedule of the Trivance B space): a rank that joins a gap
/// from its end after another did comes from at least one rank further.
enum class PortRule { counts, one_each_way };

/// Multipliers are integers in units of 1/multiplier_scale.
inline constexpr std::int64_t multiplier_scale = 1024;

/// The relaxation's least value for one n under given multipliers.
struct HolderChainValue {
    /// multiplier_scale x (least distance sum + the multipliers' penalty).
    std::int64_t scaled_value = 0;
    /// |H_t| for t = 0..K of a chain that attains it (the cut for a better
    /// choice of multipliers: its penalty is linear in them).
    std::vector<std::int64_t> holders;
};

/// The relaxation for every n with ceil(log3 n) = steps and n <= largest, at
/// once (one program over gaps serves them all), indexed by n - first_ring,
/// first_ring = 3^(steps-1) + 1 (2 for steps = 1). `scaled_multipliers` holds
/// mu_1..mu_K. Holder counts are filled for n = largest only.
std::vector<HolderChainValue> holder_chain_values(int steps, int largest,
                                                  std::span<const std::int64_t> scaled_multipliers,
                                                  PortRule ports = PortRule::counts);

/// The smallest n with ceil(log3 n) = steps.
int first_ring_of_steps(int steps);

/// multiplier_scale x the least chain's distance sum: its value without the
/// penalty the multipliers added (a whole number of hops, times the scale).
std::int64_t scaled_chain_distance(const HolderChainValue& value,
                                   std::span<const std::int64_t> scaled_multipliers);

/// Θ (both phases, in units of m) a relaxation value bounds: T / n.
double theta_from_chain_value(int n, std::int64_t scaled_value);

/// The penalty's slope in mu_t of a chain with these holder counts:
/// |H_t| - 3 |H_{t-1}|, t = 1..K.
std::vector<std::int64_t> penalty_slopes(const std::vector<std::int64_t>& holders);

}  // namespace trivcheck
