#pragma once
#include <optional>
#include <string>
#include <vector>

#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// A program as the runtime runs it: as its parser turns the steps into
/// transmissions (below), and on the buffers its setup gives it
/// (apply_buffer_geometry, further down).
/// As the parser turns its steps into transmissions
/// (RCCL's mscclGetAlgoFromXmlFile in msccl_parser.cc and the step counter of
/// mscclRunInterpreter in msccl_kernel_impl.h; microsoft/msccl's are the same):
/// * a `nop` is no transmission: its `hasdep` is dropped (it never signals),
///   and a run of nops at the end of a thread block waits for nothing;
/// * the step counter a `deps` is compared with skips nops without `depid`,
///   so a wait names the step whose counter is `deps`, not the deps-th step;
/// * consecutive `re` steps into the same dst chunk from the same src buffer,
///   the later without `depid` and the earlier without `hasdep`, are one
///   transmission with the last step's `cnt`.
struct ParsedProgram {
    /// The program as the runtime runs it; empty when the rules change nothing.
    std::optional<Program> changed;
    /// Where a rule changed the program, naming the rule, one line each.
    std::vector<std::string> rules_applied;
};

/// `program` with the parser's step rules applied (above); nothing for Runtime::none.
ParsedProgram apply_parser_step_rules(const Program& program, Runtime runtime);

/// The buffers a runtime gives a program, in chunks (docs/msccl.md, Buffer
/// geometry): RCCL's mscclSetupKernel makes a chunk count · sizeMultiplier /
/// nchunksperloop elements (sizePerMscclChunk, msccl_setup.cc; the parser's
/// sizeMultiplier is ngpus for allgather, reducescatter and alltoall, 1
/// otherwise), so the collective's count · sizeMultiplier elements are
/// `nchunksperloop` chunks, whatever `i_chunks` and `o_chunks` say. Where a
/// gpu's buffer in the file is smaller than that, the program is run on the
/// runtime's buffer (the rest of it is never touched) and a rule line says so;
/// where it is larger, a rule line says the steps past the end reach outside
/// the user's buffer. Nothing for Runtime::none, for `nchunksperloop` 0, and
/// for alltoallv, send, recv and custom (their sizes are arguments of the call).
ParsedProgram apply_buffer_geometry(const Program& program, Runtime runtime);

/// The file used for an out-of-place call as well: RCCL's mscclSelectAlgo
/// runs a file with `outofplace="1"` for out-of-place calls and one with
/// `inplace="1"` for in-place ones (msccl_lifecycle.cc), so a file that says
/// both is run both ways. microsoft/msccl reads only `inplace` (topo.cc,
/// tuning.cc). `program` as the out-of-place call runs it, when it is also one.
std::optional<Program> out_of_place_twin(const Program& program, Runtime runtime);

}  // namespace trivcheck::msccl
