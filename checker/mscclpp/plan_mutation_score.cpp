#include "checker/mscclpp/plan_mutation_score.hpp"

#include <string>

#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/plan_mutations.hpp"
#include "checker/search/mutation_sites.hpp"

namespace trivcheck::mscclpp {

namespace {

constexpr PlanMutation kMutations[] = {PlanMutation::drop_wait, PlanMutation::relax_signal,
                                       PlanMutation::drop_release,
                                       PlanMutation::move_put_before_wait};

const char* mistake_of(PlanMutation mutation) {
    switch (mutation) {
        case PlanMutation::drop_wait:
            return "a wait removed";
        case PlanMutation::relax_signal:
            return "a signal that publishes a remote write made relaxed";
        case PlanMutation::drop_release:
            return "a semaphore release removed";
        case PlanMutation::move_put_before_wait:
            return "a write to a peer moved before the wait just before it";
    }
    return "";
}

std::string describe(const MutationSite& site) {
    return "gpu " + std::to_string(site.gpu) + " thread block " + std::to_string(site.block) +
           " operation " + std::to_string(site.operation);
}

}  // namespace

std::vector<msccl::ProgramOperatorTally> score_plan_mutants(const Plan& plan, int sites) {
    std::vector<msccl::ProgramOperatorTally> tallies;
    for (PlanMutation mutation : kMutations) {
        msccl::ProgramOperatorTally tally;
        tally.name = std::string(mutation_name(mutation));
        tally.mistake = mistake_of(mutation);
        for (const MutationSite& site : spread(mutation_sites(plan, mutation), sites)) {
            msccl::tally_mutant(tally, check_plan(mutate_plan(plan, mutation, site), 1),
                                describe(site));
        }
        tallies.push_back(std::move(tally));
    }
    return tallies;
}

}  // namespace trivcheck::mscclpp
