#pragma once
#include <string>

#include "models/msccl_program.hpp"

namespace trivcheck {

/// The program as MSCCL-IR XML, in the layout of MSCCLang's files: `<algo>`
/// with name, proto, nchannels, nchunksperloop, ngpus, coll, inplace,
/// outofplace (and minBytes, maxBytes when set), one `<gpu>` per line group,
/// `<tb>`, then one `<step>` per line with every attribute. Deterministic:
/// the text depends only on the program.
std::string write_msccl_xml(const msccl::Program& program);

/// Writes write_msccl_xml(program) to `path`; throws std::runtime_error naming
/// the path and the system's reason when it cannot.
void write_msccl_file(const msccl::Program& program, const std::string& path);

}  // namespace trivcheck
