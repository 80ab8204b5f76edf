#include "checker/msccl/postconditions.hpp"

#include <algorithm>
#include <span>
#include <string>

namespace trivcheck::msccl {

namespace {

/// Whether `contribution` lies in one of `runs`.
bool in_runs(std::span<const Arc> runs, int contribution) {
    return std::any_of(runs.begin(), runs.end(), [&](const Arc& run) {
        return run.begin <= contribution && contribution < run.end;
    });
}

std::int64_t contributions_in(std::span<const Arc> runs) {
    std::int64_t total = 0;
    for (const Arc& run : runs) total += run.end - run.begin;
    return total;
}

std::string contribution_text(const ProgramLayout& layout, int contribution) {
    return "(gpu " + std::to_string(layout.contribution_gpu(contribution)) + ", chunk " +
           std::to_string(layout.contribution_chunk(contribution)) + ")";
}

}  // namespace

void check_postconditions(const Postcondition& postcondition, const ProgramLayout& layout,
                          const SymbolicExecution& execution, ViolationSink& violations) {
    const ContributionSets& sets = execution.sets();
    std::vector<Arc> expected;
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu) {
        for (int chunk = 0; chunk < layout.logical_chunks(gpu, Buffer::output); ++chunk) {
            if (!postcondition.expected(gpu, chunk, expected)) continue;
            const SetId value =
                execution.store().value(execution.store().cell_index(gpu, Buffer::output, chunk));
            // Exactly what it must hold: nothing missing, nothing foreign.
            const std::span<const Arc> held = sets.arcs(value);
            if (std::equal(held.begin(), held.end(), expected.begin(), expected.end())) continue;
            std::int64_t absent = 0;
            int first_absent = -1;
            for (const Arc& run : expected)
                for (int contribution = run.begin; contribution < run.end; ++contribution) {
                    if (sets.contains(value, contribution)) continue;
                    if (absent++ == 0) first_absent = contribution;
                }
            auto located = [&](ViolationKind kind, int contribution, std::string detail) {
                Violation violation;
                violation.kind = kind;
                violation.rank = gpu;
                violation.block = chunk;
                violation.buffer = "o";
                violation.contributor = layout.contribution_gpu(contribution);
                violation.contributor_chunk = layout.contribution_chunk(contribution);
                violation.detail = std::move(detail);
                violation.points = {{gpu, -1, -1, "o", chunk, "at the end"}};
                violations.record(std::move(violation));
            };
            const std::int64_t wanted = contributions_in(expected);
            if (absent > 0 && violations.count(ViolationKind::missing))
                located(ViolationKind::missing, first_absent,
                        "output chunk " + std::to_string(chunk) + " of gpu " + std::to_string(gpu) +
                            " lacks " + std::to_string(absent) + " of its " +
                            std::to_string(wanted) + " contributions, first " +
                            contribution_text(layout, first_absent));
            const std::int64_t present = wanted - absent;
            if (sets.size(value) == present) continue;
            int foreign = -1;
            for (const Arc& arc : held) {
                for (int contribution = arc.begin; contribution < arc.end && foreign < 0;
                     ++contribution)
                    if (!in_runs(expected, contribution)) foreign = contribution;
                if (foreign >= 0) break;
            }
            if (violations.count(ViolationKind::unexpected_contribution))
                located(ViolationKind::unexpected_contribution, foreign,
                        "output chunk " + std::to_string(chunk) + " of gpu " + std::to_string(gpu) +
                            " holds " + std::to_string(sets.size(value) - present) +
                            " contributions that belong elsewhere, first " +
                            contribution_text(layout, foreign));
        }
    }
}

}  // namespace trivcheck::msccl
