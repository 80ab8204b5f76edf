#include "checker/check.hpp"

#include "checker/explain.hpp"
#include "checker/trivance_checks.hpp"

namespace trivcheck {

Report check_schedule(const Schedule& schedule, ExecuteOptions options) {
    if (!is_trivance(schedule)) {
        Report report = execute(schedule, options);
        explain_violations(schedule, report);
        return report;
    }
    ArcObserver arcs;
    StepObserver* outer = options.observer;
    // Chain the caller's observer behind the arc observer.
    struct Both : StepObserver {
        ArcObserver& arcs;
        StepObserver* outer;
        Both(ArcObserver& a, StepObserver* o) : arcs(a), outer(o) {}
        void after_step(int step, const ExecutionState& state) override {
            arcs.after_step(step, state);
            if (outer) outer->after_step(step, state);
        }
    } both(arcs, outer);
    options.observer = &both;
    Report report = execute(schedule, options);
    add_trivance_checks(schedule, arcs, report);
    explain_violations(schedule, report);
    return report;
}

}  // namespace trivcheck
