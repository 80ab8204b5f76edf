#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "models/rank_translations.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// Loads of one step, over every directed link of the topology.
struct StepLinkLoad {
    std::int64_t chunks_max = 0;
    std::int64_t chunks_min = 0;
    /// Bytes as a count of blocks (multiply by m / blocks for bytes).
    std::int64_t blocks_max = 0;
    /// A link that carries chunks_max (for reports and pictures).
    int busiest_link = -1;
};

/// Routes messages (docs/model.md "Routing") and counts, per step, the messages
/// (chunks) and blocks crossing each directed link. Rings use difference
/// arrays, so a message costs O(1) whatever its distance.
class LinkLoads {
  public:
    explicit LinkLoads(const Topology& topology);

    /// Routes one message and adds it to the current step; returns its hop count.
    int add(int src, int dst, Route route, std::int64_t blocks);
    /// Ring or torus: adds the message and its N - 1 translations (one sent by
    /// every rank), in O(hops): each link of one dimension and direction
    /// carries it as often as its route crosses that dimension in that direction.
    /// After symmetries_only, its translations by the symmetries only.
    int add_all_translations(int src, int dst, Route route, std::int64_t blocks);
    /// Makes add_all_translations add a message's translations by the
    /// symmetries of `translations` (an orbit with symmetry steps) instead of
    /// all N: on a torus a link then carries what its route crosses in the
    /// links of its coset (same dimension and direction, its rank's
    /// representative), in O(hops); on a ring each translation is routed.
    void symmetries_only(const RankTranslations& translations);
    /// Loads of the step so far, then clears for the next step.
    StepLinkLoad finish_step();
    /// Per-link chunks of the last finished step, when kept (see keep_per_link).
    const std::vector<std::int64_t>& last_step_chunks() const { return last_chunks_; }
    const std::vector<std::int64_t>& last_step_blocks() const { return last_blocks_; }
    void keep_per_link(bool keep) { keep_per_link_ = keep; }
    int link_count() const { return link_count_; }
    /// "3->4 (+)" style name of a directed link.
    std::string link_name(int link) const;

  private:
    /// finish_step on a ring whose per-link loads are not kept and whose touched
    /// slots are few (under one per eight links): one visit per run of links
    /// between touched difference slots.
    StepLinkLoad finish_ring_step_sparse();
    void add_ring(int src, int dst, Route route, std::int64_t blocks, int& hops);
    /// Ring: the direction (+ or not) and hop count of a message.
    std::pair<bool, int> ring_direction(int src, int dst, Route route) const;
    /// Ring: adds `chunks` and `blocks` to the links [begin, end) of one direction.
    void add_ring_range(bool plus, int begin, int end, std::int64_t chunks, std::int64_t blocks);
    void add_path(const std::vector<int>& links, std::int64_t blocks);
    std::vector<int> torus_path(int src, int dst, Route route) const;
    const std::vector<int>& graph_path(int src, int dst);

    Topology topology_;
    int link_count_ = 0;
    bool keep_per_link_ = false;
    // Ring: difference arrays over the + links (i -> i+1) then the - links (i -> i-1).
    std::vector<std::int64_t> chunk_delta_;
    std::vector<std::int64_t> block_delta_;
    /// The difference slots written this step (ring).
    std::vector<int> touched_slots_;
    // Torus and graph: direct per-link counters.
    std::vector<std::int64_t> chunks_;
    std::vector<std::int64_t> blocks_;
    /// Torus: the class of a link whose loads add_all_translations counts
    /// together: its dimension and direction (2·d + (0 for +, 1 for -)), and
    /// after symmetries_only its rank's representative.
    std::size_t link_class(int link) const {
        const std::size_t direction = static_cast<std::size_t>(link) % (2 * topology_.dims.size());
        if (!symmetries_) return direction;
        const int rank = link / static_cast<int>(2 * topology_.dims.size());
        return static_cast<std::size_t>(symmetries_->representative_index(rank)) * 2 *
                   topology_.dims.size() +
               direction;
    }
    std::optional<RankTranslations> symmetries_;
    // Torus: what every link of one class (link_class) carries.
    std::vector<std::int64_t> class_chunks_;
    std::vector<std::int64_t> class_blocks_;
    std::vector<std::int64_t> last_chunks_;
    std::vector<std::int64_t> last_blocks_;
    // Graph: adjacency (sorted) and directed-link ids, plus BFS parents per source.
    std::vector<std::vector<std::pair<int, int>>> adjacency_;
    std::vector<std::pair<int, int>> link_ends_;
    std::vector<std::vector<int>> parent_link_;
    std::vector<int> path_scratch_;
};

}  // namespace trivcheck
