#pragma once
#include <string>
#include <utility>
#include <vector>

namespace trivcheck {

/// What the ranks are wired as (docs/model.md): a ring, a torus, or a general graph.
enum class TopologyKind { ring, torus, graph };

/// The physical network. Links are directed and full duplex.
struct Topology {
    TopologyKind kind = TopologyKind::ring;
    /// ring: {n}; torus: {a, b, ...}; graph: {n}.
    std::vector<int> dims;
    /// graph only: undirected edges, each giving two directed links.
    std::vector<std::pair<int, int>> edges;

    static Topology ring(int ranks);
    /// Number of ranks: the product of dims.
    int rank_count() const;
    /// "ring:27", "torus:9x9", "graph:12".
    std::string describe() const;
};

const char* to_string(TopologyKind kind);

}  // namespace trivcheck
