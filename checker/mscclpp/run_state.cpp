#include "checker/mscclpp/run_state.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

namespace {

std::vector<std::optional<std::vector<PlanStep>>> every_unrolled_steps(const Plan& plan) {
    std::vector<std::optional<std::vector<PlanStep>>> steps;
    for (const Gpu& gpu : plan.gpus)
        for (const ThreadBlock& block : gpu.thread_blocks) {
            steps.emplace_back();
            if (unrolls_pipeline(block)) steps.back() = thread_block_steps(block);
        }
    return steps;
}

std::int64_t launched_steps(const std::vector<Process>& processes) {
    std::int64_t steps = 0;
    for (const Process& process : processes)
        steps += static_cast<std::int64_t>(process.steps.size());
    return steps;
}

/// Every launch's thread blocks, launch by launch and gpu by gpu, then the
/// callers after each launch, gpu by gpu, then the port channels' proxies
/// (into `proxies`).
std::vector<Process> launched_processes(
    const Plan& plan, const std::vector<std::optional<std::vector<PlanStep>>>& unrolled_steps,
    PortProxies& proxies) {
    const int launches = launches_of(plan);
    std::vector<Process> processes;
    std::size_t blocks = 0;
    for (const Gpu& gpu : plan.gpus) blocks += gpu.thread_blocks.size();
    processes.reserve((blocks + plan.gpus.size()) * launches);
    for (int launch = 0; launch < launches; ++launch) {
        std::size_t position = 0;
        for (const Gpu& gpu : plan.gpus)
            for (std::size_t block = 0; block < gpu.thread_blocks.size(); ++block) {
                Process process;
                process.gpu = gpu.id;
                process.block = static_cast<int>(block);
                process.launch = launch;
                process.started = launch == 0;
                const std::optional<std::vector<PlanStep>>& unrolled = unrolled_steps[position++];
                process.steps = unrolled ? StepList(std::span(*unrolled))
                                         : StepList(std::span(gpu.thread_blocks[block].operations));
                processes.push_back(std::move(process));
            }
    }
    for (int launch = 1; launch <= launches; ++launch)
        for (const Gpu& gpu : plan.gpus) {
            Process caller;
            caller.gpu = gpu.id;
            caller.launch = launch;
            caller.caller = true;
            processes.push_back(std::move(caller));
        }
    const bool ports =
        std::ranges::any_of(plan.gpus, [](const Gpu& gpu) { return !gpu.port_channels.empty(); });
    if (!ports) return processes;
    std::vector<StepList> steps;
    for (const Process& process : processes) steps.push_back(process.steps);
    proxies = PortProxies(steps, static_cast<int>(processes.size()));
    for (int index = 0; index < proxies.count(); ++index) {
        const PortProxy& proxy = proxies.of_process(proxies.first_process() + index);
        const Process& issuer = processes[static_cast<std::size_t>(proxy.issuer)];
        Process server;
        server.gpu = issuer.gpu;
        server.block = issuer.block;
        server.launch = issuer.launch;
        server.proxy = true;
        server.started = true;
        processes.push_back(std::move(server));
    }
    return processes;
}

int first_caller(const Plan& plan) {
    const int launches = launches_of(plan);
    int blocks = 0;
    for (const Gpu& gpu : plan.gpus) blocks += static_cast<int>(gpu.thread_blocks.size());
    return blocks * launches;
}

std::vector<int> first_blocks(const Plan& plan) {
    std::vector<int> first;
    int blocks = 0;
    for (const Gpu& gpu : plan.gpus) {
        first.push_back(blocks);
        blocks += static_cast<int>(gpu.thread_blocks.size());
    }
    return first;
}

int widest_input(const Plan& plan) {
    int widest = 0;
    for (const Gpu& gpu : plan.gpus) widest = std::max(widest, gpu.input_chunks);
    return widest;
}

/// Per process, the position of its clock entry. A gpu's thread blocks of
/// one launch start a page of the clocks (16 entries; gpus of at most 16
/// blocks share pages at a power of two each), so that a page holds one
/// gpu's entries: they change together, and the 1,024-rank check keeps
/// 33 MB fewer clock nodes, its joins visit fewer pages (cachegrind of the
/// 512-rank check: 4% fewer last-level misses). The caller after a launch
/// takes the last slot of its gpu's blocks of that launch where the blocks
/// leave it free (the clocks of the 1,024-rank check then span 65,536
/// entries, not 67,584: three levels of nodes above the pages, not four),
/// and otherwise comes after every thread block, as among the processes.
std::vector<int> clock_slots(const Plan& plan, const std::vector<Process>& processes) {
    const int launches = launches_of(plan);
    int most = 1;
    for (const Gpu& gpu : plan.gpus)
        most = std::max(most, static_cast<int>(gpu.thread_blocks.size()));
    const int page = ClockPages::page_entries;
    int stride = 1;
    while (stride < most && stride < page) stride *= 2;
    if (most > page) stride = (most + page - 1) / page * page;
    const bool callers_inside = most < stride;
    const int gpus = static_cast<int>(plan.gpus.size());
    // The proxies after every other entry.
    int next_proxy = launches * gpus * stride + (callers_inside ? 0 : launches * gpus);
    std::vector<int> slots;
    slots.reserve(processes.size());
    for (const Process& process : processes) {
        if (process.proxy) {
            slots.push_back(next_proxy++);
            continue;
        }
        const int group = process.caller ? (process.launch - 1) * gpus + process.gpu
                                         : process.launch * gpus + process.gpu;
        if (!process.caller)
            slots.push_back(group * stride + process.block);
        else if (callers_inside)
            slots.push_back(group * stride + stride - 1);
        else
            slots.push_back(launches * gpus * stride + group);
    }
    return slots;
}

}  // namespace

