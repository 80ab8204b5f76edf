#include "checker/formats/file_text.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "checker/core/input_error.hpp"
#include "checker/formats/atomic_file.hpp"

namespace trivcheck {

std::string read_descriptor_text(int descriptor, const std::string& path) {
    // Plain chunked reads: several times faster than a stringstream on large
    // files, and they work for pipes, whose size is unknown.
    std::string text;
    struct stat status {};
    if (::fstat(descriptor, &status) == 0 && S_ISREG(status.st_mode) && status.st_size > 0)
        text.reserve(static_cast<std::size_t>(status.st_size));
    std::vector<char> chunk(std::size_t{1} << 20);
    for (;;) {
        const ssize_t got = ::read(descriptor, chunk.data(), chunk.size());
        if (got == 0) return text;
        if (got < 0) {
            if (errno == EINTR) continue;
            throw InputError(path, "", std::string("cannot read: ") + std::strerror(errno));
        }
        text.append(chunk.data(), static_cast<std::size_t>(got));
    }
}

std::string read_file_text(const std::string& path) {
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (descriptor < 0)
        throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    try {
        std::string text = read_descriptor_text(descriptor, path);
        ::close(descriptor);
        return text;
    } catch (...) {
        ::close(descriptor);
        throw;
    }
}

void write_file_text(
    const std::string& path,
    const std::function<void(std::string& out, const std::function<void(std::string&)>& drain)>&
        produce) {
    AtomicFile file(path);
    const std::function<void(std::string&)> drain = [&](std::string& out) {
        file.write(out);
        out.clear();
    };
    std::string out;
    produce(out, drain);
    drain(out);
    file.commit();
}

void write_file_text(const std::string& path, std::string_view text) {
    AtomicFile file(path);
    file.write(text);
    file.commit();
}

}  // namespace trivcheck
