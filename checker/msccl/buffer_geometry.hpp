#pragma once
#include "checker/msccl/parser_step_rules.hpp"

namespace trivcheck::msccl {

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
