#include "models/trivance/trivance_synthesized.hpp"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "models/ring_arithmetic.hpp"

namespace trivcheck {

namespace {

/// What the last step does with a piece: kept, sent to r - d_R (the right
/// peer's message as its receiver sees it), sent to r + d_L.
using Membership = std::tuple<bool, bool, bool>;

std::string class_buffer_name(const Membership& membership) {
    const auto [kept, to_minus, to_plus] = membership;
    std::string name = "pieces";
    if (kept) name += "_kept";
    if (to_minus) name += "_to_minus";
    if (to_plus) name += "_to_plus";
    if (!kept && !to_minus && !to_plus) name += "_unused";
    return name;
}

/// Builds the orbit's model (rank 0's transfers and local operations).
class SynthesizedBuilder {
  public:
    SynthesizedBuilder(Schedule& schedule, const LastStepPlan& plan)
        : schedule_(schedule), plan_(plan), pieces_(trivance_pieces(plan.ranks)) {}

    void build() {
        const int full_steps = floor_log(plan_.ranks, 3);
        for (std::size_t p = 1; p < pieces_.size(); ++p) class_buffer(p);
        if (full_steps >= 2) acc_ = add_buffer("acc");
        for (int j = 0; j < full_steps; ++j) full_step(j);
        last_step();
    }

  private:
    int add_buffer(const std::string& name) {
        schedule_.buffers.push_back(name);
        return schedule_.buffer_count() - 1;
    }
    Membership membership(std::size_t piece) const {
        return {plan_.keep[piece], plan_.from_right[piece], plan_.from_left[piece]};
    }
    /// The scratch buffer that collects the pieces of `piece`'s class.
    int class_buffer(std::size_t piece) {
        const Membership key = membership(piece);
        const auto found = class_buffers_.find(key);
        if (found != class_buffers_.end()) return found->second;
        return class_buffers_[key] = add_buffer(class_buffer_name(key));
    }
    static LocalOp local(int src, int dst, Op op) { return {0, src, dst, BlockSet::all(1), op}; }
    /// Rank 0's whole vector-sized message to `dst`.
    static Transfer message(int dst, Op op, Route route, int src_buffer, int dst_buffer) {
        return {0,
                dst,
                BlockSet::all(1),
                op,
                route,
                static_cast<BufferIndex>(src_buffer),
                static_cast<BufferIndex>(dst_buffer)};
    }

    /// Full step j: send the running sum to r + 3^j and r - 3^j; what arrives
    /// from r + 3^j is piece (j, +), from r - 3^j piece (j, -).
    void full_step(int j) {
        const int n = plan_.ranks;
        const int d = static_cast<int>(power(3, j));
        Step step{"allreduce", {}};
        int sum = main_buffer;
        if (j >= 1) {
            // acc := own + every piece received so far (their class buffers are disjoint).
            step.local.push_back(local(main_buffer, acc_, Op::copy));
            for (int buffer : filled_) step.local.push_back(local(buffer, acc_, Op::reduce));
            sum = acc_;
        }
        const std::size_t from_plus = 1 + 2 * static_cast<std::size_t>(j);
        const int plus_buffer = class_buffer(from_plus);
        const int minus_buffer = class_buffer(from_plus + 1);
        // Rank 0's message to -d is its receiver's piece from the right (+), and vice versa.
        step.transfers.push_back(message(wrap(-d, n), Op::reduce, Route::minus, sum, plus_buffer));
        step.transfers.push_back(message(wrap(d, n), Op::reduce, Route::plus, sum, minus_buffer));
        schedule_.steps.push_back(std::move(step));
        for (int buffer : {plus_buffer, minus_buffer})
            if (std::find(filled_.begin(), filled_.end(), buffer) == filled_.end())
                filled_.push_back(buffer);
    }

