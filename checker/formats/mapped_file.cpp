#include "checker/formats/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "checker/core/input_error.hpp"
#include "checker/formats/file_text.hpp"

namespace trivcheck {

MappedFile::MappedFile(const std::string& path) {
    // One open, one reading: a FIFO or pipe cannot be opened a second time
    // (that would wait for a writer that never comes).
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0)
        throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    struct stat status {};
    if (::fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0) {
        const auto size = static_cast<std::size_t>(status.st_size);
        void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0);
        if (mapping != MAP_FAILED) {
            mapping_ = mapping;
            mapped_size_ = size;
        }
    }
    if (mapping_ != nullptr) {
        ::close(descriptor);
        text_ = std::string_view(static_cast<const char*>(mapping_), mapped_size_);
        return;
    }
    try {
        read_ = read_descriptor_text(descriptor, path);  // names the file in its error
    } catch (...) {
        ::close(descriptor);
        throw;
    }
    ::close(descriptor);
    text_ = read_;
}

MappedFile::~MappedFile() {
    if (mapping_ != nullptr) ::munmap(mapping_, mapped_size_);
}

}  // namespace trivcheck
