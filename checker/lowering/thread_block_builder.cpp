#include "checker/lowering/thread_block_builder.hpp"

#include <algorithm>
#include <cassert>

namespace trivcheck::msccl {

int ThreadBlockBuilder::add_thread_block(int send_peer, int receive_peer, int channel) {
    const int id = thread_block_count();
    ThreadBlock block;
    block.id = id;
    block.send_peer = send_peer;
    block.receive_peer = receive_peer;
    block.channel = channel;
    gpu_.thread_blocks.push_back(std::move(block));
    clocks_.emplace_back();
    return id;
}

int ThreadBlockBuilder::step_count(int block) const {
    return static_cast<int>(gpu_.thread_blocks[static_cast<std::size_t>(block)].steps.size());
}

int ThreadBlockBuilder::known(int block, int other) const {
    const std::vector<int>& clock = clocks_[static_cast<std::size_t>(block)];
    return static_cast<std::size_t>(other) < clock.size() ? clock[static_cast<std::size_t>(other)]
                                                          : -1;
}

std::vector<int> ThreadBlockBuilder::waits_needed(int block,
                                                  const std::vector<StepRef>& after) const {
    std::vector<int> needed;
    for (const StepRef& ref : after) {
        if (ref.block == block || ref.block < 0) continue;
        if (known(block, ref.block) >= ref.step) continue;
        needed.push_back(ref.block);
    }
    std::sort(needed.begin(), needed.end());
    needed.erase(std::unique(needed.begin(), needed.end()), needed.end());
    return needed;
}

int ThreadBlockBuilder::steps_after_append(int block, const std::vector<StepRef>& after) const {
    const auto waits = static_cast<int>(waits_needed(block, after).size());
    return step_count(block) + std::max(1, waits);
}

StepRef ThreadBlockBuilder::append(int block, Step step, const std::vector<StepRef>& after) {
    const std::vector<int> needed = waits_needed(block, after);
    auto& steps = gpu_.thread_blocks[static_cast<std::size_t>(block)].steps;
    std::vector<int>& clock = clocks_[static_cast<std::size_t>(block)];
    for (std::size_t i = 0; i < needed.size(); ++i) {
        const int other = needed[i];
        auto& other_steps = gpu_.thread_blocks[static_cast<std::size_t>(other)].steps;
        int needed_step = -1;
        for (const StepRef& ref : after)
            if (ref.block == other) needed_step = std::max(needed_step, ref.step);
        // The latest step when that is the one needed, or when it is no send
        // (a receive or local step): one wait then covers everything that
        // thread block has done so far. A later send of a thread block that
        // also receives is not waited for: a wait on it would count it in the
        // chain of sends before this step.
        const int last = static_cast<int>(other_steps.size()) - 1;
        const bool whole = needed_step == last || !step_sends(other_steps.back().type);
        const int latest = whole ? last : needed_step;
        assert(latest >= 0 && other_steps[static_cast<std::size_t>(latest)].type != StepType::nop);
        other_steps[static_cast<std::size_t>(latest)].signals = true;
        if (clock.size() <= static_cast<std::size_t>(other))
            clock.resize(static_cast<std::size_t>(other) + 1, -1);
        if (whole) {
            const std::vector<int>& other_clock = clocks_[static_cast<std::size_t>(other)];
            if (clock.size() < other_clock.size()) clock.resize(other_clock.size(), -1);
            for (std::size_t d = 0; d < other_clock.size(); ++d)
                clock[d] = std::max(clock[d], other_clock[d]);
        }
        clock[static_cast<std::size_t>(other)] =
            std::max(clock[static_cast<std::size_t>(other)], latest);
        if (i + 1 < needed.size()) {
            Step wait;
            wait.index = static_cast<int>(steps.size());
            wait.type = StepType::nop;
            wait.count = 0;
            wait.depends_on_block = other;
            wait.depends_on_step = latest;
            steps.push_back(wait);
        } else {
            step.depends_on_block = other;
            step.depends_on_step = latest;
        }
    }
    // The parsers fuse a reduction into the previous one of the same dst and
    // src buffer when it has no wait and the previous does not signal, and the
    // fused step takes the last one's cnt (mscclGetAlgoFromXmlFile): a signal
    // on the previous keeps two counts apart.
    if (step.type == StepType::reduce && step.depends_on_block < 0 && !steps.empty()) {
        Step& previous = steps.back();
        if (previous.type == StepType::reduce && previous.dst_buffer == step.dst_buffer &&
            previous.dst_offset == step.dst_offset && previous.src_buffer == step.src_buffer &&
            previous.count != step.count)
            previous.signals = true;
    }
    step.index = static_cast<int>(steps.size());
    steps.push_back(step);
    return {block, step.index};
}

}  // namespace trivcheck::msccl
