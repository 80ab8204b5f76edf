#pragma once
#include <cstdint>
#include <vector>

namespace trivcheck::msccl {

/// Clock vectors of one width, shared copy-on-write: a snapshot holds a
/// vector instead of copying it, and a holder that changes a shared vector
/// first gets its own copy. Vector 0 is all zeros and never freed.
class SharedClocks {
  public:
    explicit SharedClocks(int width);

    int width() const { return width_; }
    /// Another holder of vector `id`.
    void hold(int id) { ++holders_[id]; }
    /// One holder of `id` lets it go; a vector nobody holds is reused (its
    /// entries stay readable until then). Returns whether nobody holds it now.
    bool release(int id);
    /// `id` made safe to change for one of its holders: `id` itself when that
    /// holder is the only one, else a fresh copy (and the holder's hold moves to it).
    int writable(int id);
    /// Entry-wise maximum of `into` (held by the caller) and `from`; returns
    /// the vector the caller holds afterwards: `into`, `from` itself when it
    /// knows everything `into` does, or a vector of its own.
    int join(int into, int from);
    /// Whether `into` knows everything `from` does (entry-wise at least as large).
    bool covers(int into, int from) const;

    const std::int32_t* entries(int id) const { return entries_.data() + offset(id); }
    std::int32_t* entries(int id) { return entries_.data() + offset(id); }
    /// Vectors allocated at once at most (for the memory figure).
    std::size_t vectors() const { return holders_.size(); }

  private:
    std::size_t offset(int id) const { return static_cast<std::size_t>(id) * width_; }

    int width_;
    std::vector<std::int32_t> entries_;
    std::vector<std::int64_t> holders_;
    std::vector<int> free_;
};

}  // namespace trivcheck::msccl
