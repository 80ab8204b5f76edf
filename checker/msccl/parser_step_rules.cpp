#include "checker/msccl/parser_step_rules.hpp"

#include <map>

#include "checker/core/program_layout.hpp"

namespace trivcheck::msccl {

namespace {

/// MSCCL_MAX_REDUCE_FUSION (msccl_struct.h): after a thread block's 16th
/// reduction the parser starts a new transmission.
constexpr int max_reduce_fusion = 16;

std::string step_name(int gpu, int block, int step) {
    return "gpu " + std::to_string(gpu) + " tb " + std::to_string(block) + " step " +
           std::to_string(step);
}

/// Applies the rules to one program, copying it on the first change.
class StepRules {
  public:
    explicit StepRules(const Program& program) : original_(program) {}

    ParsedProgram run() {
        for (std::size_t gpu = 0; gpu < original_.gpus.size(); ++gpu) {
            const Gpu& current = original_.gpus[gpu];
            std::map<int, std::size_t> position_of_id;
            for (std::size_t block = 0; block < current.thread_blocks.size(); ++block) {
                position_of_id[current.thread_blocks[block].id] = block;
                drop_nop_signals(gpu, block);
                drop_trailing_waits(gpu, block);
                fuse_reductions(gpu, block);
            }
            remap_waits(gpu, position_of_id);
        }
        return {std::move(changed_), std::move(rules_applied_)};
    }

  private:
    const ThreadBlock& block_of(std::size_t gpu, std::size_t block) const {
        return original_.gpus[gpu].thread_blocks[block];
    }
    Step& writable(std::size_t gpu, std::size_t block, std::size_t step) {
        if (!changed_) changed_ = original_;
        return changed_->gpus[gpu].thread_blocks[block].steps[step];
    }
    bool wait_dropped(std::size_t gpu, std::size_t block, std::size_t step) const {
        return changed_ &&
               changed_->gpus[gpu].thread_blocks[block].steps[step].depends_on_block < 0;
    }
    std::string name(std::size_t gpu, std::size_t block, std::size_t step) const {
        return step_name(original_.gpus[gpu].id, block_of(gpu, block).id, static_cast<int>(step));
    }

    /// A nop is no transmission, so nothing stores its flag (mscclGetAlgoFromXmlFile
    /// keeps hasdep only on transmissions).
    void drop_nop_signals(std::size_t gpu, std::size_t block) {
        const std::vector<Step>& steps = block_of(gpu, block).steps;
        for (std::size_t step = 0; step < steps.size(); ++step)
            if (steps[step].type == StepType::nop && steps[step].signals) {
                writable(gpu, block, step).signals = false;
                rules_applied_.push_back(
                    "nop hasdep dropped: " + name(gpu, block, step) +
                    " is a nop with hasdep=\"1\"; the parser keeps hasdep only on transmissions, "
                    "so nothing signals it (mscclGetAlgoFromXmlFile, msccl_parser.cc)");
            }
    }

    /// Nops after a thread block's last transmission hand their waits to no step.
    void drop_trailing_waits(std::size_t gpu, std::size_t block) {
        const std::vector<Step>& steps = block_of(gpu, block).steps;
        for (std::size_t step = steps.size(); step-- > 0;) {
            if (steps[step].type != StepType::nop) return;
            if (steps[step].depends_on_block < 0) continue;
            Step& written = writable(gpu, block, step);
            written.depends_on_block = -1;
            written.depends_on_step = -1;
            rules_applied_.push_back(
                "trailing nop wait dropped: " + name(gpu, block, step) +
                " is a nop with depid after the thread block's last transmission; the parser "
                "attaches a nop's wait to the next transmission and there is none "
                "(mscclGetAlgoFromXmlFile, msccl_parser.cc)");
        }
    }

    /// Consecutive `re` into one dst chunk from one src buffer are one
    /// transmission with the last step's cnt (mscclGetAlgoFromXmlFile: the
    /// continuation overwrites count; mscclRunInterpreter adds every src at it).
    void fuse_reductions(std::size_t gpu, std::size_t block) {
        const std::vector<Step>& steps = block_of(gpu, block).steps;
        std::vector<std::size_t> group;
        int reductions = 0;  // the parser's numReductions, over the whole thread block
        bool open = false;   // whether the next re may continue the group
        const auto close = [&] {
            if (group.size() > 1) fuse(gpu, block, group);
            group.clear();
            open = false;
        };
        for (std::size_t index = 0; index < steps.size(); ++index) {
            const Step& step = steps[index];
            if (step.type == StepType::nop) continue;  // no transmission: the group stays open
            if (step.type != StepType::reduce) {
                close();
                continue;
            }
            const Step* previous = group.empty() ? nullptr : &steps[group.back()];
            const bool continues = open && previous && previous->dst_buffer == step.dst_buffer &&
                                   previous->dst_offset == step.dst_offset &&
                                   previous->src_buffer == step.src_buffer &&
                                   step.depends_on_block < 0;
            if (!continues) close();
            group.push_back(index);
            ++reductions;
            open = !step.signals && reductions != max_reduce_fusion;
        }
        close();
    }

