#pragma once
#include <string>
#include <string_view>

namespace trivcheck {

/// A file written whole or not at all. The text goes to a temporary file
/// beside `path` (`.NAME.XXXXXX` in the same folder, so the rename cannot
/// cross file systems), which commit() flushes to the disk and renames onto
/// `path` in one step. Until then, and if anything fails, is thrown or kills
/// the process, a file already at `path` is untouched; a concurrent writer of
/// the same path leaves one whole file, its own or the other's. A path that
/// is not a regular file (/dev/null, a FIFO, a terminal) is written to
/// directly: it cannot be replaced, and a temporary file beside it would be
/// wrong. A symbolic link is followed as `>` follows it: the file it names is
/// replaced, or made when it is not there yet (a dangling link); a loop of
/// links is refused.
class AtomicFile {
  public:
    /// Throws std::runtime_error "PATH: cannot open for writing: REASON".
    explicit AtomicFile(const std::string& path);
    /// Removes the temporary file unless commit() succeeded.
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /// Throws std::runtime_error "PATH: cannot write: REASON".
    void write(std::string_view text);
    /// Puts the file in place; throws std::runtime_error "PATH: cannot write: REASON".
    void commit();

  private:
    [[noreturn]] void fail(const char* what) const;

    std::string path_;
    std::string temporary_;  // empty when writing to path_ directly
    int descriptor_ = -1;
};

/// Removes the temporary file of every AtomicFile not yet committed, for a
/// process about to end before it could finish them (an interrupt): nothing
/// half-written stays behind. The files named keep what they held.
void remove_unfinished_files();

}  // namespace trivcheck
