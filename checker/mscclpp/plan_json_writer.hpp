#pragma once
#include <string>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// `plan` (memory channels only, as plan_from_msccl makes) as execution-plan
/// JSON that execution_plan.cc reads (and
/// parse_plan_json reads back to the same plan): every channel its own
/// `connected_to` entry, each thread block's channels and remote buffers
/// listed in the order its operations first use them. Indented two spaces a
/// level up to compact_plan_operations operations; past them on one line,
/// which the executor reads the same and which is a third of the size (a
/// 1,024-rank Trivance B plan: 928 MB indented).
std::string write_plan_json(const Plan& plan);

/// The operation count past which write_plan_json writes one line.
constexpr long long compact_plan_operations = 100'000;

}  // namespace trivcheck::mscclpp