RunState::RunState(const Plan& of, const CellLayout& layout)
    : plan(of),
      cells(layout),
      launches(launches_of(of)),
      unrolled_steps(every_unrolled_steps(of)),
      processes(launched_processes(of, unrolled_steps, proxies)),
      steps_in_all(launched_steps(processes)),
      callers_begin(first_caller(of)),
      first_block(first_blocks(of)),
      input_stride(widest_input(of)),
      clocks(clock_slots(of, processes), steps_in_all),
      mailbox_index(of),
      mailboxes(static_cast<std::size_t>(mailbox_index.count())) {
    for (const Gpu& gpu : plan.gpus) {
        first_semaphore.push_back(static_cast<int>(semaphores.size()));
        for (const Semaphore& semaphore : gpu.semaphores)
            semaphores.emplace_back().initial_left = semaphore.initial;
    }
}

ProgramPoint RunState::point(int process, int step, std::string note, int cell) const {
    if (proxies.is_proxy(process)) {
        // The request's operation, as the proxy serves it.
        const PortProxy& proxy = proxies.of_process(process);
        const ProxyRequest& request = proxy.requests[static_cast<std::size_t>(step)];
        const std::string by = "by the proxy of port channel " + std::to_string(proxy.channel);
        return point(proxy.issuer, request.step, note.empty() ? by : note + " " + by, cell);
    }
    const Process& of = processes[static_cast<std::size_t>(process)];
    ProgramPoint point;
    point.gpu = of.gpu;
    if (cell >= 0) {
        const CellLayout::Place place = cells.place(cell);
        point.buffer = "gpu " + std::to_string(place.gpu) + " " + buffer_letter(place.buffer);
        point.chunk = place.chunk;
    }
    if (of.caller) {
        point.note = "the caller after launch " + std::to_string(of.launch) +
                     (note.empty() ? std::string() : ": " + note);
        return point;
    }
    const PlanStep& plan_step = of.steps[static_cast<std::size_t>(step)];
    point.thread_block = plan.gpus[static_cast<std::size_t>(of.gpu)]
                             .thread_blocks[static_cast<std::size_t>(of.block)]
                             .id;
    point.step = plan_step.operation->index;
    std::string what(operation_name(plan_step.operation->kind));
    if (plan_step.iteration >= 0)
        what += ", pipeline op " + std::to_string(plan_step.operation->inner_index) +
                " iteration " + std::to_string(plan_step.iteration);
    if (of.launch > 0) what += ", launch " + std::to_string(of.launch + 1);
    point.note = note.empty() ? what : what + ": " + note;
    return point;
}

