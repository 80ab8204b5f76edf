#include "checker/search/msccl_shrink.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "checker/search/delta_debugging.hpp"

namespace trivcheck::msccl {

namespace {

/// (gpu position, thread block position, step position); step -1: the whole block.
using Place = std::tuple<int, int, int>;

/// `program` keeping only the thread blocks and steps in `kept` (steps of a
/// kept block with step -1 are all kept).
Program projected(const Program& program, const std::set<Place>& kept_blocks,
                  const std::set<Place>& kept_steps, bool steps_chosen) {
    Program result = program;
    for (std::size_t g = 0; g < program.gpus.size(); ++g) {
        const Gpu& gpu = program.gpus[g];
        // Old (tb id, step) -> new step, or -1 when that step is gone; tb ids kept.
        std::map<int, std::vector<int>> renumbered;
        std::vector<ThreadBlock> blocks;
        for (std::size_t b = 0; b < gpu.thread_blocks.size(); ++b) {
            const ThreadBlock& block = gpu.thread_blocks[b];
            if (!kept_blocks.count({static_cast<int>(g), static_cast<int>(b), -1})) continue;
            ThreadBlock copy = block;
            copy.steps.clear();
            std::vector<int>& map = renumbered[block.id];
            int last = -1;
            for (std::size_t s = 0; s < block.steps.size(); ++s) {
                const bool keep =
                    !steps_chosen || kept_steps.count({static_cast<int>(g), static_cast<int>(b),
                                                       static_cast<int>(s)});
                if (keep) {
                    copy.steps.push_back(block.steps[s]);
                    last = static_cast<int>(copy.steps.size()) - 1;
                    copy.steps.back().index = last;
                }
                map.push_back(keep ? last : -(last + 2));  // -(k + 2): gone, k kept before it
            }
            blocks.push_back(std::move(copy));
        }
        for (ThreadBlock& block : blocks)
            for (Step& step : block.steps) {
                if (step.depends_on_block < 0) continue;
                const auto found = renumbered.find(step.depends_on_block);
                int target = -1;
                if (found != renumbered.end() && step.depends_on_step >= 0 &&
                    static_cast<std::size_t>(step.depends_on_step) < found->second.size()) {
                    const int mapped =
                        found->second[static_cast<std::size_t>(step.depends_on_step)];
                    target = mapped >= 0 ? mapped : -mapped - 2;
                }
                if (target < 0) {
                    step.depends_on_block = -1;
                    step.depends_on_step = -1;
                    continue;
                }
                step.depends_on_step = target;
                for (ThreadBlock& waited : blocks)
                    if (waited.id == step.depends_on_block)
                        waited.steps[static_cast<std::size_t>(target)].signals = true;
            }
        result.gpus[g].thread_blocks = std::move(blocks);
    }
    return result;
}

}  // namespace

ProgramShrinkResult shrink_program(const Program& program, ViolationKind kind) {
    ProgramShrinkResult result;
    auto fails = [&](const Program& candidate) {
        ++result.tests;
        try {
            const Report report =
                check_program(parse_msccl_xml(write_msccl_xml(candidate), "candidate.xml"));
            return report.violation_counts.count(kind) > 0;
        } catch (const std::exception&) {
            return false;  // a candidate the reader refuses is no smaller failing program
        }
    };
    std::vector<Place> blocks;
    for (std::size_t g = 0; g < program.gpus.size(); ++g)
        for (std::size_t b = 0; b < program.gpus[g].thread_blocks.size(); ++b)
            blocks.emplace_back(static_cast<int>(g), static_cast<int>(b), -1);
    const std::vector<Place> kept_blocks =
        minimise_failing_subset(blocks, [&](const std::vector<Place>& subset) {
            return fails(projected(program, {subset.begin(), subset.end()}, {}, false));
        });
    const std::set<Place> block_set(kept_blocks.begin(), kept_blocks.end());
    std::vector<Place> steps;
    for (const auto& [g, b, unused] : kept_blocks) {
        const ThreadBlock& block =
            program.gpus[static_cast<std::size_t>(g)].thread_blocks[static_cast<std::size_t>(b)];
        for (std::size_t s = 0; s < block.steps.size(); ++s)
            steps.emplace_back(g, b, static_cast<int>(s));
    }
    const std::vector<Place> kept_steps =
        minimise_failing_subset(steps, [&](const std::vector<Place>& subset) {
            return fails(projected(program, block_set, {subset.begin(), subset.end()}, true));
        });
    result.program = projected(program, block_set, {kept_steps.begin(), kept_steps.end()}, true);
    return result;
}

std::string program_size(const Program& program) {
    int blocks = 0;
    int steps = 0;
    for (const Gpu& gpu : program.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks) {
            ++blocks;
            steps += static_cast<int>(block.steps.size());
        }
    return std::to_string(program.gpus.size()) + " gpus, " + std::to_string(blocks) +
           " thread blocks, " + std::to_string(steps) + " steps";
}

}  // namespace trivcheck::msccl
