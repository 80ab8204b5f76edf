#pragma once
#include <string>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// `plan` (memory channels only, as plan_from_msccl makes) as execution-plan
/// JSON that execution_plan.cc reads (and
/// parse_plan_json reads back to the same plan): every channel its own
/// `connected_to` entry, each thread block's channels and remote buffers
/// listed in the order its operations first use them.
std::string write_plan_json(const Plan& plan);

}  // namespace trivcheck::mscclpp
