#pragma once
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
    int distance = 0;
    std::vector<PlacedDisplacement> placed;
};

/// Every step's placements for ring size n and the reduce-scatter distances,
/// indexed by step; throws std::logic_error if a displacement stays unplaced.
std::vector<TreeStep> trivance_tree_steps(int n, const std::vector<int>& distances);

/// How two-way displacements choose their direction (docs/model.md: a free choice):
/// first_come: the parent placed first adopts it (+ first for one parent);
/// balanced: one-way ones are forced, then each two-way one in placement
/// order goes to the side with fewer so far (+ on a tie), so that
/// max(c+, c-), the step's most blocks per link over d_t, is least.
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

/// For each displacement x in [0, n): the reduce-scatter step at which x
/// sends its partial towards the owner (-1 for the owner itself) and the
/// direction (+1: towards x + d, -1: towards x - d).
struct ReductionTree {
    std::vector<int> send_step;
    std::vector<int> direction;
};
/// The B form's in-tree for distances `distances`, directions chosen by `rule`.
ReductionTree trivance_reduction_tree(int n, const std::vector<int>& distances,
                                      TreeRule rule = TreeRule::first_come);

}  // namespace trivcheck
