#pragma once
#include <string>

#include "checker/core/expected_outputs.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck {

/// Reads `check --expect FILE`'s postcondition (docs/msccl.md, "--expect"):
/// `{"gpus": [{"id": 0, "output": [[{"gpu": 1, "chunk": 0}], null, ...]}]}`,
/// checked against `program` (gpu ids, output chunks per gpu, input chunks of
/// each contribution, a contribution at most once per chunk). Throws
/// InputError naming `file_label` and the JSON path of what is wrong.
msccl::ExpectedOutputs parse_expected_outputs(const std::string& text,
                                              const std::string& file_label,
                                              const msccl::Program& program);

/// The same from a file.
msccl::ExpectedOutputs read_expected_outputs_file(const std::string& path,
                                                  const msccl::Program& program);

}  // namespace trivcheck
