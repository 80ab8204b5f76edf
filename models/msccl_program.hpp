#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

/// An MSCCL-IR program (`<algo> <gpu> <tb> <step>`), as plain data: what the
/// MSCCL executor of RCCL and of the MSCCL fork of NCCL loads. Readers fill it
/// (checker/formats/msccl_xml_reader), exporters build it from a schedule,
/// the asynchronous executor (checker/msccl/) runs it. Indices in the
/// vectors are positions in the file, so error paths can name them
/// (`gpu[3]/tb[5]/step[12]`).
namespace trivcheck::msccl {

/// The collectives of `<algo coll=...>`: every one RCCL's parser selects a
/// kernel for, and MSCCLang's `custom` (docs/msccl.md, Collectives).
enum class Collective {
    allreduce,
    allgather,
    reduce_scatter,
    alltoall,
    broadcast,
    reduce,
    gather,
    scatter,
    alltoallv,
    send,
    recv,
    custom,
};

/// How `inplace="1"` lays a gpu's input and output over one another, as RCCL
/// decides in place (msccl_lifecycle.cc): one buffer (sendbuff == recvbuff);
/// the input inside the output at gpu g's part (allgather, gather); the
/// output inside the input at gpu g's part (reducescatter, scatter).
enum class InPlaceLayout { one_buffer, input_in_output, output_in_input };

/// `i`, `o`, `s`: a gpu's input, output and scratch buffers.
enum class Buffer : std::uint8_t { input, output, scratch };

/// `type` of a step. Names spell out the XML's abbreviations: `rrcs` is
/// receive_reduce_copy_send.
enum class StepType : std::uint8_t {
    send,                      // s
    receive,                   // r
    receive_copy_send,         // rcs
    receive_reduce_send,       // rrs
    receive_reduce_copy,       // rrc
    receive_reduce_copy_send,  // rrcs
    copy,                      // cpy
    reduce,                    // re
    nop,                       // nop
};

/// One `<step>`: touches chunks [offset, offset + count) of its buffers.
struct Step {
    // The integers first, then the bytes: 28 bytes a step, not 36 (a large
    // program keeps millions).
    int index = 0;  // `s`
    int src_offset = 0;
    int dst_offset = 0;
    int count = 1;
    /// `depid`, `deps`: wait until thread block `depends_on_block` of the same
    /// gpu has completed its step `depends_on_step`; -1: no wait.
    int depends_on_block = -1;
    int depends_on_step = -1;
    StepType type = StepType::nop;
    Buffer src_buffer = Buffer::input;
    Buffer dst_buffer = Buffer::input;
    /// `hasdep`: the runtime signals completion of this step to its waiters.
    bool signals = false;
};
static_assert(sizeof(Step) == 28);

/// One `<tb>`: sends only to gpu `send_peer`, receives only from `receive_peer`
/// (-1: none), on `channel`.
struct ThreadBlock {
    int id = 0;
    int send_peer = -1;
    int receive_peer = -1;
    int channel = 0;
    std::vector<Step> steps;
};

/// One `<gpu>`: buffer sizes in chunks and its thread blocks.
struct Gpu {
    int id = 0;
    int input_chunks = 0;
    int output_chunks = 0;
    int scratch_chunks = 0;
    std::vector<ThreadBlock> thread_blocks;
};

/// One `<algo>`.
struct Program {
    std::string name;
    Collective collective = Collective::allreduce;
    /// `coll` as written, for messages (reducescatter or reduce_scatter).
    std::string collective_spelling;
    bool in_place = false;
    /// `outofplace`, when the file gives it (informational: the runtime may
    /// also run an in-place file out of place; trivcheck checks `inplace`).
    std::optional<bool> out_of_place;
    int gpu_count = 0;        // `ngpus`
    int chunks_per_loop = 0;  // `nchunksperloop`
    std::string protocol;     // `proto`: Simple, LL, LL128
    int channels = 0;         // `nchannels`
    std::optional<std::int64_t> min_bytes;
    /// `maxBytes`; 0 means no upper bound, as RCCL reads it.
    std::optional<std::int64_t> max_bytes;
    std::vector<Gpu> gpus;
    /// What reading the file ignored or read otherwise than written
    /// (docs/msccl.md, Reading), one line each, naming the file and the element path.
    std::vector<std::string> warnings;
};

}  // namespace trivcheck::msccl

