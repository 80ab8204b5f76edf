#pragma once
#include <functional>
#include <string>

namespace trivcheck {

/// The whole content of the file at `path` (also a pipe); throws InputError
/// naming the file when it cannot be opened or read.
std::string read_file_text(const std::string& path);

/// Writes the text `produce` appends to its buffer to the file at `path`;
/// produce calls `drain` (which writes and empties the buffer) whenever it
/// likes, and what is left at its end is written too. Throws
/// std::runtime_error naming the path and the system's reason when it cannot.
void write_file_text(
    const std::string& path,
    const std::function<void(std::string& out, const std::function<void(std::string&)>& drain)>&
        produce);

}  // namespace trivcheck
