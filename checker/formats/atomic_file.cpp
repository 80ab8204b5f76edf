#include "checker/formats/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <unordered_set>

namespace trivcheck {

namespace {

/// The file a path names, through its symbolic links as `>` follows them: a
/// link to a file not there yet (a dangling link) names the file to create,
/// so replacing the link itself would cut it from the file it points at and
/// leave that file unwritten. A loop of links is an error (ELOOP), as open(2)
/// makes it.
std::string followed(const std::string& path) {
    constexpr int most_links = 40;  // Linux's MAXSYMLINKS
    std::string current = path;
    for (int links = 0; links <= most_links; ++links) {
        struct stat link {};
        if (::lstat(current.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) return current;
        char target[PATH_MAX];
        const ssize_t length = ::readlink(current.c_str(), target, sizeof target);
        if (length < 0 || static_cast<std::size_t>(length) == sizeof target) return current;
        const std::string_view named(target, static_cast<std::size_t>(length));
        const std::size_t slash = current.rfind('/');
        // A relative target is read from the link's own folder.
        current = named.front() == '/' || slash == std::string::npos
                      ? std::string(named)
                      : current.substr(0, slash + 1) + std::string(named);
    }
    errno = ELOOP;
    throw std::runtime_error(path + ": cannot open for writing: " + std::strerror(errno));
}

/// `.NAME.XXXXXX` in the folder of `path`, the pattern mkstemp fills; NAME
/// cut so that the temporary name is no longer than a name may be (NAME_MAX):
/// a name of 248 to 255 bytes was refused, "File name too long", because its
/// temporary one is 8 bytes longer.
std::string temporary_pattern(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
    constexpr std::size_t added = std::string_view("..XXXXXX").size();
    return folder + "." + name.substr(0, NAME_MAX - added) + ".XXXXXX";
}

/// The mode a new file gets (0666 less the umask), or the one the replaced file had.
mode_t mode_for(const std::string& path) {
    struct stat existing {};
    if (::stat(path.c_str(), &existing) == 0) return existing.st_mode & 07777;
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

/// The temporary files of the AtomicFiles not yet committed or destroyed.
struct UnfinishedFiles {
    std::mutex lock;
    std::unordered_set<std::string> paths;
};

UnfinishedFiles& unfinished_files() {
    static UnfinishedFiles files;
    return files;
}

void add_unfinished(const std::string& temporary) {
    UnfinishedFiles& files = unfinished_files();
    const std::scoped_lock held(files.lock);
    files.paths.insert(temporary);
}

void remove_temporary(const std::string& temporary) {
    UnfinishedFiles& files = unfinished_files();
    const std::scoped_lock held(files.lock);
    files.paths.erase(temporary);
    ::unlink(temporary.c_str());
}

}  // namespace

void remove_unfinished_files() {
    UnfinishedFiles& files = unfinished_files();
    const std::scoped_lock held(files.lock);
    for (const std::string& temporary : files.paths) ::unlink(temporary.c_str());
    files.paths.clear();
}

AtomicFile::AtomicFile(const std::string& path) : path_(followed(path)) {
    struct stat existing {};
    if (::stat(path_.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode)) {
        descriptor_ = ::open(path_.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (descriptor_ < 0) fail("cannot open for writing");
        return;
    }
    const mode_t mode = mode_for(path_);
    temporary_ = temporary_pattern(path_);
    descriptor_ = ::mkostemp(temporary_.data(), O_CLOEXEC);
    if (descriptor_ < 0) {
        temporary_.clear();
        fail("cannot open for writing");
    }
    add_unfinished(temporary_);
    ::fchmod(descriptor_, mode);
}

AtomicFile::~AtomicFile() {
    if (descriptor_ >= 0) ::close(descriptor_);
    if (!temporary_.empty()) remove_temporary(temporary_);
}

void AtomicFile::write(std::string_view text) {
    while (!text.empty()) {
        const ssize_t written = ::write(descriptor_, text.data(), text.size());
        if (written < 0) {
            if (errno == EINTR) continue;
            fail("cannot write");
        }
        text.remove_prefix(static_cast<std::size_t>(written));
    }
}

void AtomicFile::commit() {
    // The data reaches the disk before the name does: after a crash the path
    // holds the old file or the whole new one.
    if (!temporary_.empty() && ::fsync(descriptor_) != 0) fail("cannot write");
    const int descriptor = descriptor_;
    descriptor_ = -1;
    if (::close(descriptor) != 0) fail("cannot write");
    if (temporary_.empty()) return;
    {
        // Renamed under the lock, so an interrupt never removes it half way.
        UnfinishedFiles& files = unfinished_files();
        const std::scoped_lock held(files.lock);
        if (std::rename(temporary_.c_str(), path_.c_str()) != 0) fail("cannot write");
        files.paths.erase(temporary_);
    }
    temporary_.clear();
}

void AtomicFile::fail(const char* what) const {
    throw std::runtime_error(path_ + ": " + what + ": " + std::strerror(errno));
}

}  // namespace trivcheck