    void fuse(std::size_t gpu, std::size_t block, const std::vector<std::size_t>& group) {
        const std::vector<Step>& steps = block_of(gpu, block).steps;
        const int count = steps[group.back()].count;
        bool differs = false;
        for (std::size_t index : group) differs = differs || steps[index].count != count;
        if (!differs) return;
        for (std::size_t index : group) writable(gpu, block, index).count = count;
        rules_applied_.push_back(
            "re fused: " + name(gpu, block, group.front()) + ".." + std::to_string(group.back()) +
            " are " + std::to_string(group.size()) +
            " consecutive re into one dst chunk, fused into one reduction with the last "
            "step's cnt " +
            std::to_string(count) +
            " (mscclGetAlgoFromXmlFile, msccl_parser.cc; mscclReduce, msccl_kernel_impl.h)");
    }

    /// The counter mscclRunInterpreter compares deps with counts a
    /// transmission, each nop with a depid and each fused reduction, but not a
    /// nop without depid: a wait is released by the first signalling step at
    /// or after the step whose counter reaches deps.
    void remap_waits(std::size_t gpu, const std::map<int, std::size_t>& position_of_id) {
        const Gpu& current = original_.gpus[gpu];
        std::map<std::size_t, std::vector<int>> step_of_counter;  // per waited block, built once
        for (std::size_t block = 0; block < current.thread_blocks.size(); ++block) {
            const std::vector<Step>& steps = current.thread_blocks[block].steps;
            for (std::size_t index = 0; index < steps.size(); ++index) {
                const Step& step = steps[index];
                if (step.depends_on_block < 0 || wait_dropped(gpu, block, index)) continue;
                const auto waited = position_of_id.find(step.depends_on_block);
                if (waited == position_of_id.end()) continue;
                auto [entry, fresh] = step_of_counter.try_emplace(waited->second);
                if (fresh) entry->second = counted_steps(gpu, waited->second);
                const std::vector<int>& counted = entry->second;
                const int deps = step.depends_on_step;
                const int released_from =
                    deps < static_cast<int>(counted.size())
                        ? counted[static_cast<std::size_t>(std::max(deps, 0))]
                        : static_cast<int>(block_of(gpu, waited->second).steps.size());
                if (released_from == deps) continue;
                writable(gpu, block, index).depends_on_step = released_from;
                rules_applied_.push_back(
                    "step counter skips nops without depid: " + name(gpu, block, index) +
                    " waits for deps=" + std::to_string(deps) + " of tb " +
                    std::to_string(step.depends_on_block) + ", and the counter reaches " +
                    std::to_string(deps) + " at " +
                    (released_from < static_cast<int>(block_of(gpu, waited->second).steps.size())
                         ? "its step " + std::to_string(released_from)
                         : std::string("no step: the wait never ends")) +
                    " (mscclRunInterpreter, msccl_kernel_impl.h)");
            }
        }
    }

    /// Position of the step each counter value belongs to (nops without depid have none).
    std::vector<int> counted_steps(std::size_t gpu, std::size_t block) const {
        std::vector<int> positions;
        const std::vector<Step>& steps = block_of(gpu, block).steps;
        for (std::size_t index = 0; index < steps.size(); ++index)
            if (steps[index].type != StepType::nop || steps[index].depends_on_block >= 0)
                positions.push_back(static_cast<int>(index));
        return positions;
    }

