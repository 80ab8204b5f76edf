#include "checker/search/msccl_mutation_score.hpp"

#include "checker/msccl/asynchronous_check.hpp"

namespace trivcheck::msccl {

void tally_mutant(ProgramOperatorTally& tally, const Report& report, std::string site) {
    ++tally.made;
    if (report.verdict == Verdict::holds) {
        tally.survivors.push_back({std::move(site)});
        return;
    }
    ++tally.caught;
    ++tally.kinds[report.violations.empty()
                      ? std::string("not_applicable")
                      : std::string(to_string(report.violations.front().kind))];
}

std::vector<ProgramOperatorTally> score_program_mutants(const Program& program, int sites) {
    std::vector<ProgramOperatorTally> tallies;
    for (const ProgramMutationOperator& mutation : program_mutation_operators()) {
        ProgramOperatorTally tally;
        tally.name = mutation.name;
        tally.mistake = mutation.mistake;
        for (const ProgramMutant& mutant : mutation.mutate(program, sites)) {
            tally_mutant(tally, check_program(mutant.program), mutant.site);
        }
        tallies.push_back(std::move(tally));
    }
    return tallies;
}

}  // namespace trivcheck::msccl
