#include "proofs/pieces_model.hpp"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <vector>

#include "models/ring_arithmetic.hpp"
#include "proofs/least_bound.hpp"
#include "proofs/solver_deadline.hpp"

namespace trivcheck::proofs {

struct LastStepSynthesizer::Context {
    z3::context z3;
};

namespace {

using Clock = std::chrono::steady_clock;

/// A solver call ended in unknown (timeout, resource limit).
struct SolverGaveUp {
    std::string reason;
};

/// Closed intervals of v in [low, high] for which the arcs [x, x + x_width)
/// and [x + gap + v, ... + y_width) of Z_n overlap, i.e. (gap + v) mod n lies
/// in (-y_width, x_width). Computed here, so the solver sees only bounds on v.
std::vector<std::pair<int, int>> overlapping_values(int n, int gap, int x_width, int y_width,
                                                    int low, int high) {
    std::vector<std::pair<int, int>> intervals;
    // v + gap ranges over [low + gap, high + gap]; visit every copy k*n of the
    // forbidden residue arc that can meet it.
    const int lowest = low + gap;
    const int highest = high + gap;
    for (int k = lowest / n - 2; k <= highest / n + 2; ++k) {
        const int first = std::max(low, k * n - y_width + 1 - gap);
        const int last = std::min(high, k * n + x_width - 1 - gap);
        if (first <= last) intervals.push_back({first, last});
    }
    return intervals;
}

/// Bits of the distance bit-vectors: d_R + d_L <= 2n - 2 must not overflow.
unsigned distance_bits(int n) {
    unsigned bits = 1;
    while ((std::int64_t{1} << bits) <= 2 * std::int64_t{n}) ++bits;
    return bits;
}

/// The pieces model of one n as a Z3 query: Booleans keep/right/left per
/// piece, distances as bit-vectors (the SAT core of QF_FD bit-blasts them,
/// which answered about twice as fast as integer arithmetic when measured).
class PiecesQuery {
  public:
    PiecesQuery(z3::context& context, int n, const SynthesisSettings& settings)
        : context_(context),
          solver_(context, "QF_FD"),
          n_(n),
          bits_(distance_bits(n)),
          deadline_(Clock::now() + std::chrono::milliseconds(settings.timeout_ms)),
          seed_(settings.seed),
          right_distance_(context.bv_const(("d_R_" + std::to_string(n)).c_str(), bits_)),
          left_distance_(context.bv_const(("d_L_" + std::to_string(n)).c_str(), bits_)),
          right_sends_(context.bool_val(false)),
          left_sends_(context.bool_val(false)),
          patterns_(context) {
        const std::vector<Piece> pieces = trivance_pieces(n);
        for (const Piece& piece : pieces) arcs_.push_back(piece_offsets(piece));
        // Names carry n: the context is shared by every n a synthesizer solves.
        const std::string suffix = "_" + std::to_string(n);
        for (std::size_t i = 0; i < arcs_.size(); ++i) {
            const std::string index = std::to_string(i) + suffix;
            keep_.push_back(context.bool_const(("keep_" + index).c_str()));
            right_.push_back(context.bool_const(("right_" + index).c_str()));
            left_.push_back(context.bool_const(("left_" + index).c_str()));
        }
        right_sends_ = any_of(right_);
        left_sends_ = any_of(left_);
        add_exact_cover();
        add_buffer_patterns();
    }

    /// A plan satisfying everything required so far and `condition`, or none
    /// when the solver proves there is none.
    std::optional<LastStepPlan> solve(const z3::expr& condition) {
        const auto remaining =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now()).count();
        if (remaining <= 0) throw SolverGaveUp{"timeout"};
        z3::params parameters(context_);
        parameters.set("random_seed", seed_);
        solver_.set(parameters);
        solver_.push();
        solver_.add(condition);
        SolverDeadline deadline(context_, static_cast<unsigned>(remaining));
        const z3::check_result result = solver_.check();
        deadline.stop();
        // An interrupted check can still say sat, with a model of nothing.
        const bool gave_up = deadline.expired() || result == z3::unknown;
        std::optional<LastStepPlan> plan;
        if (!gave_up && result == z3::sat) plan = read_plan(solver_.get_model());
        const std::string reason = deadline.expired() ? "timeout"
                                   : gave_up          ? solver_.reason_unknown()
                                                      : "";
        solver_.pop();
        if (gave_up) throw SolverGaveUp{reason};
        return plan;
    }