    const Program& original_;
    std::optional<Program> changed_;
    std::vector<std::string> rules_applied_;
};

}  // namespace

ParsedProgram apply_parser_step_rules(const Program& program, Runtime runtime) {
    if (runtime == Runtime::none) return {};
    return StepRules(program).run();
}

// Buffer geometry (parser_step_rules.hpp): the buffers mscclSetupKernel gives the program.

namespace {

/// Input and output chunks a gpu's buffers have, `loop` = nchunksperloop
/// chunks holding count · sizeMultiplier elements; {-1, -1}: not fixed by it.
struct Sizes {
    int input = -1;
    int output = -1;
};

Sizes runtime_sizes(Collective collective, int loop, int gpus) {
    switch (collective) {
        case Collective::allreduce:
        case Collective::alltoall:
        case Collective::broadcast:
        case Collective::reduce:
            return {loop, loop};
        case Collective::allgather:  // count a gpu in, ngpus · count out
            return loop % gpus == 0 ? Sizes{loop / gpus, loop} : Sizes{};
        case Collective::reduce_scatter:
            return loop % gpus == 0 ? Sizes{loop, loop / gpus} : Sizes{};
        case Collective::gather:  // sizeMultiplier 1: count in, ngpus · count out
            return {loop, loop * gpus};
        case Collective::scatter:
            return {loop * gpus, loop};
        default:
            return {};
    }
}

std::string chunks(int count) { return std::to_string(count) + " chunk" + (count == 1 ? "" : "s"); }

}  // namespace

ParsedProgram apply_buffer_geometry(const Program& program, Runtime runtime) {
    ParsedProgram result;
    if (runtime == Runtime::none || program.chunks_per_loop <= 0) return result;
    const Sizes sizes =
        runtime_sizes(program.collective, program.chunks_per_loop, program.gpu_count);
    if (sizes.input < 0) return result;
    const ProgramLayout layout(program);
    Program sized = program;
    int grown = 0;
    int first = -1;
    std::string first_sizes;
    for (Gpu& gpu : sized.gpus) {
        const int input = layout.logical_chunks(gpu.id, Buffer::input);
        const int output = layout.logical_chunks(gpu.id, Buffer::output);
        if (input > sizes.input || output > sizes.output)
            result.rules_applied.push_back(
                "buffer geometry: gpu " + std::to_string(gpu.id) + "'s buffers in the file (" +
                chunks(input) + " in, " + chunks(output) + " out) are larger than the " +
                chunks(sizes.input) + " in and " + chunks(sizes.output) +
                " out that nchunksperloop " + std::to_string(program.chunks_per_loop) +
                " gives them (sizePerMscclChunk, mscclSetupKernel): steps past the end reach "
                "outside the user's buffers");
        if (input >= sizes.input && output >= sizes.output) continue;
        if (first < 0) {
            first = gpu.id;
            first_sizes = chunks(input) + " in, " + chunks(output) + " out";
        }
        ++grown;
        // An in-place alias the file gives as 0 follows what it aliases.
        const bool input_aliased = program.in_place && gpu.input_chunks == 0;
        const bool output_aliased = program.in_place && gpu.output_chunks == 0;
        if (!input_aliased && input < sizes.input) gpu.input_chunks = sizes.input;
        if (!output_aliased && output < sizes.output) gpu.output_chunks = sizes.output;
        if (input_aliased && output < sizes.output && gpu.output_chunks < sizes.output)
            gpu.output_chunks = sizes.output;
        if (output_aliased && input < sizes.input && gpu.input_chunks < sizes.input)
            gpu.input_chunks = sizes.input;
    }
    if (grown == 0) return result;
    result.rules_applied.push_back(
        "buffer geometry: nchunksperloop " + std::to_string(program.chunks_per_loop) +
        " makes a chunk 1/" + std::to_string(program.chunks_per_loop) + " of count · " +
        "sizeMultiplier elements (sizePerMscclChunk, mscclSetupKernel), so each gpu has " +
        chunks(sizes.input) + " in and " + chunks(sizes.output) + " out; the file gives gpu " +
        std::to_string(first) + " " + first_sizes +
        (grown > 1 ? " (and " + std::to_string(grown - 1) + " more gpus less than that)" : "") +
        ": run on the runtime's buffers, the chunks past the file's are never touched");
    result.changed = std::move(sized);
    return result;
}

std::optional<Program> out_of_place_twin(const Program& program, Runtime runtime) {
    if (runtime != Runtime::rccl || !program.in_place || !program.out_of_place.value_or(false))
        return std::nullopt;
    // Out of place, each buffer is its own, as large as the in-place file made it.
    const ProgramLayout layout(program);
    Program twin = program;
    twin.in_place = false;
    for (Gpu& gpu : twin.gpus) {
        gpu.input_chunks = layout.logical_chunks(gpu.id, Buffer::input);
        gpu.output_chunks = layout.logical_chunks(gpu.id, Buffer::output);
    }
    return twin;
}

}  // namespace trivcheck::msccl
