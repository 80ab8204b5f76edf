#pragma once
#include <string>
#include <utility>
#include <vector>

namespace trivcheck {

/// What the ranks are wired as (docs/model.md): a ring, a torus, a general
/// graph, or a switch (switch_, "switch"): one full-duplex port per rank into a
/// non-blocking switch, so a message uses its sender's port out and its
/// receiver's port in (a fat tree at full bisection, NVSwitch in a node).
enum class TopologyKind { ring, torus, graph, switch_ };

/// The physical network. Links are directed and full duplex.
struct Topology {
    TopologyKind kind = TopologyKind::ring;
    /// ring: {n}; torus: {a, b, ...}; graph: {n}; switch: {n}.
    std::vector<int> dims;
    /// graph only: undirected edges, each giving two directed links.
    std::vector<std::pair<int, int>> edges;

    static Topology ring(int ranks);
    static Topology on_switch(int ranks);
    /// Number of ranks: the product of dims.
    int rank_count() const;
    /// "ring:27", "torus:9x9", "graph:12", "switch:16".
    std::string describe() const;
};

const char* to_string(TopologyKind kind);

}  // namespace trivcheck
