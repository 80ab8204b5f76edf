#pragma once
// The executor's working parts, shared by its translation units
// (executor.cpp, executor_delivery.cpp, executor_checks.cpp); not an interface.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "checker/execution/link_loads.hpp"

namespace trivcheck {

/// One message a stored rank reduces in a step: `transfer` under translation
/// `shift` (0 unless the step is a rank orbit's model), sent by `src`; `index`
/// is its place in the whole step. On a torus whose blocks move, `blocks`
/// lists the translated blocks in the whole step's (sorted) order.
struct Arrival {
    const Transfer* transfer;
    int shift;
    int src;
    std::uint32_t index;
    BlockSet blocks = {};
};

/// How the executor reads the schedule's steps.
struct StepSource {
    /// Whole steps (every transfer), or a rank orbit's model: the first
    /// 1/model_divisor of each step stands for its N translations.
    bool orbit = false;
    std::size_t model_divisor = 1;
    /// The whole schedule, for tracing copies; null when only the orbit exists.
    const Schedule* whole = nullptr;
    /// The orbit executed without its whole schedule, for tracing copies in it.
    const RotationOrbit* orbit_only = nullptr;
    /// Block classes (checker/execution/block_classes.hpp): [block] -> 1 for
    /// the blocks executed, each standing for its class; null: every block.
    /// Only the verdict "holds" of such a run is a result (execute() runs a
    /// violated schedule again whole, to list what is wrong).
    const std::vector<std::uint8_t>* representatives = nullptr;
    /// An orbit under translations other than the topology's own (XOR,
    /// models/xor_symmetry.hpp): their rank arithmetic, and the link loads
    /// added up from the whole step, whose messages they do not turn into
    /// one another on the topology's links. Null: execution_translations.
    const RankTranslations* translations = nullptr;
    /// Messages only: figures, ports and bounds, no cells and no deliveries
    /// (a schedule whose holding was proven otherwise, as by its fold core).
    bool figures_only = false;
    /// An orbit under some of the translations only (RotationOrbit::symmetry_steps):
    /// the model lists the representatives' transfers.
    std::vector<int> symmetry_steps = {};
};

/// The translations an execution works with: an orbit's ring or torus
/// (RankTranslations::of; a ring's blocks move unless there is one); when
/// every rank is stored, the torus's translations with blocks staying put, or
/// the cyclic shifts of rank indices off a torus.
RankTranslations execution_translations(const Schedule& schedule, bool orbit);
/// The translations `source` says to work with: its own, or execution_translations
/// with its symmetry steps.
RankTranslations execution_translations(const Schedule& schedule, const StepSource& source);

/// Runs one schedule; lives for one call of execute().
class Executor {
  public:
    Executor(const Schedule& schedule, const ExecuteOptions& options, const StepSource& source)
        : schedule_(schedule),
          options_(options),
          source_(source),
          translations_(execution_translations(schedule, source)),
          sets_(translations_.extents()),
          state_(schedule, sets_, source.orbit, translations_, !source.figures_only),
          loads_(schedule.topology) {
        if (source.orbit && translations_.representatives() > 1)
            loads_.symmetries_only(translations_);
    }

    Report run();

  private:
    /// A value a delivery computed, written to its cell once the step's sends are done.
    struct PendingWrite {
        std::size_t cell;
        SetId value;
    };

