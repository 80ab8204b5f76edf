#include "checker/msccl/runtime_limits.hpp"

#include <algorithm>
#include <map>
#include <string>

namespace trivcheck::msccl {

namespace {

/// Records the runtime_limit violations of one program against one runtime's rules.
class LimitCheck {
  public:
    LimitCheck(const RuntimeRules& rules, ViolationSink& violations)
        : rules_(rules), violations_(violations) {}

    void add(const std::string& limit, std::int64_t bound, std::int64_t measured,
             ProgramPoint where, const std::string& detail) {
        if (!violations_.count(ViolationKind::runtime_limit)) return;
        Violation violation;
        violation.kind = ViolationKind::runtime_limit;
        violation.rank = where.gpu;
        violation.thread_block = where.thread_block;
        violation.step = where.step;
        violation.limit = limit;
        violation.limit_value = bound;
        violation.measured = measured;
        violation.detail = detail + " [" + rules_.source + "]";
        violation.points = {std::move(where)};
        violations_.record(std::move(violation));
    }

    void check_program(const Program& program) {
        if (!rules_.byte_range_required) return;
        for (const auto& [name, given] :
             {std::pair{"minBytes", program.min_bytes.has_value()},
              std::pair{"maxBytes", program.max_bytes.has_value()},
              std::pair{"outofplace", program.out_of_place.has_value()}})
            if (!given)
                add("required_attribute", 1, 0, {-1, -1, -1, {}, -1, std::string("algo@") + name},
                    std::string("<algo> has no ") + name +
                        "; RCCL's parser reads it without a default and refuses the file "
                        "(mscclGetAlgoFromXmlFile, msccl_parser.cc)");
    }

    void check_gpu(int gpu, const Gpu& current) {
        std::vector<int> ids;
        std::map<int, int> sending, receiving;
        for (const ThreadBlock& block : current.thread_blocks) {
            ids.push_back(block.id);
            if (block.send_peer >= 0) ++sending[block.channel];
            if (block.receive_peer >= 0) ++receiving[block.channel];
            check_block(gpu, block);
        }
        std::sort(ids.begin(), ids.end());
        if (!ids.empty() && ids.back() >= rules_.max_thread_blocks)
            add("thread_blocks", rules_.max_thread_blocks, ids.back() + 1,
                {gpu, ids.back(), -1, {}, -1, "thread block"},
                "gpu " + std::to_string(gpu) + " has thread block " + std::to_string(ids.back()) +
                    "; " + runtime_name() + " allows ids below " +
                    std::to_string(rules_.max_thread_blocks) + " (MSCCL_MAX_NUM_THREAD_BLOCKS)");
        for (int expected = 0; expected < static_cast<int>(ids.size()); ++expected)
            if (ids[expected] != expected) {
                add("thread_block_ids", expected, ids[expected],
                    {gpu, ids[expected], -1, {}, -1, "thread block"},
                    "gpu " + std::to_string(gpu) + " has no thread block " +
                        std::to_string(expected) + " but has " + std::to_string(ids[expected]) +
                        "; " + runtime_name() + " needs ids 0, 1, 2, ... without gaps");
                break;
            }
        for (const auto& [direction, counts] :
             {std::pair{"sending", &sending}, std::pair{"receiving", &receiving}})
            for (const auto& [channel, blocks] : *counts)
                if (blocks > rules_.max_blocks_per_channel)
                    add(std::string(direction) + "_blocks_per_channel",
                        rules_.max_blocks_per_channel, blocks,
                        {gpu, -1, -1, {}, -1, "channel " + std::to_string(channel)},
                        "gpu " + std::to_string(gpu) + " has " + std::to_string(blocks) + " " +
                            direction + " thread blocks on channel " + std::to_string(channel) +
                            "; " + runtime_name() + " allows at most " +
                            std::to_string(rules_.max_blocks_per_channel) +
                            " (MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL)");
    }

