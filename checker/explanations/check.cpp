#include "checker/explanations/check.hpp"

#include "checker/execution/rotation_symmetry.hpp"
#include "checker/execution/trivance_checks.hpp"
#include "checker/explanations/explain.hpp"
#include "models/orbit_generator.hpp"

namespace trivcheck {

namespace {

/// Runs `execute_with(options)` with the named checks that apply to `schedule`
/// (its header suffices) observing every step.
template <class Execute>
Report execute_with_named_checks(const Schedule& schedule, ExecuteOptions options,
                                 Execute&& execute_with) {
    if (!is_trivance(schedule)) return execute_with(options);
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
    Report report = execute_with(options);
    add_trivance_checks(schedule, arcs, report);
    return report;
}

}  // namespace

Report check_schedule(const Schedule& schedule, ExecuteOptions options) {
    Report report = execute_with_named_checks(
        schedule, options, [&](const ExecuteOptions& with) { return execute(schedule, with); });
    // The one-rank orbit records one violation per orbit of violations (the
    // counts are whole); the list a reader gets is the whole execution's.
    if (report.verdict == Verdict::violated && options.use_symmetry &&
        is_rotation_symmetric(schedule)) {
        options.use_symmetry = false;
        try {
            report = execute_with_named_checks(schedule, options, [&](const ExecuteOptions& with) {
                return execute(schedule, with);
            });
        } catch (const ResourceLimit&) {
            // Every rank does not fit: the orbit's report, with its representatives, stands.
        }
    }
    explain_violations(schedule, report);
    return report;
}

Report check_orbit(const RotationOrbit& orbit, ExecuteOptions options) {
    if (!options.use_symmetry) return check_schedule(expand(orbit), options);
    Report report = execute_with_named_checks(
        orbit.model, options, [&](const ExecuteOptions& with) { return execute(orbit, with); });
    if (report.verdict != Verdict::violated) return report;
    // Traced paths and explanations need the whole schedule: worth it only for a failure, and
    // only while it stays small enough to build.
    std::size_t whole_transfers = 0;
    for (const Step& step : orbit.model.steps)
        whole_transfers += step.transfers.size() * static_cast<std::size_t>(orbit.model.ranks);
    if (whole_transfers > kMostTransfersExpandedForExplanations) return report;
    return check_schedule(expand(orbit), options);
}

Report check_generated(const GeneratorRequest& request, ExecuteOptions options) {
    if (!options.use_symmetry) return check_schedule(generate(request), options);
    if (const std::optional<RotationOrbit> orbit = generate_orbit(request))
        return check_orbit(*orbit, options);
    return check_schedule(generate(request), options);
}

}  // namespace trivcheck