    void run_step(int step_index);
    /// The step's deliveries to the stored ranks, their violations listed as
    /// the whole execution lists them, and the new values written.
    void deliver_step(int step_index, const Step& step, std::size_t listed_before,
                      std::int64_t counted_before);
    /// Link loads, message and byte figures of the whole step.
    void measure_whole_step(const Step& step, int phase, StepFigures& figures);
    void measure_orbit_step(const Step& step, int phase, StepFigures& figures);
    /// Groups the step's messages by stored receiver into arrivals_ and first_arrival_.
    void collect_whole_arrivals(const Step& step);
    void collect_orbit_arrivals(int step_index, const Step& step);
    /// The model transfers turned so that `receiver` receives them, in the
    /// whole step's order: those whose receiver is in `receiver`'s coset of
    /// the symmetries (all of them, unless the orbit has symmetry steps).
    void orbit_arrivals(const Step& step, int receiver, std::vector<Arrival>& arrivals) const;
    /// The messages `rank` sends (or receives) in an orbit step, as the whole step lists them.
    std::vector<Hop> orbit_hops(int step_index, const Step& step, int rank, bool sending) const;
    /// An orbit records one representative per orbit of violations; these
    /// replace the ones recorded since `listed_before` by the violations the
    /// whole execution lists first, in its order: the step's port overuses
    /// and deliveries rank by rank, or the missing cells block by block
    /// (executor_listing.cpp). The counts are already whole.
    void list_whole_step(int step_index, const Step& step, std::size_t listed_before);
    void list_whole_missing(std::size_t listed_before);
    /// Orbits list whole violations unless they have local operations (then
    /// check_orbit expands a violated orbit, as before).
    bool lists_whole() const {
        return source_.orbit && !has_local_operations_ && translations_.representatives() == 1;
    }
    bool has_room() const {
        return static_cast<int>(report_.violations.size()) < options_.max_recorded_violations;
    }
    void check_ports(int step_index, const Step& step);
    void report_port_overuse(int step_index, int rank, bool sending, int count,
                             std::vector<Hop> transfers);
    /// Runs the step's local operations of the stored ranks, in the whole
    /// step's order (executor_local.cpp).
    void run_local_operations(int step_index, const Step& step);
    void run_local_operation(int step_index, int rank, const LocalOp& operation, int shift,
                             std::size_t index);
    void deliver(int step_index, int dst, const Arrival* first, const Arrival* last);
    void record_unheld_send(int step_index, const Arrival& arrival, int dst, int block);
    void record_double_count(int step_index, int dst, int buffer, int block,
                             int relative_contributor, const Arrival* first, const Arrival* last);
    /// " in buffer NAME" for a scratch buffer, nothing for the vector.
    std::string in_buffer(int buffer) const {
        return buffer == main_buffer ? std::string()
                                     : " in buffer " + schedule_.buffer_name(buffer);
    }
    /// Where buffer `buffer` starts in the per-delivery scratch and in a stored rank's cells.
    std::size_t buffer_start(int buffer) const {
        return static_cast<std::size_t>(buffer) * static_cast<std::size_t>(schedule_.blocks);
    }
    /// Where block `block` of buffer `buffer` sits in the per-delivery scratch
    /// and in a stored rank's cells.
    std::size_t slot(int buffer, int block) const {
        return buffer_start(buffer) + static_cast<std::size_t>(block);
    }
    void check_postconditions();
    /// Does (rank, block) end without what the collective promises it?
    bool ends_wrong(int rank, int block) const;
    /// No stored rank ends wrong in any block: the quick answer before listing what is missing.
    bool ends_right(int checked_ranks) const;
    void report_missing(int rank, int block);
    /// `rotations`: how many ranks the violation stands for (N when found at
    /// rank 0 of a rank orbit, where every translation of it happens too).
    void record(Violation violation, std::int64_t rotations = 1);
    std::int64_t orbit_weight() const { return source_.orbit ? translations_.symmetries() : 1; }
    int phase_index(const std::string& phase);
    std::size_t model_size(const Step& step) const {
        return step.transfers.size() / source_.model_divisor;
    }
    /// Block `i` of the arrival's message, turned with it.
    int arriving_block(const Arrival& arrival, std::size_t i) const {
        if (arrival.shift == 0) return arrival.transfer->blocks.at(i);
        if (sorts_translated_blocks()) return arrival.blocks.at(i);
        return translations_.translate_block(arrival.transfer->blocks.at(i), arrival.shift);
    }
    bool arrival_carries(const Arrival& arrival, int buffer, int block) const {
        if (arrival.transfer->dst_buffer != buffer) return false;
        const int unturned = arrival.shift == 0 ? block
                                                : translations_.translate_block(
                                                      block, translations_.inverse(arrival.shift));
        return arrival.transfer->blocks.contains(unturned);
    }
    /// A torus lists a translated message's blocks sorted, not in its model's order.
    bool sorts_translated_blocks() const {
        return !translations_.is_ring() && translations_.blocks_move();
    }
    /// `arrival` with its translated blocks listed when they move (sorts_translated_blocks).
    Arrival with_blocks(Arrival arrival) const {
        if (arrival.shift != 0 && sorts_translated_blocks())
            arrival.blocks =
                translations_.translate_blocks(arrival.transfer->blocks, arrival.shift);
        return arrival;
    }

    const Schedule& schedule_;
    const ExecuteOptions& options_;
    StepSource source_;
    /// The rank arithmetic (execution_translations).
    RankTranslations translations_;
    ContributionSets sets_;
    ExecutionState state_;
    LinkLoads loads_;
    Report report_;
    std::vector<std::vector<std::int64_t>> phase_blocks_;  // [phase][stored rank]
    std::vector<std::int64_t> total_blocks_;               // [stored rank]
    // The step's arrivals grouped by stored receiver: those of rank r are
    // arrivals_[first_arrival_[r] .. first_arrival_[r + 1]).
    std::vector<Arrival> arrivals_;
    std::vector<std::uint32_t> first_arrival_;
    /// What one delivery has received for a slot (buffer, block); stamped
    /// with the delivery instead of cleared.
    struct DeliverySlot {
        std::uint32_t stamp = 0;
        SetId reduced = ContributionSets::empty;  // the union of the reduces
        SetId copied = ContributionSets::empty;   // meaningful only where has_copy is set
        std::uint32_t has_copy = 0;               // a copy arrived this step (it may carry nothing)
    };
    std::vector<DeliverySlot> delivery_slots_;
    std::vector<std::uint32_t> touched_;  // slots this delivery writes, in first-touch order
    std::uint32_t current_stamp_ = 0;
    std::vector<PendingWrite> pending_;
    /// Whole steps: the ranks that send in this step. A receiver that does
    /// not is read by no delivery of the step, so its new values are written
    /// at once instead of pending.
    std::vector<std::uint8_t> sends_this_step_;
    // Listing an orbit's violations in whole order: record() only lists, never counts.
    bool listing_ = false;
    bool has_local_operations_ = false;
    std::int64_t counted_records_ = 0;
    std::vector<Arrival> listed_arrivals_;
    // The delivery's stamp on the slots it has reported a double count for.
    std::vector<std::uint32_t> double_counted_;
};

}  // namespace trivcheck
