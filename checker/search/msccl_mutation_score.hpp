#pragma once
#include <map>
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "checker/search/msccl_mutation.hpp"

namespace trivcheck::msccl {

/// One mutant the asynchronous check did not catch: it still holds.
struct SurvivingMutant {
    std::string site;
};

/// What one operator's mutants of one program came to.
struct ProgramOperatorTally {
    std::string name;
    std::string mistake;
    int made = 0;
    int caught = 0;
    /// Violation kind -> caught mutants whose first violation has that kind.
    std::map<std::string, int> kinds;
    std::vector<SurvivingMutant> survivors;
    double score() const { return made == 0 ? 1.0 : static_cast<double>(caught) / made; }
};

/// Counts one mutant whose check gave `report`: caught (tallied by the kind
/// of its first violation) unless it holds, else a survivor at `site`.
void tally_mutant(ProgramOperatorTally& tally, const Report& report, std::string site);

/// Runs every operator on `program` (which must hold), at most `sites`
/// mutants each, through the asynchronous check; a mutant is caught when its
/// verdict is not `holds`. A survivor may be an equivalent mutant (a wait
/// that another one implies): it is listed, never counted as caught.
std::vector<ProgramOperatorTally> score_program_mutants(const Program& program, int sites);

}  // namespace trivcheck::msccl
