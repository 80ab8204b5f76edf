#include "checker/search/msccl_mutation.hpp"

#include <functional>
#include <utility>

#include "checker/search/mutation_sites.hpp"

namespace trivcheck::msccl {

namespace {

/// Step `step` of thread block `block` (positions) of gpu `gpu`.
struct StepSite {
    int gpu = 0;
    int block = 0;
    int step = 0;
};

std::string describe(const Program& program, const StepSite& site) {
    const ThreadBlock& block = program.gpus[static_cast<std::size_t>(site.gpu)]
                                   .thread_blocks[static_cast<std::size_t>(site.block)];
    return "gpu " + std::to_string(program.gpus[static_cast<std::size_t>(site.gpu)].id) + " tb " +
           std::to_string(block.id) + " step " + std::to_string(site.step);
}

ThreadBlock& block_at(Program& program, const StepSite& site) {
    return program.gpus[static_cast<std::size_t>(site.gpu)]
        .thread_blocks[static_cast<std::size_t>(site.block)];
}

Step& step_at(Program& program, const StepSite& site) {
    return block_at(program, site).steps[static_cast<std::size_t>(site.step)];
}

/// Every step for which accept(program, site) holds, in file order.
std::vector<StepSite> step_sites(
    const Program& program, const std::function<bool(const Program&, const StepSite&)>& accept) {
    std::vector<StepSite> sites;
    for (std::size_t g = 0; g < program.gpus.size(); ++g) {
        const Gpu& gpu = program.gpus[g];
        for (std::size_t b = 0; b < gpu.thread_blocks.size(); ++b)
            for (std::size_t s = 0; s < gpu.thread_blocks[b].steps.size(); ++s) {
                const StepSite site{static_cast<int>(g), static_cast<int>(b), static_cast<int>(s)};
                if (accept(program, site)) sites.push_back(site);
            }
    }
    return sites;
}

const Step& step_of(const Program& program, const StepSite& site) {
    return program.gpus[static_cast<std::size_t>(site.gpu)]
        .thread_blocks[static_cast<std::size_t>(site.block)]
        .steps[static_cast<std::size_t>(site.step)];
}

/// Mutants of the spread sites, each made by change(program, site).
std::vector<ProgramMutant> mutants(
    const Program& program, int wanted,
    const std::function<bool(const Program&, const StepSite&)>& accept,
    const std::function<void(Program&, const StepSite&)>& change) {
    std::vector<ProgramMutant> result;
    for (const StepSite& site : spread(step_sites(program, accept), wanted)) {
        Program mutant = program;
        change(mutant, site);
        result.push_back({std::move(mutant), describe(program, site)});
    }
    return result;
}

int chunks_of(const Gpu& gpu, Buffer buffer, bool in_place) {
    switch (buffer) {
        case Buffer::input:
            return gpu.input_chunks;
        case Buffer::output:
            return in_place && gpu.output_chunks == 0 ? gpu.input_chunks : gpu.output_chunks;
        case Buffer::scratch:
            return gpu.scratch_chunks;
    }
    return 0;
}

bool reads_source(StepType type) {
    return type == StepType::send || type == StepType::receive_reduce_send ||
           type == StepType::receive_reduce_copy || type == StepType::receive_reduce_copy_send ||
           type == StepType::copy || type == StepType::reduce;
}

bool writes_destination(StepType type) {
    return type == StepType::receive || type == StepType::receive_copy_send ||
           type == StepType::receive_reduce_copy || type == StepType::receive_reduce_copy_send ||
           type == StepType::copy || type == StepType::reduce;
}

/// The waits on steps of thread block `block` of gpu `gpu` at or after `from` move by `delta`.
void renumber(Program& program, int gpu, int block, int from, int delta) {
    Gpu& target = program.gpus[static_cast<std::size_t>(gpu)];
    const int id = target.thread_blocks[static_cast<std::size_t>(block)].id;
    for (ThreadBlock& other : target.thread_blocks)
        for (Step& step : other.steps)
            if (step.depends_on_block == id && step.depends_on_step >= from)
                step.depends_on_step += delta;
    auto& steps = target.thread_blocks[static_cast<std::size_t>(block)].steps;
    for (std::size_t s = 0; s < steps.size(); ++s) steps[s].index = static_cast<int>(s);
}

std::vector<ProgramMutant> drop_dependency(const Program& program, int sites) {
    return mutants(
        program, sites,
        [](const Program& p, const StepSite& s) { return step_of(p, s).depends_on_block >= 0; },
        [](Program& p, const StepSite& s) {
            step_at(p, s).depends_on_block = -1;
            step_at(p, s).depends_on_step = -1;
        });
}

/// The send is gone; waits on it wait on the step before it (or on nothing).
std::vector<ProgramMutant> drop_send(const Program& program, int sites) {
    return mutants(
        program, sites,
        [](const Program& p, const StepSite& s) { return step_of(p, s).type == StepType::send; },
        [](Program& p, const StepSite& s) {
            auto& steps = block_at(p, s).steps;
            const bool signalled = steps[static_cast<std::size_t>(s.step)].signals;
            steps.erase(steps.begin() + s.step);
            if (s.step > 0 && signalled) steps[static_cast<std::size_t>(s.step - 1)].signals = true;
            const int id = block_at(p, s).id;
            for (ThreadBlock& other : p.gpus[static_cast<std::size_t>(s.gpu)].thread_blocks)
                for (Step& step : other.steps)
                    if (step.depends_on_block == id && step.depends_on_step == s.step &&
                        s.step == 0) {
                        step.depends_on_block = -1;
                        step.depends_on_step = -1;
                    }
            renumber(p, s.gpu, s.block, s.step, -1);
        });
}

/// A source (or, for steps that only write, destination) offset one chunk further.
std::vector<ProgramMutant> shift_offset(const Program& program, int sites) {
    auto fits = [](const Program& p, const StepSite& s) {
        const Step& step = step_of(p, s);
        const Gpu& gpu = p.gpus[static_cast<std::size_t>(s.gpu)];
        if (reads_source(step.type))
            return step.src_offset + step.count + 1 <= chunks_of(gpu, step.src_buffer, p.in_place);
        if (writes_destination(step.type))
            return step.dst_offset + step.count + 1 <= chunks_of(gpu, step.dst_buffer, p.in_place);
        return false;
    };
    return mutants(program, sites, fits, [](Program& p, const StepSite& s) {
        Step& step = step_at(p, s);
        if (reads_source(step.type))
            ++step.src_offset;
        else
            ++step.dst_offset;
    });
}

/// Two neighbouring steps of a thread block run in the other order (each keeps its wait).
std::vector<ProgramMutant> swap_steps(const Program& program, int sites) {
    return mutants(
        program, sites,
        [](const Program& p, const StepSite& s) {
            const auto& steps = p.gpus[static_cast<std::size_t>(s.gpu)]
                                    .thread_blocks[static_cast<std::size_t>(s.block)]
                                    .steps;
            if (static_cast<std::size_t>(s.step) + 1 >= steps.size()) return false;
            const Step& a = steps[static_cast<std::size_t>(s.step)];
            const Step& b = steps[static_cast<std::size_t>(s.step) + 1];
            return a.type != StepType::nop && b.type != StepType::nop &&
                   (a.type != b.type || a.src_offset != b.src_offset ||
                    a.dst_offset != b.dst_offset || a.src_buffer != b.src_buffer ||
                    a.dst_buffer != b.dst_buffer);
        },
        [](Program& p, const StepSite& s) {
            auto& steps = block_at(p, s).steps;
            std::swap(steps[static_cast<std::size_t>(s.step)],
                      steps[static_cast<std::size_t>(s.step) + 1]);
            steps[static_cast<std::size_t>(s.step)].index = s.step;
            steps[static_cast<std::size_t>(s.step) + 1].index = s.step + 1;
        });
}

/// The other buffer that can hold the step's chunks, or the same one when none can.
Buffer other_buffer(const Program& p, const Gpu& gpu, Buffer buffer, int offset, int count) {
    for (const Buffer candidate : {Buffer::scratch, Buffer::input, Buffer::output}) {
        if (candidate == buffer) continue;
        if (p.in_place && ((candidate == Buffer::output && buffer == Buffer::input) ||
                           (candidate == Buffer::input && buffer == Buffer::output)))
            continue;
        if (offset + count <= chunks_of(gpu, candidate, p.in_place)) return candidate;
    }
    return buffer;
}

/// The source buffer (or, for steps that only write, the destination) is another one.
std::vector<ProgramMutant> wrong_buffer(const Program& program, int sites) {
    auto changed = [](const Program& p, const StepSite& s, Buffer& buffer) {
        const Step& step = step_of(p, s);
        const Gpu& gpu = p.gpus[static_cast<std::size_t>(s.gpu)];
        if (reads_source(step.type)) {
            buffer = other_buffer(p, gpu, step.src_buffer, step.src_offset, step.count);
            return buffer != step.src_buffer;
        }
        if (writes_destination(step.type)) {
            buffer = other_buffer(p, gpu, step.dst_buffer, step.dst_offset, step.count);
            return buffer != step.dst_buffer;
        }
        return false;
    };
    return mutants(
        program, sites,
        [changed](const Program& p, const StepSite& s) {
            Buffer buffer{};
            return changed(p, s, buffer);
        },
        [changed](Program& p, const StepSite& s) {
            Buffer buffer{};
            changed(p, s, buffer);
            Step& step = step_at(p, s);
            if (reads_source(step.type))
                step.src_buffer = buffer;
            else
                step.dst_buffer = buffer;
        });
}

/// rrc becomes r, rrcs becomes rcs, re becomes cpy: the reduction forgets the partial.
std::vector<ProgramMutant> reduce_as_receive(const Program& program, int sites) {
    return mutants(
        program, sites,
        [](const Program& p, const StepSite& s) {
            const StepType type = step_of(p, s).type;
            return type == StepType::receive_reduce_copy ||
                   type == StepType::receive_reduce_copy_send || type == StepType::reduce;
        },
        [](Program& p, const StepSite& s) {
            Step& step = step_at(p, s);
            step.type = step.type == StepType::receive_reduce_copy ? StepType::receive
                        : step.type == StepType::reduce            ? StepType::copy
                                                                   : StepType::receive_copy_send;
        });
}

/// A `re` written twice: the second adds the same source again.
std::vector<ProgramMutant> duplicate_reduce(const Program& program, int sites) {
    return mutants(
        program, sites,
        [](const Program& p, const StepSite& s) { return step_of(p, s).type == StepType::reduce; },
        [](Program& p, const StepSite& s) {
            auto& steps = block_at(p, s).steps;
            Step copy = steps[static_cast<std::size_t>(s.step)];
            copy.depends_on_block = -1;
            copy.depends_on_step = -1;
            renumber(p, s.gpu, s.block, s.step + 1, 1);
            steps.insert(steps.begin() + s.step + 1, copy);
            for (std::size_t i = 0; i < steps.size(); ++i) steps[i].index = static_cast<int>(i);
        });
}

}  // namespace

const std::vector<ProgramMutationOperator>& program_mutation_operators() {
    static const std::vector<ProgramMutationOperator> operators = {
        {"drop_dependency", "a step no longer waits for the step it depended on", drop_dependency},
        {"drop_send", "a send is left out", drop_send},
        {"shift_offset", "a step reads (or writes) one chunk further on", shift_offset},
        {"swap_steps", "two neighbouring steps of a thread block run in the other order",
         swap_steps},
        {"wrong_buffer", "a step reads (or writes) another buffer", wrong_buffer},
        {"reduce_as_receive", "a reduction stores the incoming value instead of adding it",
         reduce_as_receive},
        {"duplicate_reduce", "a re step is written twice", duplicate_reduce},
    };
    return operators;
}

}  // namespace trivcheck::msccl
