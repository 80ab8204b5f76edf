#include "checker/mscclpp_reading/plan_run_size.hpp"

#include <algorithm>
#include <limits>

#include "checker/core/resource_limit.hpp"
#include "checker/mscclpp/one_sided_run.hpp"
#include "checker/mscclpp/plan_steps.hpp"

namespace trivcheck::mscclpp {

namespace {

// Bytes per item of the run's state, measured with /usr/bin/time -f %M on
// plans that have many of one and few of the others (docs/robustness.md).
constexpr std::uint64_t bytes_per_cell = 24;
constexpr std::uint64_t bytes_per_contribution = 8;
constexpr std::uint64_t bytes_per_touched_cell = 6;

constexpr std::int64_t int_largest = std::numeric_limits<int>::max();

}  // namespace

PlanRunSize plan_run_size(const Plan& plan) {
    PlanRunSize size;
    size.pieces = pieces_per_chunk_wide(plan);
    const std::int64_t scratch_copies = plan.double_scratch ? 2 : 1;
    std::int64_t chunks = 0;
    std::int64_t widest_input = 0;
    std::int64_t touched_chunks = 0;
    for (const Gpu& gpu : plan.gpus) {
        chunks += std::int64_t{gpu.input_chunks} + gpu.output_chunks +
                  scratch_copies * gpu.scratch_chunks;
        widest_input = std::max<std::int64_t>(widest_input, gpu.input_chunks);
        for (const ThreadBlock& block : gpu.thread_blocks)
            for (const Operation& operation : block.operations) {
                const auto add = [&](const Operation& step, std::int64_t times) {
                    for (std::span<const BufferRange> list : step.range_lists())
                        for (const BufferRange& range : list) touched_chunks += times * range.size;
                };
                add(operation, 1);
                for (const Operation& inner : operation.inner()) add(inner, pipeline_iterations);
            }
    }
    // Each factor is below 2^32 (int counts, pieces capped just past int's range),
    // and so is each product's other side: a gpu count or a sum of int counts.
    const auto product = [](std::int64_t count, std::int64_t pieces) {
        constexpr std::int64_t largest = std::numeric_limits<std::int64_t>::max();
        return count != 0 && pieces > largest / count ? largest : count * pieces;
    };
    size.cells = product(chunks, size.pieces);
    size.contributions =
        product(launches_of(plan) * static_cast<std::int64_t>(plan.gpus.size()) * widest_input,
                size.pieces);
    size.touched = product(launches_of(plan) * touched_chunks, size.pieces);
    const auto bytes = [](std::int64_t count, std::uint64_t each) {
        const auto unsigned_count = static_cast<std::uint64_t>(count);
        constexpr std::uint64_t largest = std::numeric_limits<std::uint64_t>::max();
        return unsigned_count > largest / 4 / each ? largest / 4 : unsigned_count * each;
    };
    size.bytes = bytes(size.cells, bytes_per_cell) +
                 bytes(size.contributions, bytes_per_contribution) +
                 bytes(size.touched, bytes_per_touched_cell);
    return size;
}

void refuse_plan_too_large(const Plan& plan, const std::string& file_label) {
    const PlanRunSize size = plan_run_size(plan);
    const std::string what = file_label + ": checking " + plan.name + " (" +
                             std::to_string(plan.gpus.size()) + " gpus, " +
                             std::to_string(size.pieces) + " pieces per chunk)";
    if (size.cells > int_largest || size.contributions > int_largest)
        throw ResourceLimit(what + " needs " + std::to_string(size.cells) + " cells and " +
                            std::to_string(size.contributions) + " contributions, more than the " +
                            std::to_string(int_largest) + " the checker can index");
    const std::uint64_t limit = memory_limit_or_default(0);
    if (size.bytes > limit)
        throw ResourceLimit(what + " needs about " + std::to_string(size.bytes >> 20) +
                            " MiB of state, more than the limit of " + std::to_string(limit >> 20) +
                            " MiB");
}

}  // namespace trivcheck::mscclpp
