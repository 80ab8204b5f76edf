#pragma once
#include <string>

namespace trivcheck {

/// The whole content of the file at `path` (also a pipe); throws InputError
/// naming the file when it cannot be opened or read.
std::string read_file_text(const std::string& path);

}  // namespace trivcheck