    void require(const z3::expr& condition) { solver_.add(condition); }

    /// d_R <= d_L: one of each mirror pair of plans satisfies it.
    z3::expr mirror_representative() const { return z3::ule(right_distance_, left_distance_); }

    z3::expr load_at_most(int load) const {
        return z3::implies(right_sends_, at_most(right_distance_, load)) &&
               z3::implies(left_sends_, at_most(left_distance_, load));
    }
    z3::expr buffers_at_most(int buffers) const {
        return z3::atmost(patterns_, static_cast<unsigned>(buffers + 1));
    }
    z3::expr distance_sum_at_most(int sum) const {
        return at_most(right_distance_ + left_distance_, sum);
    }
    z3::expr right_distance_at_most(int distance) const {
        return at_most(right_distance_, distance);
    }

    /// Every piece choice, in the order the canonical answer fixes them.
    std::vector<z3::expr> choices() const {
        std::vector<z3::expr> all = keep_;
        all.insert(all.end(), right_.begin(), right_.end());
        all.insert(all.end(), left_.begin(), left_.end());
        return all;
    }

  private:
    z3::expr any_of(const std::vector<z3::expr>& terms) const {
        z3::expr_vector vector(context_);
        for (const z3::expr& term : terms) vector.push_back(term);
        return z3::mk_or(vector);
    }

    z3::expr at_most(const z3::expr& value, int bound) const {
        return z3::ule(value, context_.bv_val(bound, bits_));
    }

    /// low <= value <= high, with low > 0, as two atoms "value <= c" (low - 1
    /// negated), the form every bound here takes, so the ladder below links them.
    z3::expr in_range(const z3::expr& value, int low, int high) const {
        return !at_most(value, low - 1) && at_most(value, high);
    }

    /// The order between the model's atoms "value <= c" (c ascending): each
    /// implies the next. Valid for any value, so it changes no answer; the SAT
    /// core would otherwise have to learn these implications one by one.
    void add_ladder(const z3::expr& value, std::vector<int> bounds) {
        std::sort(bounds.begin(), bounds.end());
        bounds.erase(std::unique(bounds.begin(), bounds.end()), bounds.end());
        for (std::size_t i = 1; i < bounds.size(); ++i)
            solver_.add(z3::implies(at_most(value, bounds[i - 1]), at_most(value, bounds[i])));
    }

    void add_exact_cover() {
        const std::size_t count = arcs_.size();
        solver_.add(in_range(right_distance_, 1, n_ - 1));
        solver_.add(in_range(left_distance_, 1, n_ - 1));

        // Widths sum to n: with pairwise disjointness below, the arcs tile Z_n.
        z3::expr_vector chosen(context_);
        std::vector<int> widths;
        for (std::size_t i = 0; i < count; ++i)
            for (const std::vector<z3::expr>* side : {&keep_, &right_, &left_}) {
                chosen.push_back((*side)[i]);
                widths.push_back(arcs_[i].width());
            }
        solver_.add(z3::pbeq(chosen, widths.data(), n_));

        // Pieces of one rank are disjoint (they tile 3^s < n offsets); only
        // arcs of different sources can overlap, depending on d_R, d_L or
        // d_R + d_L. The shift of the left peer is v = -d_L, so an interval
        // [first, last] of v is d_L in [-last, -first].
        const z3::expr distance_sum = right_distance_ + left_distance_;
        std::vector<int> right_bounds, left_bounds, sum_bounds;
        enum class Shift { right, minus_left, sum };
        const auto forbid = [&](const z3::expr& x_chosen, const z3::expr& y_chosen, Shift shift,
                                int gap, int x_width, int y_width) {
            const int low = shift == Shift::right ? 1 : shift == Shift::sum ? 2 : -(n_ - 1);
            const int high = shift == Shift::right ? n_ - 1 : shift == Shift::sum ? 2 * n_ - 2 : -1;
            for (auto [first, last] : overlapping_values(n_, gap, x_width, y_width, low, high)) {
                const z3::expr overlap =
                    shift == Shift::right ? in_range(right_distance_, first, last)
                    : shift == Shift::sum ? in_range(distance_sum, first, last)
                                          : in_range(left_distance_, -last, -first);
                solver_.add(!(x_chosen && y_chosen && overlap));
                std::vector<int>& bounds = shift == Shift::right ? right_bounds
                                           : shift == Shift::sum ? sum_bounds
                                                                 : left_bounds;
                const int bound_low = shift == Shift::minus_left ? -last : first;
                const int bound_high = shift == Shift::minus_left ? -first : last;
                bounds.push_back(bound_low - 1);
                bounds.push_back(bound_high);
            }
        };
        for (std::size_t i = 0; i < count; ++i)
            for (std::size_t j = 0; j < count; ++j) {
                const int wi = arcs_[i].width();
                const int wj = arcs_[j].width();
                // keep i at a_i; right j at a_j + d_R; left j at a_j - d_L.
                forbid(keep_[i], right_[j], Shift::right, arcs_[j].first - arcs_[i].first, wi, wj);
                forbid(keep_[i], left_[j], Shift::minus_left, arcs_[j].first - arcs_[i].first, wi,
                       wj);
                forbid(left_[j], right_[i], Shift::sum, arcs_[i].first - arcs_[j].first, wj, wi);
            }
        add_ladder(right_distance_, right_bounds);
        add_ladder(left_distance_, left_bounds);
        add_ladder(distance_sum, sum_bounds);
    }

