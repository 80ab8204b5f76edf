#pragma once
#include <functional>
#include <string>
#include <string_view>

namespace trivcheck {

/// The whole content of the file at `path` (also a pipe); throws InputError
/// naming the file when it cannot be opened or read.
std::string read_file_text(const std::string& path);

/// The content of the open file `descriptor` (a file, a pipe, a FIFO) from
/// where it stands to its end; the descriptor stays open. Throws InputError
/// naming `path` when it cannot be read.
std::string read_descriptor_text(int descriptor, const std::string& path);

/// Writes the text `produce` appends to its buffer to the file at `path`;
/// produce calls `drain` (which writes and empties the buffer) whenever it
/// likes, and what is left at its end is written too. The file is replaced
/// whole or not at all (atomic_file.hpp): what produce throws, a full disk or
/// a signal leaves an existing file as it was. Throws std::runtime_error
/// naming the path and the system's reason when it cannot.
void write_file_text(
    const std::string& path,
    const std::function<void(std::string& out, const std::function<void(std::string&)>& drain)>&
        produce);

/// write_file_text of a text already made.
void write_file_text(const std::string& path, std::string_view text);

}  // namespace trivcheck