std::vector<std::vector<int>> RunState::range_cells(const PlanStep& step, const BufferRange& range,
                                                    int launch) const {
    std::vector<std::vector<int>> per_gpu;
    fill_range_cells(step, range, launch, per_gpu);
    return per_gpu;
}

void RunState::fill_range_cells(const PlanStep& step, const BufferRange& range, int launch,
                                std::vector<std::vector<int>>& per_gpu) const {
    const PieceSpan span = step_pieces(step, range.size, cells.pieces());
    const std::span<const int> gpus = plan.range_gpus(range);
    per_gpu.resize(gpus.size());
    for (std::size_t position = 0; position < gpus.size(); ++position) {
        std::vector<int>& touched = per_gpu[position];
        touched.clear();
        for (int piece = span.begin; piece < span.end; ++piece)
            touched.push_back(cells.cell(gpus[position], range.buffer,
                                         range.index + piece / cells.pieces(),
                                         piece % cells.pieces(), launch));
    }
}

std::vector<int> RunState::output_cells(int gpu, int launch) const {
    const Gpu& of = plan.gpus[static_cast<std::size_t>(gpu)];
    const bool own_output = of.output_chunks > 0;
    const int chunks = own_output ? of.output_chunks : of.input_chunks;
    std::vector<int> outputs;
    for (int chunk = 0; chunk < chunks; ++chunk)
        for (int piece = 0; piece < cells.pieces(); ++piece)
            outputs.push_back(cells.cell(gpu, own_output ? BufferKind::output : BufferKind::input,
                                         chunk, piece, launch));
    return outputs;
}

RunClocks::RunClocks(std::vector<int> slots, std::int64_t steps)
    : slots_(std::move(slots)),
      pages_(slots_.empty() ? 0 : *std::ranges::max_element(slots_) + 1, steps),
      reader_(pages_) {}

Token RunClocks::token(ProcessClocks& clocks, int self, bool relaxed, int entry) {
    Token token;
    token.strong = PagedClock(clocks.strong, slot(self), entry);
    token.weak = PagedClock(clocks.weak, slot(self), entry);
    token.fenced = clocks.fenced;
    token.depth = clocks.depth;
    token.relaxed = relaxed;
    token.process = self;
    return token;
}

void RunClocks::learn(PagedClock& tree, int self, int since, const PagedClock& giver) {
    if (giver.at(reader_, slot(self)) >= since)
        tree.adopt(pages_, giver);
    else
        tree.join(pages_, giver);
}

void RunClocks::join_token(ProcessClocks& clocks, int self, const Token& token) {
    const PagedClock& visible = token.relaxed ? token.fenced : token.strong;
    const PagedClock strong_before = clocks.strong;
    const PagedClock weak_before = clocks.weak;
    // Without relaxed signals strong and weak stay one clock: one join for both.
    const bool shared = clocks.strong.shares(clocks.weak) && visible.shares(token.weak);
    learn(clocks.weak, self, clocks.trees_since, token.weak);
    if (shared)
        clocks.strong = clocks.weak;
    else
        learn(clocks.strong, self, clocks.trees_since, visible);
    // The tokens of this step on (its entry `own + 1`) carry the new trees.
    if (!clocks.weak.shares(weak_before) || !clocks.strong.shares(strong_before))
        clocks.trees_since = clocks.own + 1;
    clocks.depth = std::max(clocks.depth, token.depth);
}

void RunClocks::join_all(Token& into, const Token& token) {
    const bool shared = into.strong.shares(into.weak) && token.strong.shares(token.weak);
    into.weak.gather(pages_, token.weak);
    if (shared)
        into.strong = into.weak;
    else
        into.strong.gather(pages_, token.strong);
    into.depth = std::max(into.depth, token.depth);
}

void RunClocks::fence(ProcessClocks& clocks, int self, int entry) {
    clocks.fenced = PagedClock(clocks.strong, slot(self), entry);
}

void RunClocks::join_all_threads(ProcessClocks& clocks, const Token& token) {
    clocks.all_weak.join(pages_, token.weak);
    clocks.all_strong.join(pages_, token.relaxed ? token.fenced : token.strong);
}

}  // namespace trivcheck::mscclpp
