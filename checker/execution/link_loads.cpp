#include "checker/execution/link_loads.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/breadth_first_search.hpp>
#include <cassert>
#include <limits>
#include <tuple>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property,
                                    boost::property<boost::edge_index_t, int>>;

/// Records, for each vertex reached, the directed link it was first reached by.
class ParentRecorder : public boost::default_bfs_visitor {
  public:
    explicit ParentRecorder(std::vector<int>& parent) : parent_(parent) {}
    void tree_edge(Graph::edge_descriptor edge, const Graph& graph) const {
        parent_[boost::target(edge, graph)] = boost::get(boost::edge_index, graph, edge);
    }

  private:
    std::vector<int>& parent_;
};

}  // namespace

LinkLoads::LinkLoads(const Topology& topology) : topology_(topology) {
    const int n = topology.rank_count();
    switch (topology.kind) {
        case TopologyKind::ring:
            link_count_ = 2 * n;
            // One difference array per direction, each with a closing slot.
            chunk_delta_.assign(static_cast<std::size_t>(link_count_) + 2, 0);
            block_delta_.assign(static_cast<std::size_t>(link_count_) + 2, 0);
            break;
        case TopologyKind::torus:
            link_count_ = n * 2 * static_cast<int>(topology.dims.size());
            break;
        case TopologyKind::switch_:
            // Rank r's port: link r out of it, link n + r into it.
            link_count_ = 2 * n;
            break;
        case TopologyKind::graph: {
            adjacency_.resize(static_cast<std::size_t>(n));
            for (auto [u, v] : topology.edges) {
                adjacency_[static_cast<std::size_t>(u)].push_back({v, 0});
                adjacency_[static_cast<std::size_t>(v)].push_back({u, 0});
            }
            // Neighbours in ascending order make BFS break ties by lowest vertex id.
            for (int u = 0; u < n; ++u) {
                auto& neighbours = adjacency_[static_cast<std::size_t>(u)];
                std::sort(neighbours.begin(), neighbours.end());
                neighbours.erase(std::unique(neighbours.begin(), neighbours.end()),
                                 neighbours.end());
                for (auto& [v, link] : neighbours) {
                    link = static_cast<int>(link_ends_.size());
                    link_ends_.push_back({u, v});
                }
            }
            link_count_ = static_cast<int>(link_ends_.size());
            parent_link_.resize(static_cast<std::size_t>(n));
            break;
        }
    }
    if (topology.kind != TopologyKind::ring) {
        chunks_.assign(static_cast<std::size_t>(link_count_), 0);
        blocks_.assign(static_cast<std::size_t>(link_count_), 0);
    }
    if (topology.kind == TopologyKind::torus) {
        class_chunks_.assign(2 * topology.dims.size(), 0);
        class_blocks_.assign(2 * topology.dims.size(), 0);
    }
}

int LinkLoads::add(int src, int dst, Route route, std::int64_t blocks) {
    int hops = 0;
    if (topology_.kind == TopologyKind::ring) {
        add_ring(src, dst, route, blocks, hops);
        return hops;
    }
    if (topology_.kind == TopologyKind::torus) {
        const std::vector<int> path = torus_path(src, dst, route);
        add_path(path, blocks);
        return static_cast<int>(path.size());
    }
    if (topology_.kind == TopologyKind::switch_) {
        // Through the switch: the sender's port out, the receiver's port in, one hop.
        add_path({src, topology_.dims[0] + dst}, blocks);
        return 1;
    }
    const std::vector<int>& path = graph_path(src, dst);
    add_path(path, blocks);
    return static_cast<int>(path.size());
}

std::pair<bool, int> LinkLoads::ring_direction(int src, int dst, Route route) const {
    const int n = topology_.dims[0];
    const int forward = wrap(dst - src, n);
    const bool plus = route == Route::plus || (route == Route::shortest && forward <= n - forward);
    return {plus, plus ? forward : n - forward};
}

void LinkLoads::add_ring_range(bool plus, int begin, int end, std::int64_t chunks,
                               std::int64_t blocks) {
    // The - direction's difference array starts at slot n+1.
    const int base = plus ? 0 : topology_.dims[0] + 1;
    chunk_delta_[static_cast<std::size_t>(base + begin)] += chunks;
    chunk_delta_[static_cast<std::size_t>(base + end)] -= chunks;
    block_delta_[static_cast<std::size_t>(base + begin)] += blocks;
    block_delta_[static_cast<std::size_t>(base + end)] -= blocks;
    touched_slots_.push_back(base + begin);
    touched_slots_.push_back(base + end);
}

