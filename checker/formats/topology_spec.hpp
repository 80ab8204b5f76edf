#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "models/topology.hpp"

namespace trivcheck {

/// A --topo list that does not parse; the message names the item and the reason.
struct TopologySpecError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

/// The dimensions a torus may have, in every command: Table 3's formulas
/// (models/paper_formulas.hpp) cover 2, 3 and 4.
inline constexpr std::size_t least_torus_dimensions = 2;
inline constexpr std::size_t most_torus_dimensions = 4;

/// Most tori one spec may name (each one costs a check).
inline constexpr std::int64_t max_spec_shapes = 1'000'000;

/// Parses a list of topologies (docs/sweep.md, "Tori: --topo"): comma-separated
/// items; an item without `ring:` or `torus:` has the kind of the one before it.
/// A ring item is a --n item (`27`, `2..64`, `pow3`: checker/formats/size_spec.hpp);
/// a torus item is one --n item per dimension joined by `x`, naming every
/// shape of their product (`torus:2..16x2..16`, `torus:4x4x4`, `torus:pow3:..27x8`).
/// A `switch:` item is read as a ring item (`switch:16`, `switch:16..1024`).
/// Returns the rings by size, then the switches, then the tori by dimension count and then
/// extents (lexicographically), distinct. Throws TopologySpecError.
std::vector<Topology> parse_topology_spec(const std::string& text);

/// A torus of the given extents (each at least 2).
Topology torus_topology(std::vector<int> dims);

}  // namespace trivcheck