namespace trivcheck::msccl {

/// `s`, `r`, `rcs`, ... as the XML spells a step type.
const char* spelling(StepType type);
/// `i`, `o`, `s`.
const char* spelling(Buffer buffer);
/// `allreduce`, `allgather`, `reduce_scatter`, `alltoall`, `broadcast`, ...,
/// as trivcheck names the collective (the XML may also spell reduce-scatter
/// `reducescatter`, as RCCL does).
const char* spelling(Collective collective);

/// Where an in-place program of `collective` puts its input and output.
InPlaceLayout in_place_layout(Collective collective);

/// Whether the collective's result depends on a root given at run time
/// (broadcast, reduce, gather, scatter).
constexpr bool has_root(Collective collective) {
    return collective == Collective::broadcast || collective == Collective::reduce ||
           collective == Collective::gather || collective == Collective::scatter;
}

/// Whether a step of `type` takes a message from its thread block's receive peer.
constexpr bool step_receives(StepType type) {
    return type == StepType::receive || type == StepType::receive_copy_send ||
           type == StepType::receive_reduce_send || type == StepType::receive_reduce_copy ||
           type == StepType::receive_reduce_copy_send;
}

/// Whether a step of `type` sends a message to its thread block's send peer.
constexpr bool step_sends(StepType type) {
    return type == StepType::send || type == StepType::receive_copy_send ||
           type == StepType::receive_reduce_send || type == StepType::receive_reduce_copy_send;
}

/// Whether a step of `type` reads chunks [srcoff, srcoff + cnt) of its src buffer.
constexpr bool step_reads_source(StepType type) {
    return type == StepType::send || type == StepType::receive_reduce_send ||
           type == StepType::receive_reduce_copy || type == StepType::receive_reduce_copy_send ||
           type == StepType::copy || type == StepType::reduce;
}

/// Whether a step of `type` writes chunks [dstoff, dstoff + cnt) of its dst buffer.
constexpr bool step_writes_destination(StepType type) {
    return type == StepType::receive || type == StepType::receive_copy_send ||
           type == StepType::receive_reduce_copy || type == StepType::receive_reduce_copy_send ||
           type == StepType::copy || type == StepType::reduce;
}

/// Whether a step of `type` adds two values (a receive and src, or src and dst).
constexpr bool step_reduces(StepType type) {
    return type == StepType::receive_reduce_send || type == StepType::receive_reduce_copy ||
           type == StepType::receive_reduce_copy_send || type == StepType::reduce;
}

/// Whether a step of `type` is one of the "full ops" (`rcs`, `rrs`, `rrc`,
/// `rrcs`) that RCCL's kernel build no longer runs.
constexpr bool step_is_full_op(StepType type) {
    return type == StepType::receive_copy_send || type == StepType::receive_reduce_send ||
           type == StepType::receive_reduce_copy || type == StepType::receive_reduce_copy_send;
}

/// The runtime an MSCCL-IR program is judged against (`check --runtime`) or
/// exported for (`gen --runtime`): none (the semantics of docs/msccl.md
/// alone), RCCL's MSCCL executor, or microsoft/msccl (the NCCL fork).
enum class Runtime : std::uint8_t { none, rccl, msccl };

/// `none`, `rccl`, `msccl`.
const char* spelling(Runtime runtime);

/// What one runtime's parser and launch accept (docs/msccl.md, Runtimes),
/// each number from the source named in `source`.
struct RuntimeRules {
    Runtime runtime = Runtime::rccl;
    /// The source the numbers come from (repository and commit).
    const char* source = "";
    /// MSCCL_MAX_NUM_STEPS: every `s` below it, and at most that many steps a thread block.
    int max_steps_per_thread_block = 0;
    /// MSCCL_MAX_NUM_THREAD_BLOCKS: every `<tb id>` below it.
    int max_thread_blocks = 0;
    /// MSCCL_MAX_COUNT: `cnt` below it on every step but `nop`.
    int count_limit = 0;
    /// MSCCL_MAX_NUM_THREAD_BLOCKS_PER_CHANNEL: sending (receiving) thread blocks of a gpu on one
    /// channel.
    int max_blocks_per_channel = 0;
    /// Whether `rcs`, `rrs`, `rrc`, `rrcs` run (RCCL: refused at launch, msccl_setup.cc).
    bool full_ops = false;
    /// Whether `minBytes`, `maxBytes` and `outofplace` must be given (RCCL's
    /// parser reads them with mscclXmlGetAttrInt64/Int, which fail when absent).
    bool byte_range_required = false;
};

/// The rules of `runtime` (rccl or msccl; none has no rules).
const RuntimeRules& rules_of(Runtime runtime);

}  // namespace trivcheck::msccl
