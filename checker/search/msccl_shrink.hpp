#pragma once
#include <string>

#include "checker/core/violation_kind.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// A smaller program that still fails the same way, and what finding it took.
struct ProgramShrinkResult {
    Program program;
    /// Candidates checked.
    int tests = 0;
};

/// Delta debugging (checker/search/delta_debugging.hpp) of an MSCCL-IR program
/// whose asynchronous check reports a violation of `kind`: first whole thread
/// blocks, then single steps, are removed while a violation of that kind
/// persists. Waits on a removed thread block are dropped; waits on a removed
/// step wait on the step before it in its thread block (which then
/// signals), or on nothing. Gpus stay (their ids and buffers are the
/// program's frame). Every candidate is written and read back, so only
/// programs the reader accepts are kept.
ProgramShrinkResult shrink_program(const Program& program, ViolationKind kind);

/// "4 gpus, 3 thread blocks, 6 steps": a program's size, as shrink reports it.
std::string program_size(const Program& program);

}  // namespace trivcheck::msccl
