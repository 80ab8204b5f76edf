#include "checker/formats/topology_spec.hpp"

#include <algorithm>
#include <tuple>

#include "checker/formats/comma_list.hpp"
#include "checker/formats/size_spec.hpp"

namespace trivcheck {

namespace {

constexpr const char* expected_topologies =
    "expected ring:SIZES or torus:AxB[xC[xD]], each extent a --n item";

/// The extents one dimension of a torus item may take.
std::vector<int> dimension_sizes(const std::string& item, const std::string& part) {
    if (part.empty() || part.find(',') != std::string::npos)
        throw TopologySpecError("torus item \"" + item + "\": " + expected_topologies);
    try {
        return parse_size_spec(part);
    } catch (const SizeSpecError& error) {
        // A ring item is a --n item, its error already names it.
        if (part == item) throw TopologySpecError(error.what());
        throw TopologySpecError("torus item \"" + item + "\": " + error.what());
    }
}

/// Every shape of the product of the per-dimension extents of `item` ("2..4x3").
void add_tori(const std::string& item, std::vector<Topology>& out) {
    std::vector<std::vector<int>> extents;
    std::size_t start = 0;
    while (start <= item.size()) {
        const std::size_t end = std::min(item.find('x', start), item.size());
        extents.push_back(dimension_sizes(item, item.substr(start, end - start)));
        start = end + 1;
    }
    if (extents.size() < least_torus_dimensions || extents.size() > most_torus_dimensions)
        throw TopologySpecError("torus item \"" + item + "\": a torus has 2 to 4 dimensions");
    std::int64_t shapes = 1;
    for (const std::vector<int>& sizes : extents) {
        shapes *= static_cast<std::int64_t>(sizes.size());
        if (shapes > max_spec_shapes)
            throw TopologySpecError("torus item \"" + item + "\": more than " +
                                    std::to_string(max_spec_shapes) + " shapes");
    }
    std::vector<std::size_t> at(extents.size(), 0);
    for (std::int64_t shape = 0; shape < shapes; ++shape) {
        std::vector<int> dims;
        std::int64_t ranks = 1;
        for (std::size_t d = 0; d < extents.size(); ++d) {
            dims.push_back(extents[d][at[d]]);
            ranks *= dims.back();
        }
        if (ranks > max_spec_size)
            throw TopologySpecError("torus item \"" + item + "\": more than " +
                                    std::to_string(max_spec_size) + " ranks");
        out.push_back(torus_topology(std::move(dims)));
        // The last dimension varies fastest, so 2..3x2..3 reads 2x2, 2x3, 3x2, 3x3.
        for (std::size_t d = extents.size(); d-- > 0;) {
            if (++at[d] < extents[d].size()) break;
            at[d] = 0;
        }
    }
}

}  // namespace

Topology torus_topology(std::vector<int> dims) {
    Topology topology;
    topology.kind = TopologyKind::torus;
    topology.dims = std::move(dims);
    return topology;
}

std::vector<Topology> parse_topology_spec(const std::string& text) {
    std::vector<Topology> topologies;
    std::string kind;
    for (std::string item : comma_items(text)) {
        for (const char* prefix : {"ring:", "torus:", "switch:"}) {
            if (!item.starts_with(prefix)) continue;
            kind = prefix;
            item = item.substr(kind.size());
        }
        if (kind.empty())
            throw TopologySpecError("expected ring:N, ring:A..B, switch:N or torus:AxB, got '" +
                                    text + "'");
        if (kind == "torus:") {
            add_tori(item, topologies);
            continue;
        }
        for (int n : dimension_sizes(item, item))
            topologies.push_back(kind == "switch:" ? Topology::on_switch(n) : Topology::ring(n));
    }
    auto key = [](const Topology& topology) {
        return std::make_tuple(topology.kind == TopologyKind::torus, topology.kind,
                               topology.dims.size(), std::cref(topology.dims));
    };
    std::sort(topologies.begin(), topologies.end(),
              [&](const Topology& a, const Topology& b) { return key(a) < key(b); });
    topologies.erase(std::unique(topologies.begin(), topologies.end(),
                                 [](const Topology& a, const Topology& b) {
                                     return a.kind == b.kind && a.dims == b.dims;
                                 }),
                     topologies.end());
    return topologies;
}

}  // namespace trivcheck
