#include "cli/standard_output.hpp"

#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <streambuf>

#include "checker/core/exit_code.hpp"

namespace trivcheck::cli {

namespace {

/// A stream buffer on file descriptor 1 that keeps the first write error.
class CheckedBuffer : public std::streambuf {
  public:
    CheckedBuffer() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

    /// errno of the first write that failed; 0 when none did.
    int error() const { return error_; }

  protected:
    int_type overflow(int_type character) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(character, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(character);
            pbump(1);
        }
        return traits_type::not_eof(character);
    }

    std::streamsize xsputn(const char* text, std::streamsize count) override {
        if (count > epptr() - pptr()) {
            // Larger than the room left: empty the buffer, then write it directly.
            if (!drain()) return 0;
            if (count >= static_cast<std::streamsize>(buffer_.size()))
                return write_all(text, static_cast<std::size_t>(count)) ? count : 0;
        }
        std::memcpy(pptr(), text, static_cast<std::size_t>(count));
        pbump(static_cast<int>(count));
        return count;
    }

    int sync() override { return drain() ? 0 : -1; }

  private:
    bool drain() {
        const bool written = write_all(pbase(), static_cast<std::size_t>(pptr() - pbase()));
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        return written;
    }

    bool write_all(const char* text, std::size_t size) {
        if (error_ != 0) return false;  // what came after a lost piece is not output either
        while (size > 0) {
            const ssize_t written = ::write(STDOUT_FILENO, text, size);
            if (written < 0) {
                if (errno == EINTR) continue;
                error_ = errno;
                return false;
            }
            text += written;
            size -= static_cast<std::size_t>(written);
        }
        return true;
    }

    std::array<char, std::size_t{1} << 16> buffer_{};
    int error_ = 0;
};

}  // namespace

int run_with_checked_standard_output(const std::function<int()>& command) {
    CheckedBuffer buffer;
    std::streambuf* const previous = std::cout.rdbuf(&buffer);
    int exit_code = 0;
    try {
        exit_code = command();
    } catch (...) {
        std::cout.flush();
        std::cout.rdbuf(previous);
        throw;
    }
    std::cout.flush();
    std::cout.rdbuf(previous);
    if (buffer.error() == 0) return exit_code;
    std::cerr << "error: standard output: " << std::strerror(buffer.error()) << "\n";
    return exit_input_error;
}

}  // namespace trivcheck::cli
