#pragma once
#include <optional>
#include <string>
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck {

/// Where a mistake was made: a step, one of its transfers (-1: the whole
/// step), and which of an operator's variants (the sign of a distance
/// change, the kind of all-gather not reversed). Carried to another n by
/// carry_place (mutant_shrink.hpp).
struct MutationPlace {
    int step = -1;
    int transfer = -1;
    int variant = 0;
    friend bool operator==(const MutationPlace&, const MutationPlace&) = default;
};

/// Which places an operator mutates: up to `most`, spread evenly over every
/// place it can, or, when `only` is set, that place alone (none when the
/// operator cannot make its mistake there).
struct SiteChoice {
    int most = 4;
    std::optional<MutationPlace> only;
    SiteChoice(int sites)
        : most(sites) {}  // NOLINT(google-explicit-constructor): a count reads as one
    explicit SiteChoice(MutationPlace place) : most(1), only(place) {}
    /// Every place the operator can make its mistake.
    static SiteChoice all() { return SiteChoice(1 << 30); }
};

/// One mistake applied at one place of a correct schedule.
struct Mutant {
    Schedule schedule;
    /// Where, in ranks and steps: "step 2, rank 5 -> 8".
    std::string site;
    MutationPlace place = {};
};

/// A realistic mistake a schedule author makes (issue 4's catalogue). Each
/// operator returns at most `sites.most` mutants, their sites spread evenly over
/// every place the mistake can be made, and none where it cannot (a distance
/// that would reach the sender itself, a phase the schedule does not have),
/// so every mutant is a well-formed schedule.
struct MutationOperator {
    const char* name;
    const char* mistake;
    std::vector<Mutant> (*mutate)(const Schedule& schedule, const SiteChoice& sites);
};

/// Every operator, in a stable order.
const std::vector<MutationOperator>& mutation_operators();

/// The operator called `name`, or nullptr.
const MutationOperator* find_mutation_operator(const std::string& name);

// The operators, by family (checker/mutations_*.cpp).
std::vector<Mutant> mutate_peer_sign(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_distance_off_by_one(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_last_step_too_short(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_last_step_too_long(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_block_to_wrong_peer(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_block_dropped(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_block_sent_twice(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_wrong_block(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_reduce_as_copy(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_copy_as_reduce(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_allgather_not_reversed(const Schedule& schedule,
                                                  const SiteChoice& sites);
std::vector<Mutant> mutate_step_split(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_port_overuse(const Schedule& schedule, const SiteChoice& sites);
std::vector<Mutant> mutate_moved_earlier(const Schedule& schedule, const SiteChoice& sites);

}  // namespace trivcheck
