#pragma once
#include <string>
#include <vector>

#include "models/schedule.hpp"

namespace trivcheck {

/// One mistake applied at one place of a correct schedule.
struct Mutant {
    Schedule schedule;
    /// Where, in ranks and steps: "step 2, rank 5 -> 8".
    std::string site;
};

/// A realistic mistake a schedule author makes (issue 4's catalogue). Each
/// operator returns at most `sites` mutants, their sites spread evenly over
/// every place the mistake can be made, and none where it cannot (a distance
/// that would reach the sender itself, a phase the schedule does not have),
/// so every mutant is a well-formed schedule.
struct MutationOperator {
    const char* name;
    const char* mistake;
    std::vector<Mutant> (*mutate)(const Schedule& schedule, int sites);
};

/// Every operator, in a stable order.
const std::vector<MutationOperator>& mutation_operators();

// The operators, by family (checker/mutations_*.cpp).
std::vector<Mutant> mutate_peer_sign(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_distance_off_by_one(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_last_step_too_short(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_last_step_too_long(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_block_to_wrong_peer(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_block_dropped(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_block_sent_twice(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_wrong_block(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_reduce_as_copy(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_copy_as_reduce(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_allgather_not_reversed(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_step_split(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_port_overuse(const Schedule& schedule, int sites);
std::vector<Mutant> mutate_moved_earlier(const Schedule& schedule, int sites);

}  // namespace trivcheck
