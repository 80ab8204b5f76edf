#include "checker/msccl/buffer_geometry.hpp"

#include <string>

#include "checker/core/program_layout.hpp"

namespace trivcheck::msccl {

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