    // Buffers: one per membership pattern (kept, sent right, sent left) in use,
    // including "used nowhere" (LastStepPlan::extra_buffers).
    void add_buffer_patterns() {
        for (int pattern = 0; pattern < 8; ++pattern) {
            std::vector<z3::expr> has_pattern;
            for (std::size_t i = 0; i < arcs_.size(); ++i)
                has_pattern.push_back((keep_[i] == context_.bool_val((pattern & 1) != 0)) &&
                                      (right_[i] == context_.bool_val((pattern & 2) != 0)) &&
                                      (left_[i] == context_.bool_val((pattern & 4) != 0)));
            patterns_.push_back(any_of(has_pattern));
        }
    }

    LastStepPlan read_plan(const z3::model& model) const {
        LastStepPlan plan;
        plan.ranks = n_;
        plan.right_distance =
            static_cast<int>(model.eval(right_distance_, true).get_numeral_uint());
        plan.left_distance = static_cast<int>(model.eval(left_distance_, true).get_numeral_uint());
        for (std::size_t i = 0; i < arcs_.size(); ++i) {
            plan.keep.push_back(model.eval(keep_[i], true).is_true());
            plan.from_right.push_back(model.eval(right_[i], true).is_true());
            plan.from_left.push_back(model.eval(left_[i], true).is_true());
        }
        return plan;
    }

    z3::context& context_;
    z3::solver solver_;
    int n_;
    unsigned bits_;
    Clock::time_point deadline_;
    unsigned seed_;
    std::vector<OffsetArc> arcs_;
    std::vector<z3::expr> keep_, right_, left_;
    z3::expr right_distance_, left_distance_;
    z3::expr right_sends_, left_sends_;
    z3::expr_vector patterns_;
};

/// Lowers `measure` of `plan` as far as the solver allows, by bisection over
/// (floor, measure(plan)]: each SAT answer gives a better plan, each UNSAT
/// proves every value up to the bound impossible. Requires the least value
/// afterwards and returns the largest value proved impossible (floor - 1 when
/// none was asked); the caller vouches that nothing below `floor` exists.
int minimise(PiecesQuery& query, LastStepPlan& plan, int floor,
             const std::function<int(const LastStepPlan&)>& measure,
             const std::function<z3::expr(int)>& at_most) {
    const LeastBound least =
        bisect_least(floor - 1, measure(plan), [&](int bound) -> std::optional<int> {
            std::optional<LastStepPlan> better = query.solve(at_most(bound));
            if (!better) return std::nullopt;
            plan = std::move(*better);
            return measure(plan);
        });
    query.require(at_most(least.best));
    return least.refuted;
}

/// The published last distance ceil(e/2): the two sides together must reach
/// the e = n - 3^s offsets outside a rank's window (docs/synthesis.md).
int published_load(int n) {
    const int e = n - static_cast<int>(power(3, floor_log(n, 3)));
    return (e + 1) / 2;
}

}  // namespace

