#include "checker/msccl/bounded_fifos.hpp"

#include <algorithm>
#include <set>

#include "checker/msccl/deadlock_diagnosis.hpp"
#include "checker/msccl/scheduler.hpp"

namespace trivcheck::msccl {

namespace {

/// A connection's default buffer per protocol (init.cc: DEFAULT_LL_BUFFSIZE =
/// NCCL_LL_LINES_PER_THREAD · NCCL_LL_MAX_NTHREADS · NCCL_STEPS · 16 bytes,
/// DEFAULT_LL128_BUFFSIZE = NCCL_LL128_ELEMS_PER_THREAD ·
/// NCCL_LL128_MAX_NTHREADS · NCCL_STEPS · 8 bytes, DEFAULT_BUFFSIZE = 4 MiB).
struct BufferSizes {
    std::int64_t ll = 0;
    std::int64_t ll128 = 0;
    std::int64_t simple = 4 << 20;
};

/// ROCm/rccl 0cbce2a7 (device.h: 8 lines · 256 threads; 28 elements · 256 threads).
constexpr BufferSizes rccl_buffers{8 * 256 * 8 * 16, 28 * 256 * 8 * 8};
/// microsoft/msccl b23e9cd (devcomm.h: 8 lines · 512 threads; 120 elements · 640 threads).
constexpr BufferSizes msccl_buffers{8 * 512 * 8 * 16, 120 * 640 * 8 * 8};

constexpr int nccl_steps = 8;           // NCCL_STEPS (device.h, devcomm.h)
constexpr int ll128_line_elements = 8;  // NCCL_LL128_LINEELEMS: a 64-byte line of 8-byte words
constexpr int ll128_data_elements = 7;  // NCCL_LL128_DATAELEMS: all but the flag word

/// ⌈a / b⌉ for positive b.
std::int64_t divide_up(std::int64_t a, std::int64_t b) { return (a + b - 1) / b; }

/// maxAllowedCount at `bytes` (mscclSetupCount): chunkEffectiveSize over a
/// chunk's bytes, at least 1, at most MSCCL_MAX_COUNT - 1.
int max_allowed_count(const FifoRules& rules, std::int64_t bytes, int chunks_per_loop) {
    const std::int64_t per_chunk = divide_up(bytes, chunks_per_loop);
    return static_cast<int>(
        std::clamp<std::int64_t>(rules.chunk_bytes / per_chunk, 1, rules.most_chunks_per_call));
}

/// The least size at which maxAllowedCount is at most `count`: past
/// ⌊chunkEffectiveSize / (count + 1)⌋ bytes a chunk.
std::int64_t least_bytes_at_most(const FifoRules& rules, int count, int chunks_per_loop) {
    if (count >= rules.most_chunks_per_call) return 1;
    return rules.chunk_bytes / (count + 1) * chunks_per_loop + 1;
}

/// The `cnt`s of the steps that send or receive, each once.
std::set<int> transfer_counts(const Program& program) {
    std::set<int> counts;
    for (const Gpu& gpu : program.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks)
            for (const Step& step : block.steps)
                if (step_sends(step.type) || step_receives(step.type)) counts.insert(step.count);
    return counts;
}

/// The calls each step makes at `profile`'s sizes, by FlatSteps index.
void set_calls(const ProgramLayout& layout, const FlatSteps& steps, const CallProfile& profile,
               std::vector<int>& calls) {
    for (int block = 0; block < layout.block_count(); ++block) {
        const std::vector<Step>& block_steps = layout.block(block).steps;
        for (std::size_t step = 0; step < block_steps.size(); ++step)
            calls[steps.index(block, static_cast<int>(step))] =
                static_cast<int>(divide_up(block_steps[step].count, profile.max_allowed_count));
    }
}

std::string bytes_range(const CallProfile& profile) {
    return std::to_string(profile.least_bytes) + ".." +
           (profile.most_bytes < 0 ? std::string() : std::to_string(profile.most_bytes));
}

}  // namespace

FifoRules fifo_rules(Runtime runtime, const Program& program) {
    const BufferSizes& buffers = runtime == Runtime::msccl ? msccl_buffers : rccl_buffers;
    FifoRules rules;
    rules.slots = nccl_steps;
    if (program.protocol == "LL") {
        // One step a call; half of each 16-byte line is flags (chunkEffectiveSize /= 2).
        rules.slots_per_call = 1;
        rules.chunk_bytes = buffers.ll / nccl_steps / 2;
    } else if (program.protocol == "LL128") {
        rules.slots_per_call = 1;
        rules.chunk_bytes = buffers.ll128 / nccl_steps / ll128_line_elements * ll128_data_elements;
    } else {
        // The kernel's ProtoSimple<MSCCL_CHUNKSTEPS / MSCCL_SLICESTEPS,
        // MSCCL_SLICESTEPS>: 2 slices of 2 steps a call. The host's chunkSteps
        // (msccl_parser.cc): 1 for broadcast and reduce, NCCL_STEPS / 2 otherwise.
        rules.slots_per_call = nccl_steps / 2;
        const bool one_step =
            program.collective == Collective::broadcast || program.collective == Collective::reduce;
        rules.chunk_bytes = buffers.simple / nccl_steps * (one_step ? 1 : nccl_steps / 2);
    }
    return rules;
}

std::vector<CallProfile> call_profiles(const Program& program, const FifoRules& rules) {
    const int loop = program.chunks_per_loop;
    if (loop <= 0) return {CallProfile{}};
    const std::int64_t least = std::max<std::int64_t>(program.min_bytes.value_or(1), 1);
    const bool bounded = program.max_bytes && *program.max_bytes > 0;
    const std::int64_t most = bounded ? *program.max_bytes : -1;
    const int highest = max_allowed_count(rules, least, loop);
    const int lowest = bounded ? max_allowed_count(rules, most, loop) : 1;
    const std::set<int> counts = transfer_counts(program);
    auto calls_at = [&](int allowed) {
        std::vector<int> calls;
        for (int count : counts) calls.push_back(static_cast<int>(divide_up(count, allowed)));
        return calls;
    };
    std::vector<CallProfile> profiles;
    std::vector<int> previous;
    for (int allowed = highest; allowed >= lowest; --allowed) {
        std::vector<int> calls = calls_at(allowed);
        const std::int64_t from = std::max(least, least_bytes_at_most(rules, allowed, loop));
        if (!profiles.empty() && calls == previous) continue;
        if (!profiles.empty()) profiles.back().most_bytes = from - 1;
        profiles.push_back({allowed, from, most});
        previous = std::move(calls);
    }
    return profiles;
}

std::string bounded_fifo_text(const BoundedFifoFigures& figures) {
    const FifoRules& rules = figures.rules;
    std::string text = std::to_string(rules.slots) + " slots a connection, " +
                       std::to_string(rules.slots_per_call) + " a call (" +
                       std::to_string(rules.capacity()) + " calls), default buffer sizes; " +
                       std::to_string(figures.profiles_checked) +
                       " message-size profile(s) of minBytes..maxBytes run; ";
    if (figures.hanging_sizes.empty()) return text + "completes at every size";
    text += "hangs at bytes";
    for (const std::string& range : figures.hanging_sizes) text += " " + range;
    return text;
}

BoundedFifoFigures check_bounded_fifos(const ProgramLayout& layout, const FlatSteps& steps,
                                       Runtime runtime, ViolationSink& violations) {
    BoundedFifoFigures figures;
    figures.rules = fifo_rules(runtime, layout.program());
    std::vector<int> calls(steps.count(), 1);
    bool reported = false;
    for (const CallProfile& profile : call_profiles(layout.program(), figures.rules)) {
        set_calls(layout, steps, profile, calls);
        ++figures.profiles_checked;
        Scheduler scheduler(layout, steps, FifoBound{figures.rules.capacity(), &calls});
        if (scheduler.run(nullptr)) continue;
        figures.hanging_sizes.push_back(bytes_range(profile));
        if (reported) continue;
        reported = true;
        const FifoRules& rules = figures.rules;
        diagnose_deadlock(
            layout, scheduler, violations,
            "with " + std::string(spelling(runtime)) + "'s bounded FIFOs (" +
                layout.program().protocol + ": " + std::to_string(rules.slots) +
                " slots a connection, " + std::to_string(rules.slots_per_call) + " a call, so " +
                std::to_string(rules.capacity()) + " calls) at messages of " +
                std::to_string(profile.least_bytes) + " bytes (maxAllowedCount " +
                std::to_string(profile.max_allowed_count) + ": a step of cnt c makes ceil(c / " +
                std::to_string(profile.max_allowed_count) + ") calls), ");
    }
    return figures;
}

std::optional<CallProfile> first_hanging_profile(const Program& program, Runtime runtime) {
    const ProgramLayout layout(program);
    const FlatSteps steps(layout);
    const FifoRules rules = fifo_rules(runtime, program);
    std::vector<int> calls(steps.count(), 1);
    for (const CallProfile& profile : call_profiles(program, rules)) {
        set_calls(layout, steps, profile, calls);
        if (!Scheduler(layout, steps, FifoBound{rules.capacity(), &calls}).run(nullptr))
            return profile;
    }
    return std::nullopt;
}

}  // namespace trivcheck::msccl
