#include "checker/msccl/asynchronous_figures.hpp"

#include <algorithm>
#include <set>

namespace trivcheck::msccl {

AsynchronousFigures measure_program(const ProgramLayout& layout, const Scheduler& scheduler) {
    const Program& program = layout.program();
    AsynchronousFigures figures;
    figures.collective = spelling(program.collective);
    figures.protocol = program.protocol;
    figures.buffer_chunks = layout.buffer_chunks();
    figures.thread_blocks = layout.block_count();
    figures.gpus.resize(program.gpu_count);
    for (int gpu = 0; gpu < program.gpu_count; ++gpu) {
        figures.gpus[gpu].gpu = gpu;
        figures.most_thread_blocks_per_gpu =
            std::max(figures.most_thread_blocks_per_gpu,
                     static_cast<int>(layout.gpu(gpu).thread_blocks.size()));
    }
    std::set<int> channels;
    for (const Connection& connection : layout.connections())
        figures.connections.push_back(
            {connection.sender, connection.receiver, connection.channel, 0, 0, 0});
    for (int block = 0; block < layout.block_count(); ++block) {
        const ThreadBlock& thread_block = layout.block(block);
        channels.insert(thread_block.channel);
        figures.steps_total += static_cast<int>(thread_block.steps.size());
        const ThreadBlockLinks& links = layout.links(block);
        for (const Step& step : thread_block.steps) {
            if (step_sends(step.type)) {
                figures.gpus[layout.gpu_of(block)].sent_chunks += step.count;
                ConnectionFigures& connection = figures.connections[links.send_connection];
                ++connection.messages;
                connection.chunks += step.count;
            }
            if (step_receives(step.type))
                figures.gpus[layout.gpu_of(block)].received_chunks += step.count;
        }
    }
    for (std::size_t index = 0; index < figures.connections.size(); ++index)
        figures.connections[index].most_queued = scheduler.most_queued(static_cast<int>(index));
    std::sort(figures.connections.begin(), figures.connections.end(),
              [](const ConnectionFigures& a, const ConnectionFigures& b) {
                  return std::tie(a.sender, a.receiver, a.channel) <
                         std::tie(b.sender, b.receiver, b.channel);
              });
    figures.channels = static_cast<int>(channels.size());
    return figures;
}

int least_fifo_depth(const ProgramLayout& layout, const FlatSteps& steps) {
    int most = 1;  // enough: the most messages one connection carries
    for (const Connection& connection : layout.connections()) {
        if (connection.sending_block < 0) continue;
        int messages = 0;
        for (const Step& step : layout.block(connection.sending_block).steps)
            messages += step_sends(step.type) ? 1 : 0;
        most = std::max(most, messages);
    }
    auto completes = [&](int depth) {
        return Scheduler(layout, steps, FifoBound{depth, nullptr}).run(nullptr);
    };
    // The depth needed is usually 1 or 2: double from 1 until a depth completes,
    // then halve the gap (every depth up to `too_small` deadlocks).
    int too_small = 0;
    int enough = 1;
    while (enough < most && !completes(enough)) {
        too_small = enough;
        enough = std::min(most, 2 * enough);
    }
    while (enough - too_small > 1) {
        const int depth = too_small + (enough - too_small) / 2;
        (completes(depth) ? enough : too_small) = depth;
    }
    return enough;
}

}  // namespace trivcheck::msccl
