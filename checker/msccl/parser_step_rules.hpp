#pragma once
#include <optional>
#include <string>
#include <vector>

#include "models/msccl_program.hpp"

namespace trivcheck::msccl {

/// A program as the runtime's parser turns its steps into transmissions
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

}  // namespace trivcheck::msccl
