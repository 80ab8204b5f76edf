#pragma once
#include <string>
#include <string_view>

namespace trivcheck {

/// The content of the file at `path`, mapped into memory when it is a
/// regular file (no copy, and no fresh pages to clear: a 384 MB file costs
/// its page tables only) and read otherwise (pipes, empty files). Throws
/// InputError naming the file when it cannot be opened or read.
class MappedFile {
  public:
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::string_view text() const { return text_; }

  private:
    void* mapping_ = nullptr;
    std::size_t mapped_size_ = 0;
    std::string read_;
    std::string_view text_;
};

}  // namespace trivcheck
