#include "checker/explanations/check.hpp"

#include "checker/execution/memory_estimate.hpp"
#include "checker/execution/torus_figures.hpp"
#include "checker/execution/tree_replay.hpp"
#include "checker/execution/trivance_checks.hpp"
#include "checker/explanations/explain.hpp"
#include "models/orbit_generator.hpp"
#include "models/rotation_symmetry.hpp"

namespace trivcheck {

namespace {

/// Passes every step to each of its observers in turn.
class ObserverChain : public StepObserver {
  public:
    void add(StepObserver* observer) {
        if (observer) observers_.push_back(observer);
    }
    void after_step(int step, const ExecutionState& state) override {
        for (StepObserver* observer : observers_) observer->after_step(step, state);
    }

  private:
    std::vector<StepObserver*> observers_;
};

/// Runs `execute_with(options)` with the named checks that apply to `schedule`
/// (its header suffices) and, on a torus, the torus figures, observing every step.
/// `orbit`: the rank orbit whose model `schedule` is, if it is one.
template <class Execute>
Report execute_with_named_checks(const Schedule& schedule, ExecuteOptions options,
                                 Execute&& execute_with, const RotationOrbit* orbit = nullptr) {
    const bool trivance = has_named_checks(schedule);
    const bool torus = schedule.topology.kind == TopologyKind::torus;
    if (!trivance && !torus) return execute_with(options);
    ArcObserver arcs;
    TorusCoverageObserver coverage(schedule);
    ObserverChain chain;
    if (trivance) chain.add(&arcs);
    if (torus) chain.add(&coverage);
    chain.add(options.observer);
    options.observer = &chain;
    Report report = execute_with(options);
    if (trivance) add_trivance_checks(schedule, arcs, report);
    add_torus_figures(schedule, coverage, report, orbit);
    return report;
}

bool has_local_operations(const Schedule& schedule) {
    for (const Step& step : schedule.steps)
        if (!step.local.empty()) return true;
    return false;
}

/// Does explaining `report` need replays of the whole schedule (missing
/// contributors, unheld sends), which an orbit cannot give?
bool needs_whole_replays(const Report& report) {
    for (const Violation& violation : report.violations)
        if (violation.kind == ViolationKind::missing ||
            violation.kind == ViolationKind::send_unheld)
            return true;
    return false;
}

}  // namespace

Report check_schedule(const Schedule& schedule, ExecuteOptions options) {
    Report report = execute_with_named_checks(
        schedule, options, [&](const ExecuteOptions& with) { return execute(schedule, with); });
    // With local operations the one-rank orbit records one violation per orbit of
    // violations (the counts are whole); the list a reader gets is the whole execution's.
    if (report.verdict == Verdict::violated && options.use_symmetry &&
        has_local_operations(schedule) && has_rank_symmetry(schedule)) {
        options.use_symmetry = false;
        try {
            report = execute_with_named_checks(schedule, options, [&](const ExecuteOptions& with) {
                return execute(schedule, with);
            });
        } catch (const ResourceLimit&) {
            // Every rank does not fit: the orbit's report, with its representatives, stands.
        }
    }
    // A symmetric schedule's trees from one block per orbit of blocks; with
    // use_symmetry false, every block (the path the orbit is tested against).
    add_order_checks(schedule_trees(schedule, options.use_symmetry), schedule.collective, report);
    explain_violations(schedule, report);
    return report;
}

Report check_orbit(const RotationOrbit& orbit, ExecuteOptions options) {
    if (!options.use_symmetry) return check_schedule(expand(orbit), options);
    Report report = execute_with_named_checks(
        orbit.model, options, [&](const ExecuteOptions& with) { return execute(orbit, with); },
        &orbit);
    if (report.verdict != Verdict::violated) {
        add_order_checks(replay_trees(orbit), orbit.model.collective, report);
        return report;
    }
    // Without local operations the orbit lists the whole execution's violations and traces
    // double counts itself (checker/execution/executor_listing.cpp, provenance.hpp); the
    // tracing knows rings only, so a violated torus orbit is checked whole when it fits.
    const bool listed =
        !has_local_operations(orbit.model) && orbit.model.topology.kind == TopologyKind::ring;
    if (listed && !needs_whole_replays(report)) {
        add_order_checks(replay_trees(orbit), orbit.model.collective, report);
        explain_orbit_violations(orbit, report);
        return report;
    }
    // Other explanations need the whole schedule: built only while it stays small enough.
    std::size_t whole_transfers = 0;
    const auto symmetries = static_cast<std::size_t>(orbit_translations(orbit).symmetries());
    for (const Step& step : orbit.model.steps)
        whole_transfers += step.transfers.size() * symmetries;
    if (whole_transfers <= kMostTransfersExpandedForExplanations)
        return check_schedule(expand(orbit), options);
    add_order_checks(replay_trees(orbit), orbit.model.collective, report);
    if (listed) explain_orbit_violations(orbit, report);
    return report;
}

Report check_generated(const GeneratorRequest& request, ExecuteOptions options) {
    // Refused before the generator builds what does not fit (a sweep's largest sizes).
    refuse_generation_above_limit(request,
                                  "checking " + request.algo + " " + to_string(request.form) + " " +
                                      request.topology.describe(),
                                  options.memory_limit_bytes,
                                  {.orbit_allowed = options.use_symmetry, .executed = true});
    if (!options.use_symmetry) return check_schedule(generate(request), options);
    if (const std::optional<RotationOrbit> orbit = generate_orbit(request))
        return check_orbit(*orbit, options);
    // On a torus whose rings do not lift to an orbit, generate_orbit built the
    // rings and generate builds them again: a ring per dimension is small beside
    // the torus lifted from them, so keeping them is not worth a second path.
    return check_schedule(generate(request), options);
}

}  // namespace trivcheck
