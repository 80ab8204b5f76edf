#include "checker/msccl/runtime_limits.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace trivcheck::msccl {

namespace {

void add_limit(ViolationSink& violations, const std::string& limit, std::int64_t bound,
               std::int64_t measured, ProgramPoint where, std::string detail) {
    if (!violations.count(ViolationKind::runtime_limit)) return;
    Violation violation;
    violation.kind = ViolationKind::runtime_limit;
    violation.rank = where.gpu;
    violation.thread_block = where.thread_block;
    violation.step = where.step;
    violation.limit = limit;
    violation.limit_value = bound;
    violation.measured = measured;
    violation.detail = std::move(detail);
    violation.points = {std::move(where)};
    violations.record(std::move(violation));
}

std::string block_name(int gpu, int id) {
    return "gpu " + std::to_string(gpu) + " tb " + std::to_string(id);
}

void check_block(int gpu, const ThreadBlock& block, ViolationSink& violations) {
    const int steps = static_cast<int>(block.steps.size());
    if (steps > rccl_max_steps_per_block)
        add_limit(violations, "steps_per_thread_block", rccl_max_steps_per_block, steps,
                  {gpu, block.id, -1, {}, -1, "thread block"},
                  block_name(gpu, block.id) + " has " + std::to_string(steps) +
                      " steps; RCCL allows at most " + std::to_string(rccl_max_steps_per_block) +
                      " (MSCCL_MAX_NUM_STEPS)");
    int run_start = -1;  // first nop of the current run of nops carrying dependencies
    for (int index = 0; index < steps; ++index) {
        const Step& step = block.steps[index];
        if (step.type == StepType::nop) {
            if (step.depends_on_block >= 0 && run_start < 0) run_start = index;
            continue;
        }
        if (step.count >= rccl_count_limit)
            add_limit(violations, "count", rccl_count_limit - 1, step.count,
                      {gpu, block.id, index, {}, -1, "cnt"},
                      block_name(gpu, block.id) + " step " + std::to_string(index) + " has cnt " +
                          std::to_string(step.count) + "; RCCL needs cnt below " +
                          std::to_string(rccl_count_limit) + " (MSCCL_MAX_COUNT)");
        if (run_start >= 0 && step.depends_on_block < 0)
            add_limit(violations, "nop_run", 0, index - run_start,
                      {gpu, block.id, index, {}, -1, "ends a run of nops"},
                      block_name(gpu, block.id) + " steps " + std::to_string(run_start) + ".." +
                          std::to_string(index - 1) + " are nops carrying dependencies, and step " +
                          std::to_string(index) +
                          ", which the runtime merges them into, has no dependency of its own "
                          "(depid=-1)");
        run_start = -1;
    }
    if (run_start >= 0)
        add_limit(violations, "nop_run", 0, steps - run_start,
                  {gpu, block.id, run_start, {}, -1, "starts a run of nops"},
                  block_name(gpu, block.id) + " ends with nops carrying dependencies (steps " +
                      std::to_string(run_start) + ".." + std::to_string(steps - 1) +
                      "), which no later step carries into a wait");
}

}  // namespace

void check_rccl_limits(const ProgramLayout& layout, ViolationSink& violations) {
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu) {
        const Gpu& current = layout.gpu(gpu);
        std::vector<int> ids;
        std::map<int, int> sending, receiving;
        for (const ThreadBlock& block : current.thread_blocks) {
            ids.push_back(block.id);
            if (block.send_peer >= 0) ++sending[block.channel];
            if (block.receive_peer >= 0) ++receiving[block.channel];
            check_block(gpu, block, violations);
        }
        std::sort(ids.begin(), ids.end());
        for (int expected = 0; expected < static_cast<int>(ids.size()); ++expected)
            if (ids[expected] != expected) {
                add_limit(violations, "thread_block_ids", expected, ids[expected],
                          {gpu, ids[expected], -1, {}, -1, "thread block"},
                          "gpu " + std::to_string(gpu) + " has no thread block " +
                              std::to_string(expected) + " but has " +
                              std::to_string(ids[expected]) +
                              "; RCCL needs ids 0, 1, 2, ... without gaps");
                break;
            }
        for (const auto& [direction, counts] :
             {std::pair{"sending", &sending}, std::pair{"receiving", &receiving}})
            for (const auto& [channel, blocks] : *counts)
                if (blocks > rccl_max_blocks_per_channel)
                    add_limit(violations, std::string(direction) + "_blocks_per_channel",
                              rccl_max_blocks_per_channel, blocks,
                              {gpu, -1, -1, {}, -1, "channel " + std::to_string(channel)},
                              "gpu " + std::to_string(gpu) + " has " + std::to_string(blocks) +
                                  " " + direction + " thread blocks on channel " +
                                  std::to_string(channel) + "; RCCL allows at most " +
                                  std::to_string(rccl_max_blocks_per_channel));
    }
}

}  // namespace trivcheck::msccl
