#pragma once
#include <string>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// Reads an execution plan's JSON as the MSCCL++ executor reads it
/// (execution_plan.cc; docs/mscclpp.md, Reading). Throws InputError naming
/// the JSON path for what the executor refuses (an unknown operation name:
/// "MSCCL++ executor: Invalid operation type") or cannot mean anything (an
/// index past its list, a chunk range past its buffer); what the executor
/// ignores becomes one of Plan::warnings. A plan whose run would not fit
/// (plan_run_size.hpp) is refused with ResourceLimit before any of it is
/// made. A plan the single pass reads (plan_single_pass.hpp) needs no JSON
/// document; any other, the document.
Plan parse_plan_json(const std::string& text, const std::string& file_label);

/// parse_plan_json through the JSON document always: the reading every
/// error and warning comes from, and the single pass's reference.
Plan parse_plan_json_document(const std::string& text, const std::string& file_label);

/// Reads the file at `path` with parse_plan_json, the single pass over the
/// mapped file first.
Plan read_plan_file(const std::string& path);

}  // namespace trivcheck::mscclpp