    /// The buffers holding exactly the pieces `chosen` selects, if that is one class
    /// buffer; else -1.
    int single_class_buffer(const std::vector<bool>& chosen) {
        if (chosen[0]) return -1;
        int only = -1;
        for (std::size_t p = 1; p < pieces_.size(); ++p) {
            if (!chosen[p]) continue;
            const int buffer = class_buffer(p);
            if (only >= 0 && only != buffer) return -1;
            only = buffer;
        }
        // Every piece of that class must be chosen: a class is one membership, so it is.
        return only;
    }

    /// The distinct buffers holding the pieces `chosen` selects: the vector for
    /// the own piece, then class buffers in piece order.
    std::vector<int> sources_of(const std::vector<bool>& chosen) {
        std::vector<int> sources;
        if (chosen[0]) sources.push_back(main_buffer);
        for (std::size_t p = 1; p < pieces_.size(); ++p)
            if (chosen[p] &&
                std::find(sources.begin(), sources.end(), class_buffer(p)) == sources.end())
                sources.push_back(class_buffer(p));
        return sources;
    }

    /// Local operations that sum the pieces `chosen` into `target`; the
    /// first one copies (the target may hold something else).
    void sum_into(Step& step, const std::vector<bool>& chosen, int target) {
        const std::vector<int> sources = sources_of(chosen);
        for (std::size_t i = 0; i < sources.size(); ++i)
            step.local.push_back(local(sources[i], target, i == 0 ? Op::copy : Op::reduce));
    }

    /// The message of one side: from its class buffer when that holds exactly
    /// its pieces, else from a staging buffer summed first. -1: nothing to send.
    int message_source(Step& step, const std::vector<bool>& chosen, const char* staging) {
        if (std::find(chosen.begin(), chosen.end(), true) == chosen.end()) return -1;
        const int direct = single_class_buffer(chosen);
        if (direct >= 0) return direct;
        const int buffer = add_buffer(staging);
        sum_into(step, chosen, buffer);
        return buffer;
    }

    void last_step() {
        const int n = plan_.ranks;
        Step step{"allreduce", {}};
        // Messages first: they may read the vector before the kept sum replaces it.
        const int to_minus = message_source(step, plan_.from_right, "send_to_minus");
        const int to_plus = message_source(step, plan_.from_left, "send_to_plus");
        const bool keeps_any =
            std::find(plan_.keep.begin(), plan_.keep.end(), true) != plan_.keep.end();
        if (plan_.keep[0]) {
            // The vector holds the own piece: add the other kept ones.
            for (int buffer : sources_of(plan_.keep))
                if (buffer != main_buffer)
                    step.local.push_back(local(buffer, main_buffer, Op::reduce));
        } else if (keeps_any) {
            sum_into(step, plan_.keep, main_buffer);
        }
        // Nothing kept: the first message replaces the vector's value.
        Op first_op = keeps_any ? Op::reduce : Op::copy;
        if (to_minus >= 0) {
            step.transfers.push_back(message(wrap(-plan_.right_distance, n), first_op, Route::minus,
                                             to_minus, main_buffer));
            first_op = Op::reduce;
        }
        if (to_plus >= 0)
            step.transfers.push_back(
                message(wrap(plan_.left_distance, n), first_op, Route::plus, to_plus, main_buffer));
        schedule_.steps.push_back(std::move(step));
    }

    Schedule& schedule_;
    const LastStepPlan& plan_;
    std::vector<Piece> pieces_;
    std::map<Membership, int> class_buffers_;
    std::vector<int> filled_;  // class buffers that have received a piece, in order
    int acc_ = -1;
};

}  // namespace

RotationOrbit trivance_synthesized_orbit(const LastStepPlan& plan) {
    RotationOrbit orbit;
    Schedule& schedule = orbit.model;
    schedule.name = "trivance-L-synthesized-" + std::to_string(plan.ranks);
    schedule.algo = "trivance";
    schedule.form = "L";
    schedule.topology = Topology::ring(plan.ranks);
    schedule.ranks = plan.ranks;
    schedule.blocks = 1;
    SynthesizedBuilder(schedule, plan).build();
    return orbit;
}

}  // namespace trivcheck