const char* to_string(SynthesisStatus status) {
    switch (status) {
        case SynthesisStatus::found:
            return "found";
        case SynthesisStatus::none:
            return "none";
        case SynthesisStatus::unknown:
            return "unknown";
    }
    return "unknown";
}

LastStepSynthesizer::LastStepSynthesizer(const SynthesisSettings& settings) : settings_(settings) {}

LastStepSynthesizer::~LastStepSynthesizer() = default;

SynthesisAnswer LastStepSynthesizer::synthesize(int n) {
    if (n < 2 || is_power_of(n, 3))
        throw std::invalid_argument("synthesis needs n >= 2 and not a power of 3");
    // Created on first use: constructing a synthesizer that never solves (a
    // worker given only powers of 3) costs nothing.
    if (!context_) context_ = std::make_unique<Context>();
    SynthesisAnswer answer;
    try {
        PiecesQuery query(context_->z3, n, settings_);
        // Least load. The published load is a lower bound argued geometrically
        // and often reached, and a question at a tight load is answered far
        // faster than an open one, so it is asked first; the UNSAT answer one
        // below the result is asked for explicitly, so optimality rests on
        // the solver, not on that argument.
        const auto load = [](const LastStepPlan& p) { return p.link_load(); };
        const auto load_at_most = [&](int bound) { return query.load_at_most(bound); };
        const int published = published_load(n);
        std::optional<LastStepPlan> plan = query.solve(load_at_most(published));
        int floor = published;
        if (!plan) {
            // Mirroring offsets maps a plan to one with d_R and d_L swapped
            // (and the sides' pieces mirrored), so asking only for d_R <= d_L
            // loses no plan and halves what an UNSAT answer must cover.
            plan = query.solve(query.mirror_representative());
            if (!plan) {
                answer.status = SynthesisStatus::none;
                return answer;
            }
            floor = published + 1;
        }
        int refuted = minimise(query, *plan, floor, load, load_at_most);
        const int least = plan->link_load();
        if (refuted < least - 1) {
            if (query.solve(load_at_most(least - 1)))
                throw std::logic_error("pieces model: a plan below the published load for n = " +
                                       std::to_string(n));
            refuted = least - 1;
        }
        answer.refuted_load = refuted;
        // Tie-breaks at the least load, each optimal given the ones before.
        minimise(
            query, *plan, 0, [](const LastStepPlan& p) { return p.extra_buffers(); },
            [&](int bound) { return query.buffers_at_most(bound); });
        minimise(
            query, *plan, 2,
            [](const LastStepPlan& p) { return p.right_distance + p.left_distance; },
            [&](int bound) { return query.distance_sum_at_most(bound); });
        minimise(
            query, *plan, 1, [](const LastStepPlan& p) { return p.right_distance; },
            [&](int bound) { return query.right_distance_at_most(bound); });
        // Last, every piece choice in a fixed order is false where possible, so
        // the answer is the same whatever model the solver happened to give.
        const std::vector<z3::expr> choices = query.choices();
        const std::size_t count = plan->keep.size();
        for (std::size_t k = 0; k < choices.size(); ++k) {
            const std::vector<bool>& side = k < count       ? plan->keep
                                            : k < 2 * count ? plan->from_right
                                                            : plan->from_left;
            if (side[k % count]) {
                if (std::optional<LastStepPlan> other = query.solve(!choices[k])) {
                    plan = std::move(other);
                } else {
                    query.require(choices[k]);
                    continue;
                }
            }
            query.require(!choices[k]);
        }
        answer.status = SynthesisStatus::found;
        answer.plan = std::move(plan);
    } catch (const SolverGaveUp& gave_up) {
        answer = SynthesisAnswer{};
        answer.reason = gave_up.reason;
    } catch (const z3::exception& error) {
        answer = SynthesisAnswer{};
        answer.reason = error.msg();
    }
    return answer;
}

SynthesisAnswer synthesize_last_step(int n, const SynthesisSettings& settings) {
    LastStepSynthesizer synthesizer(settings);
    return synthesizer.synthesize(n);
}

}  // namespace trivcheck::proofs
