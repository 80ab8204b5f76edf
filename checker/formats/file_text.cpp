#include "checker/formats/file_text.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <vector>

#include "checker/core/input_error.hpp"

namespace trivcheck {

std::string read_file_text(const std::string& path) {
    // Plain chunked reads: several times faster than a stringstream on large
    // files, and they work for pipes, whose size is unknown.
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    std::string text;
    std::error_code size_error;
    const std::uintmax_t size_hint = std::filesystem::file_size(path, size_error);
    if (!size_error) text.reserve(static_cast<std::size_t>(size_hint));
    std::vector<char> chunk(std::size_t{1} << 20);
    while (const std::size_t got = std::fread(chunk.data(), 1, chunk.size(), file.get()))
        text.append(chunk.data(), got);
    if (std::ferror(file.get()))
        throw InputError(path, "", std::string("cannot read: ") + std::strerror(errno));
    return text;
}

void write_file_text(
    const std::string& path,
    const std::function<void(std::string& out, const std::function<void(std::string&)>& drain)>&
        produce) {
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wb"),
                                                         &std::fclose);
    if (!file)
        throw std::runtime_error(path + ": cannot open for writing: " + std::strerror(errno));
    const std::function<void(std::string&)> drain = [&](std::string& out) {
        if (std::fwrite(out.data(), 1, out.size(), file.get()) != out.size())
            throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
        out.clear();
    };
    std::string out;
    produce(out, drain);
    drain(out);
    if (std::fclose(file.release()) != 0)
        throw std::runtime_error(path + ": cannot write: " + std::strerror(errno));
}

}  // namespace trivcheck
