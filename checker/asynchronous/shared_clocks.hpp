#pragma once
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

#include "checker/asynchronous/clock_entries.hpp"

namespace trivcheck::msccl {

/// Clock vectors of one width, shared copy-on-write: a snapshot holds a
/// vector instead of copying it, and a holder that changes a shared vector
/// first gets its own copy. Vector 0 is all zeros and never freed. Vectors
/// are kept in pages that double in size, so that growing never copies (nor
/// touches again) the vectors already made.
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
    /// knows everything `into` does, a vector with the same entries made
    /// apart, or a vector of its own.
    int join(int into, int from);
    /// `id` (held by the caller, just changed), or a vector with the same
    /// entries made apart from it, which the caller then holds instead: equal
    /// vectors are kept once (found by a hash of their entries).
    int deduplicate(int id);
    /// Which of the two knows everything the other does (entry-wise at least as large).
    ClockOrder compare(int first, int second) const;

    const std::int32_t* entries(int id) const { return locate(id); }
    std::int32_t* entries(int id) { return locate(id); }
    /// Vectors allocated at once at most (for the memory figure).
    std::size_t vectors() const { return holders_.size(); }

  private:
    /// Vectors in page 0; page p holds first_page << p of them.
    static constexpr unsigned first_page = 4;
    std::int32_t* locate(int id) const {
        const unsigned slot = static_cast<unsigned>(id) / first_page + 1;
        const int page = std::bit_width(slot) - 1;
        const unsigned within = static_cast<unsigned>(id) - first_page * ((1u << page) - 1);
        return pages_[page].get() + static_cast<std::size_t>(within) * width_;
    }

    int width_;
    std::vector<std::unique_ptr<std::int32_t[]>> pages_;
    std::vector<std::int64_t> holders_;
    std::vector<int> free_;
    /// Vectors filed by the hash of their entries, to be found by
    /// `deduplicate`: open addressing over vector ids (-1: empty slot). A
    /// vector leaves the file when it is freed or about to change in place
    /// (its `filed_hash_` becomes 0); its slot is reused by the next vector
    /// filed along the same probe, and growing keeps only filed vectors, so
    /// the table stays about the size of the vectors alive.
    std::vector<int> table_;
    std::size_t table_used_ = 0;
    std::vector<std::uint64_t> filed_hash_;  // per vector id; 0: not filed
    bool filed(int id) const { return filed_hash_[id] != 0; }
    void unfile(int id) { filed_hash_[id] = 0; }
    void file(int id, std::uint64_t hash);
};

}  // namespace trivcheck::msccl