StepLinkLoad LinkLoads::finish_ring_step_sparse() {
    // Between two touched slots of a direction every link carries the same load:
    // one visit per such run, in link order, as the link-by-link scan would see them.
    std::sort(touched_slots_.begin(), touched_slots_.end());
    touched_slots_.erase(std::unique(touched_slots_.begin(), touched_slots_.end()),
                         touched_slots_.end());
    const int n = topology_.dims[0];
    StepLinkLoad load;
    load.chunks_min = std::numeric_limits<std::int64_t>::max();
    auto next = touched_slots_.begin();
    for (int direction = 0; direction < 2; ++direction) {
        const int base = direction == 0 ? 0 : n + 1;
        std::int64_t chunks = 0;
        std::int64_t blocks = 0;
        int start = 0;
        while (start < n) {
            // Slots at or before `start` set the run's load; the next touched one ends it.
            while (next != touched_slots_.end() && *next <= base + start) {
                chunks += chunk_delta_[static_cast<std::size_t>(*next)];
                blocks += block_delta_[static_cast<std::size_t>(*next)];
                ++next;
            }
            const int end = next != touched_slots_.end() && *next < base + n ? *next - base : n;
            const int link = direction == 0 ? start : n + start;
            if (chunks > load.chunks_max) {
                load.chunks_max = chunks;
                load.busiest_link = link;
            }
            load.chunks_min = std::min(load.chunks_min, chunks);
            load.blocks_max = std::max(load.blocks_max, blocks);
            start = end;
        }
        // Slots past the direction's last link (its closing slot) end nothing within it.
        while (next != touched_slots_.end() && *next <= base + n) ++next;
    }
    for (const int slot : touched_slots_) {
        chunk_delta_[static_cast<std::size_t>(slot)] = 0;
        block_delta_[static_cast<std::size_t>(slot)] = 0;
    }
    touched_slots_.clear();
    return load;
}

void LinkLoads::add_ring(int src, int dst, Route route, std::int64_t blocks, int& hops) {
    const int n = topology_.dims[0];
    bool plus = false;
    std::tie(plus, hops) = ring_direction(src, dst, route);
    // + links src .. src+hops-1 (link i: i -> i+1); - links src-hops+1 .. src (link n+i: i -> i-1).
    const int first = plus ? src : wrap(src - hops + 1, n);
    if (first + hops <= n) {
        add_ring_range(plus, first, first + hops, 1, blocks);
    } else {
        add_ring_range(plus, first, n, 1, blocks);
        add_ring_range(plus, 0, first + hops - n, 1, blocks);
    }
}

void LinkLoads::symmetries_only(const RankTranslations& translations) {
    symmetries_ = translations;
    if (topology_.kind != TopologyKind::torus) return;
    const auto classes =
        static_cast<std::size_t>(translations.representatives()) * 2 * topology_.dims.size();
    class_chunks_.assign(classes, 0);
    class_blocks_.assign(classes, 0);
}

int LinkLoads::add_all_translations(int src, int dst, Route route, std::int64_t blocks) {
    if (topology_.kind == TopologyKind::torus) {
        // Translations move a route's links to every link of their class.
        const std::vector<int> path = torus_path(src, dst, route);
        for (int link : path) {
            class_chunks_[link_class(link)] += 1;
            class_blocks_[link_class(link)] += blocks;
        }
        return static_cast<int>(path.size());
    }
    assert(topology_.kind == TopologyKind::ring);
    if (symmetries_ && symmetries_->representatives() > 1) {
        int hops = 0;
        for (int index = 0; index < symmetries_->symmetries(); ++index) {
            const int shift = symmetries_->symmetry(index);
            hops = add(symmetries_->add(src, shift), symmetries_->add(dst, shift), route, blocks);
        }
        return hops;
    }
    const auto [plus, hops] = ring_direction(src, dst, route);
    add_ring_range(plus, 0, topology_.dims[0], hops, blocks * hops);
    return hops;
}

void LinkLoads::add_path(const std::vector<int>& links, std::int64_t blocks) {
    for (int link : links) {
        chunks_[static_cast<std::size_t>(link)] += 1;
        blocks_[static_cast<std::size_t>(link)] += blocks;
    }
}

std::vector<int> LinkLoads::torus_path(int src, int dst, Route route) const {
    // Dimension-ordered: fix dimension 0 first, each the shorter way (tie +).
    const auto dimensions = static_cast<int>(topology_.dims.size());
    std::vector<int> path;
    int current = src;
    int stride = 1;
    for (int d = 0; d < dimensions; ++d) {
        const int extent = topology_.dims[static_cast<std::size_t>(d)];
        const int from = (current / stride) % extent;
        const int to = (dst / stride) % extent;
        const int forward = wrap(to - from, extent);
        const bool plus =
            route == Route::plus || (route == Route::shortest && forward <= extent - forward);
        const int hops = forward == 0 ? 0 : plus ? forward : extent - forward;
        for (int h = 0; h < hops; ++h) {
            const int coordinate = (current / stride) % extent;
            path.push_back(current * 2 * dimensions + 2 * d + (plus ? 0 : 1));
            const int next = wrap(coordinate + (plus ? 1 : -1), extent);
            current += (next - coordinate) * stride;
        }
        stride *= extent;
    }
    assert(current == dst);
    return path;
}

