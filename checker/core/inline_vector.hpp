#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>

namespace trivcheck {

/// A vector that keeps up to `InlineCapacity` elements inside itself and
/// moves to the heap only beyond: an MSCCL++ plan holds millions of
/// operations, nearly all with one or two ranges, channels or semaphores, and
/// a std::vector each cost a heap allocation apiece (4.4 million for a
/// 1,024-rank plan) and 24 bytes besides the elements.
///
/// Only trivially copyable elements, so that moving between the inline room
/// and the heap is a memcpy; only what the plan's code uses.
template <typename T, std::uint32_t InlineCapacity>
class InlineVector {
    static_assert(std::is_trivially_copyable_v<T>, "elements move by memcpy");
    static_assert(InlineCapacity > 0, "room for one element inline at least");

  public:
    using value_type = T;
    using size_type = std::size_t;
    using iterator = T*;
    using const_iterator = const T*;
    using reference = T&;
    using const_reference = const T&;

    InlineVector() noexcept {}
    InlineVector(std::initializer_list<T> values) { append(values.begin(), values.size()); }
    InlineVector(const InlineVector& other) { append(other.data(), other.size()); }
    InlineVector(InlineVector&& other) noexcept { take(other); }
    InlineVector& operator=(const InlineVector& other) {
        if (this != &other) {
            clear();
            append(other.data(), other.size());
        }
        return *this;
    }
    InlineVector& operator=(InlineVector&& other) noexcept {
        if (this != &other) {
            release();
            take(other);
        }
        return *this;
    }
    InlineVector& operator=(std::initializer_list<T> values) {
        clear();
        append(values.begin(), values.size());
        return *this;
    }
    ~InlineVector() { release(); }

    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t capacity() const noexcept { return capacity_; }
    /// Whether the elements are on the heap (more than ever fitted inline).
    bool on_heap() const noexcept { return capacity_ > InlineCapacity; }

    T* data() noexcept { return on_heap() ? heap_ : reinterpret_cast<T*>(inline_); }
    const T* data() const noexcept {
        return on_heap() ? heap_ : reinterpret_cast<const T*>(inline_);
    }
    T* begin() noexcept { return data(); }
    T* end() noexcept { return data() + size_; }
    const T* begin() const noexcept { return data(); }
    const T* end() const noexcept { return data() + size_; }
    T& operator[](std::size_t position) noexcept { return data()[position]; }
    const T& operator[](std::size_t position) const noexcept { return data()[position]; }
    T& front() noexcept { return data()[0]; }
    const T& front() const noexcept { return data()[0]; }
    T& back() noexcept { return data()[size_ - 1]; }
    const T& back() const noexcept { return data()[size_ - 1]; }

    void push_back(const T& value) {
        // A copy first: `value` may be an element, which growing moves.
        const T copy = value;
        reserve(size_ + std::size_t{1});
        data()[size_++] = copy;
    }
    template <typename... Arguments>
    T& emplace_back(Arguments&&... arguments) {
        reserve(size_ + std::size_t{1});
        T* slot =
            ::new (static_cast<void*>(data() + size_)) T(std::forward<Arguments>(arguments)...);
        ++size_;
        return *slot;
    }
    /// Keeps the room: a cleared list is usually refilled.
    void clear() noexcept { size_ = 0; }
    /// Room for `count` elements, growing at least twofold so that appending
    /// one at a time stays linear.
    void reserve(std::size_t count) {
        if (count <= capacity_) return;
        if (count > std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("InlineVector: more than 2^32 - 1 elements");
        const std::size_t grown = std::max<std::size_t>(count, std::size_t{2} * capacity_);
        const auto room = static_cast<std::uint32_t>(
            std::min<std::size_t>(grown, std::numeric_limits<std::uint32_t>::max()));
        T* moved = std::allocator<T>().allocate(room);
        if (size_ > 0) std::memcpy(static_cast<void*>(moved), data(), size_ * sizeof(T));
        release();
        heap_ = moved;
        capacity_ = room;
    }

    friend bool operator==(const InlineVector& a, const InlineVector& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

  private:
    void append(const T* values, std::size_t count) {
        reserve(size_ + count);
        if (count > 0) std::memcpy(static_cast<void*>(data() + size_), values, count * sizeof(T));
        size_ += static_cast<std::uint32_t>(count);
    }
    /// Frees the heap room, if any; leaves the size as it was.
    void release() noexcept {
        if (on_heap()) std::allocator<T>().deallocate(heap_, capacity_);
        capacity_ = InlineCapacity;
    }
    /// Takes `other`'s elements, leaving it empty; `this` holds no heap room.
    void take(InlineVector& other) noexcept {
        if (other.on_heap())
            heap_ = other.heap_;
        else
            std::memcpy(inline_, other.inline_, other.size_ * sizeof(T));
        size_ = other.size_;
        capacity_ = other.capacity_;
        other.size_ = 0;
        other.capacity_ = InlineCapacity;
    }

    union {
        alignas(T) unsigned char inline_[sizeof(T) * InlineCapacity];
        T* heap_;
    };
    std::uint32_t size_ = 0;
    /// InlineCapacity while inline; the heap room's size once there.
    std::uint32_t capacity_ = InlineCapacity;
};

}  // namespace trivcheck
