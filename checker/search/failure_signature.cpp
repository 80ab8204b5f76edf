#include "checker/search/failure_signature.hpp"

#include <algorithm>
#include <stdexcept>

#include "checker/explanations/check.hpp"
#include "checker/explanations/violation_cause.hpp"

namespace trivcheck {

double held_share(const Report& report) {
    const auto blocks = static_cast<double>(report.blocks);
    const double cells = report.collective == Collective::reduce_scatter
                             ? blocks
                             : blocks * static_cast<double>(report.ranks);
    if (cells <= 0) return 1.0;
    const auto missing = report.violation_counts.find(ViolationKind::missing);
    const double failed =
        missing == report.violation_counts.end() ? 0.0 : static_cast<double>(missing->second);
    return std::max(0.0, 1.0 - failed / cells);
}

namespace {

/// Records the state after the last step.
class FinalStateObserver : public StepObserver {
  public:
    explicit FinalStateObserver(int last_step) : last_step_(last_step) {}
    void after_step(int step, const ExecutionState& state) override {
        if (step != last_step_) return;
        state_.clear();
        for (int rank = 0; rank < state.ranks(); ++rank)
            for (int block = 0; block < state.blocks(); ++block) {
                std::vector<std::pair<int, int>> value;
                for (const Arc& arc : state.sets().arcs(state.relative_value(rank, block)))
                    value.emplace_back(arc.begin, arc.end);
                state_.push_back(std::move(value));
            }
    }
    FinalState take() { return std::move(state_); }

  private:
    int last_step_;
    FinalState state_;
};

const Violation* first_violation(const Report& report, ViolationKind kind, bool first_of_all) {
    if (report.violations.empty()) return nullptr;
    if (first_of_all) return &report.violations.front();
    for (const Violation& violation : report.violations)
        if (violation.kind == kind) return &violation;
    return nullptr;
}

}  // namespace

std::optional<FailureSignature> signature_of(const Report& report, ViolationKind kind,
                                             bool first_of_all) {
    const Violation* violation = first_violation(report, kind, first_of_all);
    if (!violation || violation->kind != kind) return std::nullopt;
    FailureSignature signature{kind, violation_cause(*violation), first_of_all,
                               std::min(non_degenerate_share, held_share(report))};
    return signature;
}

const Violation* kept_violation(const Report& report, const FailureSignature& signature) {
    return first_violation(report, signature.kind, signature.first_of_all);
}

bool matches(const Report& report, const FailureSignature& signature) {
    const Violation* violation = kept_violation(report, signature);
    // A share a hair below the input's own (rounding) must not reject the input itself.
    constexpr double slack = 1e-9;
    return violation && violation->kind == signature.kind &&
           violation_cause(*violation) == signature.cause &&
           held_share(report) + slack >= signature.least_held;
}

FinalState final_state(const Schedule& schedule) {
    FinalStateObserver observer(static_cast<int>(schedule.steps.size()) - 1);
    ExecuteOptions options;
    options.observer = &observer;
    options.max_recorded_violations = 1;
    options.max_traced_violations = 0;
    execute(schedule, options);
    return observer.take();
}

bool fails_with(const Schedule& schedule, const FailureSignature& signature) {
    if (schedule.ranks < 2 || schedule.blocks < 1) return false;
    try {
        if (!matches(check_schedule(schedule), signature)) return false;
        return !signature.same_final_state || final_state(schedule) == *signature.same_final_state;
    } catch (const std::runtime_error&) {
        // A candidate that cannot run (a graph cut in two) does not fail the same way.
        return false;
    }
}

std::string describe(const FailureSignature& signature) {
    return std::string(to_string(signature.kind)) +
           (signature.cause.empty() ? "" : " (" + signature.cause + ")");
}

}  // namespace trivcheck
