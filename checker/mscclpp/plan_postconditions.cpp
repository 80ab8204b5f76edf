#include "checker/mscclpp/plan_postconditions.hpp"

#include <algorithm>
#include <map>
#include <optional>

#include "checker/mscclpp/violation_kinds.hpp"

namespace trivcheck::mscclpp {

namespace {

/// The (gpu, input chunk) pairs output chunk `chunk` of gpu `gpu` must hold, each once.
std::vector<std::pair<int, int>> expected_sources(const Plan& plan, int gpu, int chunk) {
    const int ranks = static_cast<int>(plan.gpus.size());
    const Gpu& of = plan.gpus[static_cast<std::size_t>(gpu)];
    std::vector<std::pair<int, int>> sources;
    if (plan.collective == "allreduce") {
        for (int h = 0; h < ranks; ++h) sources.emplace_back(h, chunk);
    } else if (plan.collective == "allgather") {
        const int k = of.input_chunks;
        if (k > 0) sources.emplace_back(chunk / k, chunk % k);
    } else if (plan.collective == "reducescatter") {
        const int k = of.output_chunks;
        for (int h = 0; h < ranks; ++h) sources.emplace_back(h, gpu * k + chunk);
    } else if (plan.collective == "alltoall") {
        const int k = of.input_chunks / ranks;
        if (k > 0) sources.emplace_back(chunk / k, gpu * k + chunk % k);
    }
    return sources;
}

/// What one output piece must hold.
struct ExpectedPiece {
    bool built = false;
    Contents contents;
    /// A reduction tree found to hold `contents`; none yet: none found.
    std::optional<int> equal_tree;
};

}  // namespace

bool has_postcondition(const Plan& plan) {
    return plan.collective == "allreduce" || plan.collective == "allgather" ||
           plan.collective == "reducescatter" || plan.collective == "alltoall";
}

bool is_known_collective(std::string_view name) {
    return name == "allreduce" || name == "allgather" || name == "reducescatter" ||
           name == "alltoall" || name == "test" || name == "sendrecv";
}

int buffer_chunks(const Plan& plan) {
    if (plan.gpus.empty()) return 0;
    const Gpu& first = plan.gpus.front();
    return plan.collective == "allgather" ? first.output_chunks : first.input_chunks;
}

void check_plan_postconditions(const Plan& plan, const CellLayout& cells, const RunResult& run,
                               msccl::ViolationSink& violations) {
    int stride = 0;
    for (const Gpu& gpu : plan.gpus) stride = std::max(stride, gpu.input_chunks);
    // An all-reduce expects the same of chunk c on every gpu: built once, and
    // a value already found equal to it (a copy of it) is not compared again.
    const bool same_on_every_gpu = plan.collective == "allreduce";
    std::map<std::pair<int, int>, ExpectedPiece> shared;
    for (const Gpu& gpu : plan.gpus) {
        // In place, the output is wherever the input layout puts it; the
        // output's own chunks count when the plan declares them.
        const int outputs = gpu.output_chunks > 0 ? gpu.output_chunks : gpu.input_chunks;
        const BufferKind buffer = gpu.output_chunks > 0 ? BufferKind::output : BufferKind::input;
        for (int chunk = 0; chunk < outputs; ++chunk) {
            std::optional<ViolationKind> kind;
            std::string detail;
            for (int piece = 0; piece < cells.pieces() && !kind; ++piece) {
                ExpectedPiece local;
                ExpectedPiece& expected = same_on_every_gpu ? shared[{chunk, piece}] : local;
                if (!expected.built) {
                    for (const auto& [h, c] : expected_sources(plan, gpu.id, chunk))
                        expected.contents.push_back(
                            contribution_id(launches_of(plan) - 1, h, c, piece, stride,
                                            cells.pieces(), static_cast<int>(plan.gpus.size())));
                    std::sort(expected.contents.begin(), expected.contents.end());
                    expected.built = true;
                }
                const int cell = cells.cell(gpu.id, buffer, chunk, piece, launches_of(plan) - 1);
                const int tree = run.values.tree(cell);
                if (tree == expected.equal_tree) continue;
                const Contents held = run.values.contents(cell);
                if (held == expected.contents) {
                    expected.equal_tree = tree;
                    continue;
                }
                Contents distinct(held.begin(), held.end());
                distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
                const bool has_all = std::includes(
                    held.begin(), held.end(), expected.contents.begin(), expected.contents.end());
                if (!has_all) {
                    kind = kinds::missing;
                } else if (distinct.size() < held.size()) {
                    kind = kinds::double_count;
                } else {
                    kind = kinds::unexpected_contribution;
                }
                detail = "holds " + std::to_string(held.size()) + " contribution(s), " +
                         std::to_string(distinct.size()) + " distinct; expected " +
                         std::to_string(expected.contents.size()) + " (piece " +
                         std::to_string(piece) + ")";
            }
            if (!kind || !violations.count(*kind)) continue;
            Violation violation;
            violation.kind = *kind;
            violation.rank = gpu.id;
            violation.block = chunk;
            violation.buffer = buffer_letter(buffer);
            violation.detail = std::string(plan.collective) + " output " + buffer_letter(buffer) +
                               "[" + std::to_string(chunk) + "] of gpu " + std::to_string(gpu.id) +
                               " " + detail;
            violations.record(std::move(violation));
        }
    }
}

int check_rank_consistency(const Plan& plan, const CellLayout& cells, const RunResult& run,
                           msccl::ViolationSink& violations) {
    int deepest = 0;
    if (plan.collective != "allreduce") return deepest;
    const Gpu& first = plan.gpus.front();
    const int outputs = first.output_chunks > 0 ? first.output_chunks : first.input_chunks;
    const BufferKind buffer = first.output_chunks > 0 ? BufferKind::output : BufferKind::input;
    for (int chunk = 0; chunk < outputs; ++chunk) {
        std::vector<int> differing;
        for (int piece = 0; piece < cells.pieces(); ++piece) {
            const auto tree = [&](int gpu) {
                return run.values.tree(
                    cells.cell(gpu, buffer, chunk, piece, launches_of(plan) - 1));
            };
            for (const Gpu& gpu : plan.gpus) {
                if (tree(gpu.id) >= 0)
                    deepest = std::max(deepest, run.values.trees().depth(tree(gpu.id)));
                if (tree(gpu.id) != tree(0) &&
                    std::find(differing.begin(), differing.end(), gpu.id) == differing.end())
                    differing.push_back(gpu.id);
            }
        }
        if (differing.empty() || !violations.count(kinds::rank_consistency)) continue;
        Violation violation;
        violation.kind = kinds::rank_consistency;
        violation.rank = differing.front();
        violation.block = chunk;
        violation.buffer = buffer_letter(buffer);
        std::string gpus;
        for (int gpu : differing) gpus += (gpus.empty() ? "" : ", ") + std::to_string(gpu);
        violation.detail = "output " + std::string(buffer_letter(buffer)) + "[" +
                           std::to_string(chunk) + "]: gpus " + gpus +
                           " add the contributions in another order than gpu 0";
        violations.record(std::move(violation));
    }
    return deepest;
}

}  // namespace trivcheck::mscclpp
