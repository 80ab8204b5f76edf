#include "proofs/last_step_planner.hpp"

#include "checker/execution/executor.hpp"
#include "proofs/pieces_model.hpp"

namespace trivcheck::proofs {

decltype(GeneratorRequest::last_step_planner) z3_last_step_planner() {
    return [](int n) -> std::optional<LastStepPlan> {
        // A solver per thread: a sweep plans many sizes at once.
        thread_local proofs::LastStepSynthesizer synthesizer{proofs::SynthesisSettings{}};
        const proofs::SynthesisAnswer answer = synthesizer.synthesize(n);
        switch (answer.status) {
            case proofs::SynthesisStatus::found:
                return answer.plan;
            case proofs::SynthesisStatus::none:
                return std::nullopt;
            case proofs::SynthesisStatus::unknown:
                break;
        }
        throw ResourceLimit("Z3 gave no last step for n = " + std::to_string(n) + ": " +
                            answer.reason);
    };
}

void supply_planner(GeneratorRequest& request) {
    if (request.last_step == "synthesized") request.last_step_planner = z3_last_step_planner();
}

}  // namespace trivcheck::proofs
