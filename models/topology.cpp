#include "models/topology.hpp"

namespace trivcheck {

Topology Topology::ring(int ranks) { return Topology{TopologyKind::ring, {ranks}, {}}; }

Topology Topology::on_switch(int ranks) { return Topology{TopologyKind::switch_, {ranks}, {}}; }

int Topology::rank_count() const {
    int count = 1;
    for (int extent : dims) count *= extent;
    return count;
}

std::string Topology::describe() const {
    std::string text = std::string(to_string(kind)) + ":";
    for (std::size_t i = 0; i < dims.size(); ++i) {
        if (i > 0) text += "x";
        text += std::to_string(dims[i]);
    }
    return text;
}

const char* to_string(TopologyKind kind) {
    switch (kind) {
        case TopologyKind::ring:
            return "ring";
        case TopologyKind::torus:
            return "torus";
        case TopologyKind::graph:
            return "graph";
        case TopologyKind::switch_:
            return "switch";
    }
    return "?";
}

}  // namespace trivcheck
