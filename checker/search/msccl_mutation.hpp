#pragma once
#include <string>
#include <vector>

#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// One mistake applied at one step of an MSCCL-IR program.
struct ProgramMutant {
    Program program;
    /// Where: "gpu 2 tb 1 step 5".
    std::string site;
};

/// A mistake an MSCCL-IR author (or a lowering) makes. Each operator returns
/// at most `sites` mutants, spread evenly over every step where the mistake
/// can be made and none elsewhere; every mutant is a program the reader
/// accepts (offsets stay inside their buffers, waits name existing steps).
struct ProgramMutationOperator {
    const char* name;
    const char* mistake;
    std::vector<ProgramMutant> (*mutate)(const Program& program, int sites);
};

/// Every operator, in a stable order: drop_dependency, drop_send,
/// shift_offset, swap_steps, wrong_buffer, reduce_as_receive, duplicate_reduce.
const std::vector<ProgramMutationOperator>& program_mutation_operators();

}  // namespace trivcheck::msccl
