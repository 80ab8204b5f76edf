#pragma once
#include <vector>

#include "checker/execution/executor.hpp"

namespace trivcheck {

/// Watches a Trivance L execution for Lemma 4.2: after step k every rank r
/// holds exactly the arc r - R_k .. r + R_k, R_k = (3^{k+1} - 1) / 2.
class ArcObserver : public StepObserver {
  public:
    void after_step(int step, const ExecutionState& state) override;
    /// Per step: did every rank hold exactly its arc of radius R_k?
    const std::vector<bool>& arcs_exact() const { return arcs_exact_; }

  private:
    std::vector<bool> arcs_exact_;
};

/// True for schedules the named Trivance checks apply to: their algorithm's
/// catalogue entry says so (models/generator.hpp, schedule_algorithm).
bool has_named_checks(const Schedule& schedule);

/// Adds lemma_4_2, lemma_4_1 and congestion_3k to `report.checks`, each
/// holds / violated / not_applicable, from what the execution measured.
void add_trivance_checks(const Schedule& schedule, const ArcObserver& arcs, Report& report);

}  // namespace trivcheck