    /// RCCL refuses the whole program at launch: one violation, at its first full op.
    void check_full_ops(const ProgramLayout& layout) {
        if (rules_.full_ops) return;
        int found = 0;
        ProgramPoint first{-1, -1, -1, {}, -1, ""};
        for (int block = 0; block < layout.block_count(); ++block) {
            const ThreadBlock& current = layout.block(block);
            for (int index = 0; index < static_cast<int>(current.steps.size()); ++index)
                if (step_is_full_op(current.steps[index].type) && found++ == 0)
                    first = {layout.gpu_of(block),
                             current.id,
                             index,
                             {},
                             -1,
                             std::string(spelling(current.steps[index].type)) + " (a full op)"};
        }
        if (found == 0) return;
        add("full_ops", 0, found, first,
            std::to_string(found) + " step(s) are rcs, rrs, rrc or rrcs, the first gpu " +
                std::to_string(first.gpu) + " tb " + std::to_string(first.thread_block) + " step " +
                std::to_string(first.step) +
                "; RCCL refuses the program at launch: \"this version of MSCCL build doesn't "
                "support full Ops\" (mscclSetupKernel, msccl_setup.cc)");
    }

  private:
    std::string runtime_name() const {
        return rules_.runtime == Runtime::rccl ? "RCCL" : "microsoft/msccl";
    }

    static std::string block_name(int gpu, int id) {
        return "gpu " + std::to_string(gpu) + " tb " + std::to_string(id);
    }

    void check_block(int gpu, const ThreadBlock& block) {
        const int steps = static_cast<int>(block.steps.size());
        int highest_index = -1;
        for (const Step& step : block.steps) highest_index = std::max(highest_index, step.index);
        const int measured = std::max(steps, highest_index + 1);
        if (measured > rules_.max_steps_per_thread_block)
            add("steps_per_thread_block", rules_.max_steps_per_thread_block, measured,
                {gpu, block.id, -1, {}, -1, "thread block"},
                block_name(gpu, block.id) + " has " + std::to_string(steps) + " steps (highest s " +
                    std::to_string(highest_index) + "); " + runtime_name() +
                    " refuses s >= " + std::to_string(rules_.max_steps_per_thread_block) +
                    " and holds at most that many steps a thread block (MSCCL_MAX_NUM_STEPS)");
        int run_start = -1;  // first nop of the current run of nops carrying dependencies
        for (int index = 0; index < steps; ++index) {
            const Step& step = block.steps[index];
            if (step.type == StepType::nop) {
                if (step.depends_on_block >= 0 && run_start < 0) run_start = index;
                continue;
            }
            if (step.count >= rules_.count_limit)
                add("count", rules_.count_limit - 1, step.count,
                    {gpu, block.id, index, {}, -1, "cnt"},
                    block_name(gpu, block.id) + " step " + std::to_string(index) + " has cnt " +
                        std::to_string(step.count) + "; " + runtime_name() + " needs cnt below " +
                        std::to_string(rules_.count_limit) + " (MSCCL_MAX_COUNT)");
            if (run_start >= 0 && step.depends_on_block < 0)
                add("nop_run", 0, index - run_start,
                    {gpu, block.id, index, {}, -1, "ends a run of nops"},
                    block_name(gpu, block.id) + " steps " + std::to_string(run_start) + ".." +
                        std::to_string(index - 1) + " are nops carrying dependencies, and step " +
                        std::to_string(index) +
                        ", which the runtime merges them into, has no dependency of its own "
                        "(depid=-1; mscclGetAlgoFromXmlFile, msccl_parser.cc)");
            run_start = -1;
        }
        // A run at the end is not refused: its waits are dropped (parser_step_rules.hpp).
    }

    const RuntimeRules& rules_;
    ViolationSink& violations_;
};

}  // namespace

void check_runtime_limits(const ProgramLayout& layout, Runtime runtime, ViolationSink& violations) {
    if (runtime == Runtime::none) return;
    LimitCheck check(rules_of(runtime), violations);
    check.check_program(layout.program());
    check.check_full_ops(layout);
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu) check.check_gpu(gpu, layout.gpu(gpu));
}

}  // namespace trivcheck::msccl
