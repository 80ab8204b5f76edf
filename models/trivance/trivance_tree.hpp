#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace trivcheck {

/// Trivance B's reduction in-tree over displacements x = rank - owner (docs/model.md,
/// "Trivance B"): walking the reduce-scatter steps t = K-1 down to 0, every
/// displacement already placed that sends later than t (or the owner 0)
/// adopts the unplaced x - d_t and x + d_t, which send to it at step t.

/// One displacement placed at step t and the directions it may send in:
/// + towards its parent y + d_t, - towards y - d_t. Both are possible when
/// both are eligible parents (when 2 d_t = n they are one node, reached
/// either way round).
struct PlacedDisplacement {
    int displacement = 0;
    bool plus_possible = false;
    bool minus_possible = false;
    /// The direction the first-come rule gives it (+1 or -1).
    int first_come_direction = 0;
    bool two_way() const { return plus_possible && minus_possible; }
};

/// The displacements placed at one reduce-scatter step, in placement order.
/// Which ones are placed at t depends only on the send steps, never on the
/// directions chosen, so each step's choice is independent of the others.
struct TreeStep {
    int step = 0;
    /// A displacement sending + goes to its parent at +plus_distance, one
    /// sending - to its parent at -minus_distance; 0: that side is not used.
    int plus_distance = 0;
    int minus_distance = 0;
    std::vector<PlacedDisplacement> placed;
};

/// The distances of one reduce-scatter step, each way round (0: unused).
struct StepDistances {
    int plus = 0;
    int minus = 0;
    bool operator==(const StepDistances&) const = default;
};

/// A partial step's parents (docs/trivance-b.md, "Partial steps"): each
/// displacement p in `plus` adopts p - d+ (which sends + to it), each in
/// `minus` adopts p + d- (which sends -); no other adoption at that step.
/// In the all-gather, the time reversal, they are the displacements that send.
struct StepSenders {
    std::vector<int> plus;
    std::vector<int> minus;
    bool operator==(const StepSenders&) const = default;
};

/// The same distance both ways in every step (the published layouts).
std::vector<StepDistances> symmetric_distances(const std::vector<int>& distances);

/// The in-tree grown one reduce-scatter step at a time, from the last (the
/// coarsest) to the first, as trivance_tree_steps walks it; a search copies
/// it to branch on each step's distances.
/// How many displacements one step placed, by the way they were adopted and
/// by the directions they may send in.
struct StepPlacement {
    int adopted_plus = 0;
    int adopted_minus = 0;
    int forced_plus = 0;
    int forced_minus = 0;
    int two_way = 0;
};

class TreeGrowth {
  public:
    explicit TreeGrowth(int n);
    /// Places the displacements that step t adopts with `distances` (steps
    /// are taken in decreasing order of t) and counts them; `record`, when
    /// given, receives each placed displacement.
    StepPlacement place(int t, StepDistances distances, TreeStep* record = nullptr);
    /// Places a partial step's children: those `senders` adopt. Nothing when
    /// the step is not exact (a parent not placed before t, a child already
    /// placed or adopted twice); the growth is then left part-way, to be dropped.
    std::optional<StepPlacement> place_adopted(int t, StepDistances distances,
                                               const StepSenders& senders,
                                               TreeStep* record = nullptr);
    int placed_count() const { return static_cast<int>(placed_.size()); }
    bool complete() const { return placed_count() == n_; }
    /// Takes back every placement after the first `count` (a search's undo:
    /// cheaper than copying the growth when a step places few displacements).
    void undo_to(int count);

  private:
    int n_;
    std::vector<int> send_step_;
    std::vector<int> placed_;
};

/// Every step's placements for ring size n and the reduce-scatter distances,
/// indexed by step; nothing when some displacement stays unplaced.
std::optional<std::vector<TreeStep>> try_trivance_tree_steps(
    int n, const std::vector<StepDistances>& distances);
/// As try_trivance_tree_steps; throws std::logic_error if a displacement stays unplaced.
std::vector<TreeStep> trivance_tree_steps(int n, const std::vector<StepDistances>& distances);
std::vector<TreeStep> trivance_tree_steps(int n, const std::vector<int>& distances);

/// How two-way displacements choose their direction (docs/model.md: a free choice):
/// first_come: the parent placed first adopts it (+ first for one parent);
/// balanced: one-way ones are forced, then each two-way one in placement
/// order goes to the side whose link load d * c stays lower with it (+ on a
/// tie), so that max(d+ c+, d- c-), the step's most blocks per link, is least.
enum class TreeRule { first_come, balanced };

const char* to_string(TreeRule rule);
/// Parses "first_come" or "balanced".
bool parse_tree_rule(const std::string& text, TreeRule& rule);

/// The directions (+1, -1) `rule` gives the step's displacements, in its order.
std::vector<int> choose_directions(const TreeStep& step, TreeRule rule);

/// How many of a step's displacements send + and -: every + link carries
/// d_t * plus blocks in that step, every - link d_t * minus.
struct DirectionCounts {
    int plus = 0;
    int minus = 0;
    int most() const { return plus > minus ? plus : minus; }
};
DirectionCounts count_directions(const std::vector<int>& directions);

/// How many of the step's two-way displacements send + in the choice of
/// least max(d+ c+, d- c-) (the fewest, on a tie).
int least_load_plus_share(StepDistances distances, const StepPlacement& placement);

/// The least max(d+ c+, d- c-) any choice of the two-way directions gives a
/// step: what the balanced rule reaches (tests compare the two).
std::int64_t least_step_link_blocks(StepDistances distances, const StepPlacement& placement);

/// The step's most blocks on one directed link, max(d+ c+, d- c-), for the
/// directions chosen (every rank sends the same pattern turned by its index).
std::int64_t step_link_blocks(const TreeStep& step, const std::vector<int>& directions);

/// For each displacement x in [0, n): the reduce-scatter step at which x
/// sends its partial towards the owner (-1 for the owner itself) and the
/// direction (+1: towards x + d, -1: towards x - d).
struct ReductionTree {
    std::vector<int> send_step;
    std::vector<int> direction;
};
/// The in-tree of every step's placements (each placed once), directions chosen by `rule`.
ReductionTree reduction_tree_of(int n, const std::vector<TreeStep>& steps, TreeRule rule);
/// The B form's in-tree for distances `distances`, directions chosen by `rule`.
ReductionTree trivance_reduction_tree(int n, const std::vector<StepDistances>& distances,
                                      TreeRule rule = TreeRule::first_come);
/// The same distance both ways in every step.
ReductionTree trivance_reduction_tree(int n, const std::vector<int>& distances,
                                      TreeRule rule = TreeRule::first_come);

}  // namespace trivcheck
