#include "checker/asynchronous/postconditions.hpp"

#include <algorithm>
#include <span>
#include <string>

namespace trivcheck::msccl {

namespace {

/// The contributions output chunk `chunk` of gpu `gpu` must hold exactly.
std::vector<int> expected_contributions(const ProgramLayout& layout, int gpu, int chunk) {
    const int gpus = layout.gpu_count();
    const int per_gpu = layout.input_chunks();
    std::vector<int> expected;
    switch (layout.program().collective) {
        case Collective::allreduce:
            for (int contributor = 0; contributor < gpus; ++contributor)
                expected.push_back(layout.contribution(contributor, chunk));
            break;
        case Collective::reduce_scatter: {
            const int part = per_gpu / gpus;
            for (int contributor = 0; contributor < gpus; ++contributor)
                expected.push_back(layout.contribution(contributor, gpu * part + chunk));
            break;
        }
        case Collective::allgather:
            expected.push_back(layout.contribution(chunk / per_gpu, chunk % per_gpu));
            break;
        case Collective::alltoall: {
            const int part = per_gpu / gpus;
            expected.push_back(layout.contribution(chunk / part, gpu * part + chunk % part));
            break;
        }
    }
    return expected;
}

/// The contributions output chunk `chunk` of gpu `gpu` must hold exactly, as
/// one arc: contributions of one input chunk from every gpu are consecutive
/// numbers (ProgramLayout::contribution).
Arc expected_arc(const ProgramLayout& layout, int gpu, int chunk) {
    const int gpus = layout.gpu_count();
    const int per_gpu = layout.input_chunks();
    switch (layout.program().collective) {
        case Collective::allreduce:
            return {layout.contribution(0, chunk), layout.contribution(0, chunk) + gpus};
        case Collective::reduce_scatter: {
            const int source = gpu * (per_gpu / gpus) + chunk;
            return {layout.contribution(0, source), layout.contribution(0, source) + gpus};
        }
        case Collective::allgather:
        case Collective::alltoall:
            break;
    }
    const int only = expected_contributions(layout, gpu, chunk).front();
    return {only, only + 1};
}

std::string contribution_text(const ProgramLayout& layout, int contribution) {
    return "(gpu " + std::to_string(layout.contribution_gpu(contribution)) + ", chunk " +
           std::to_string(layout.contribution_chunk(contribution)) + ")";
}

}  // namespace

void check_postconditions(const ProgramLayout& layout, const SymbolicExecution& execution,
                          ViolationSink& violations) {
    const ContributionSets& sets = execution.sets();
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu) {
        for (int chunk = 0; chunk < layout.logical_chunks(gpu, Buffer::output); ++chunk) {
            const SetId value =
                execution.store().value(execution.store().cell_index(gpu, Buffer::output, chunk));
            // Exactly what it must hold: nothing missing, nothing foreign.
            const std::span<const Arc> held = sets.arcs(value);
            if (held.size() == 1 && held.front() == expected_arc(layout, gpu, chunk)) continue;
            const std::vector<int> expected = expected_contributions(layout, gpu, chunk);
            std::vector<int> absent;
            for (int contribution : expected)
                if (!sets.contains(value, contribution)) absent.push_back(contribution);
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
            if (!absent.empty() && violations.count(ViolationKind::missing))
                located(ViolationKind::missing, absent.front(),
                        "output chunk " + std::to_string(chunk) + " of gpu " + std::to_string(gpu) +
                            " lacks " + std::to_string(absent.size()) + " of its " +
                            std::to_string(expected.size()) + " contributions, first " +
                            contribution_text(layout, absent.front()));
            const std::int64_t present = static_cast<std::int64_t>(expected.size() - absent.size());
            if (sets.size(value) == present) continue;
            int foreign = -1;
            for (const Arc& arc : sets.arcs(value)) {
                for (int contribution = arc.begin; contribution < arc.end && foreign < 0;
                     ++contribution)
                    if (std::find(expected.begin(), expected.end(), contribution) == expected.end())
                        foreign = contribution;
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