const std::vector<int>& LinkLoads::graph_path(int src, int dst) {
    std::vector<int>& parent = parent_link_[static_cast<std::size_t>(src)];
    if (parent.empty()) {
        const auto n = adjacency_.size();
        Graph graph(n);
        for (std::size_t u = 0; u < n; ++u)
            for (auto [v, link] : adjacency_[u])
                boost::add_edge(u, static_cast<std::size_t>(v), link, graph);
        parent.assign(n, -1);
        boost::breadth_first_search(graph, static_cast<std::size_t>(src),
                                    boost::visitor(ParentRecorder(parent)));
    }
    path_scratch_.clear();
    for (int at = dst; at != src;) {
        const int link = parent[static_cast<std::size_t>(at)];
        if (link < 0)
            throw std::runtime_error("graph has no path from " + std::to_string(src) + " to " +
                                     std::to_string(dst));
        path_scratch_.push_back(link);
        at = link_ends_[static_cast<std::size_t>(link)].first;
    }
    std::reverse(path_scratch_.begin(), path_scratch_.end());
    return path_scratch_;
}

StepLinkLoad LinkLoads::finish_step() {
    // Sorting the touched slots pays while they are few; once they are many (a
    // message from every rank, as in ring, recursive doubling or Swing B) one
    // pass over every link is cheaper, and finds the same loads.
    if (topology_.kind == TopologyKind::ring && !keep_per_link_ && link_count_ > 0 &&
        touched_slots_.size() < static_cast<std::size_t>(link_count_) / 8)
        return finish_ring_step_sparse();
    touched_slots_.clear();
    StepLinkLoad load;
    load.chunks_min = std::numeric_limits<std::int64_t>::max();
    if (keep_per_link_) {
        last_chunks_.assign(static_cast<std::size_t>(link_count_), 0);
        last_blocks_.assign(static_cast<std::size_t>(link_count_), 0);
    }
    std::int64_t chunks = 0;
    std::int64_t blocks = 0;
    for (int link = 0; link < link_count_; ++link) {
        const auto i = static_cast<std::size_t>(link);
        if (topology_.kind == TopologyKind::ring) {
            // Each direction's difference array restarts at its first link.
            const int half = link_count_ / 2;
            if (link == half) chunks = blocks = 0;
            const auto slot = static_cast<std::size_t>(link < half ? link : link + 1);
            chunks += chunk_delta_[slot];
            blocks += block_delta_[slot];
        } else {
            chunks = chunks_[i];
            blocks = blocks_[i];
            if (!class_chunks_.empty()) {
                chunks += class_chunks_[link_class(link)];
                blocks += class_blocks_[link_class(link)];
            }
        }
        if (chunks > load.chunks_max) {
            load.chunks_max = chunks;
            load.busiest_link = link;
        }
        load.chunks_min = std::min(load.chunks_min, chunks);
        load.blocks_max = std::max(load.blocks_max, blocks);
        if (keep_per_link_) {
            last_chunks_[i] = chunks;
            last_blocks_[i] = blocks;
        }
    }
    if (link_count_ == 0) load.chunks_min = 0;
    std::fill(chunk_delta_.begin(), chunk_delta_.end(), 0);
    std::fill(block_delta_.begin(), block_delta_.end(), 0);
    std::fill(chunks_.begin(), chunks_.end(), 0);
    std::fill(blocks_.begin(), blocks_.end(), 0);
    std::fill(class_chunks_.begin(), class_chunks_.end(), 0);
    std::fill(class_blocks_.begin(), class_blocks_.end(), 0);
    return load;
}

std::string LinkLoads::link_name(int link) const {
    if (topology_.kind == TopologyKind::switch_) {
        const int n = topology_.dims[0];
        return link < n ? std::to_string(link) + "->switch" : "switch->" + std::to_string(link - n);
    }
    if (topology_.kind == TopologyKind::ring) {
        const int n = topology_.dims[0];
        const int from = link % n;
        const bool plus = link < n;
        return std::to_string(from) + "->" + std::to_string(wrap(from + (plus ? 1 : -1), n)) +
               (plus ? " (+)" : " (-)");
    }
    if (topology_.kind == TopologyKind::torus) {
        const auto dimensions = static_cast<int>(topology_.dims.size());
        const int node = link / (2 * dimensions);
        const int dimension = (link / 2) % dimensions;
        return std::to_string(node) + " dim " + std::to_string(dimension) +
               ((link % 2) == 0 ? " (+)" : " (-)");
    }
    auto [u, v] = link_ends_[static_cast<std::size_t>(link)];
    return std::to_string(u) + "->" + std::to_string(v);
}

}  // namespace trivcheck
