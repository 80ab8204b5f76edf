#include "checker/formats/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "checker/formats/file_text.hpp"

namespace trivcheck {

MappedFile::MappedFile(const std::string& path) {
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    struct stat status {};
    if (descriptor >= 0 && ::fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode) &&
        status.st_size > 0) {
        const auto size = static_cast<std::size_t>(status.st_size);
        void* mapping = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0);
        if (mapping != MAP_FAILED) {
            mapping_ = mapping;
            mapped_size_ = size;
        }
    }
    if (descriptor >= 0) ::close(descriptor);
    if (mapping_ != nullptr) {
        text_ = std::string_view(static_cast<const char*>(mapping_), mapped_size_);
    } else {
        read_ = read_file_text(path);  // names the file in its error
        text_ = read_;
    }
}

MappedFile::~MappedFile() {
    if (mapping_ != nullptr) ::munmap(mapping_, mapped_size_);
}

}  // namespace trivcheck
