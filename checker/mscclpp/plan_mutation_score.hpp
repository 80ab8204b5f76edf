#pragma once
#include <vector>

#include "checker/mscclpp/plan.hpp"
#include "checker/search/msccl_mutation_score.hpp"

namespace trivcheck::mscclpp {

/// `trivcheck mutate PLAN.json`: every broken-copy operator (plan_mutations)
/// on `plan` (which must hold), at most `sites` mutants each, spread evenly
/// over its sites, through check_plan; a mutant is caught when its verdict is
/// not `holds`, tallied by the kind of its first violation.
std::vector<msccl::ProgramOperatorTally> score_plan_mutants(const Plan& plan, int sites);

}  // namespace trivcheck::mscclpp
