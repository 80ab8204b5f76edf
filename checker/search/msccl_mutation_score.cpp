#include "checker/search/msccl_mutation_score.hpp"

#include "checker/asynchronous/asynchronous_check.hpp"

namespace trivcheck::msccl {

std::vector<ProgramOperatorTally> score_program_mutants(const Program& program, int sites) {
    std::vector<ProgramOperatorTally> tallies;
    for (const ProgramMutationOperator& mutation : program_mutation_operators()) {
        ProgramOperatorTally tally;
        tally.name = mutation.name;
        tally.mistake = mutation.mistake;
        for (const ProgramMutant& mutant : mutation.mutate(program, sites)) {
            ++tally.made;
            const Report report = check_program(mutant.program);
            if (report.verdict == Verdict::holds) {
                tally.survivors.push_back({mutant.site});
                continue;
            }
            ++tally.caught;
            ++tally.kinds[report.violations.empty()
                              ? std::string("not_applicable")
                              : std::string(to_string(report.violations.front().kind))];
        }
        tallies.push_back(std::move(tally));
    }
    return tallies;
}

}  // namespace trivcheck::msccl
