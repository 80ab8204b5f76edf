#pragma once
#include <algorithm>
#include <bit>
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
/// It holds its size only, 4 bytes: the room follows from it (inline up to
/// InlineCapacity, else the power of two at or above), and the heap pointer
/// shares the inline room, stored unaligned, so that a list of 4-byte
/// elements takes no padding to 8 (a plan's ranges and channel lists are
/// 4-byte aligned). Only trivially copyable elements, so that moving between
/// the inline room and the heap is a memcpy; only what the plan's code uses.
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
            clear();
            take(other);
        }
        return *this;
    }
    InlineVector& operator=(std::initializer_list<T> values) {
        clear();
        append(values.begin(), values.size());
        return *this;
    }
    ~InlineVector() { clear(); }

    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    std::size_t capacity() const noexcept { return room_for(size_); }
    /// Whether the elements are on the heap (more than fit inline).
    bool on_heap() const noexcept { return size_ > InlineCapacity; }

    T* data() noexcept { return on_heap() ? heap() : reinterpret_cast<T*>(storage_); }
    const T* data() const noexcept {
        return on_heap() ? heap() : reinterpret_cast<const T*>(storage_);
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
        resize_room(size_ + std::size_t{1});
        data()[size_ - 1] = copy;
    }
    template <typename... Arguments>
    T& emplace_back(Arguments&&... arguments) {
        resize_room(size_ + std::size_t{1});
        return *::new (static_cast<void*>(data() + size_ - 1))
            T(std::forward<Arguments>(arguments)...);
    }
    /// Frees the heap room, if any: the room follows from the size.
    void clear() noexcept {
        if (on_heap()) std::allocator<T>().deallocate(heap(), room_for(size_));
        size_ = 0;
    }

    friend bool operator==(const InlineVector& a, const InlineVector& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

  private:
    /// The room `size` elements live in: inline, or doubled as they grew.
    static std::size_t room_for(std::size_t size) noexcept {
        return size <= InlineCapacity ? InlineCapacity : std::bit_ceil(size);
    }
    T* heap() const noexcept {
        T* pointer;
        std::memcpy(&pointer, storage_, sizeof pointer);
        return pointer;
    }
    void set_heap(T* pointer) noexcept { std::memcpy(storage_, &pointer, sizeof pointer); }

    /// Makes the size `size` (not less than now), moving the elements to a
    /// larger room when the size's room is larger; the new elements are
    /// left for the caller to write.
    void resize_room(std::size_t size) {
        if (size > std::numeric_limits<std::uint32_t>::max())
            throw std::length_error("InlineVector: more than 2^32 - 1 elements");
        const std::size_t room = room_for(size);
        if (room > room_for(size_)) {
            T* moved = std::allocator<T>().allocate(room);
            if (size_ > 0) std::memcpy(static_cast<void*>(moved), data(), size_ * sizeof(T));
            if (on_heap()) std::allocator<T>().deallocate(heap(), room_for(size_));
            set_heap(moved);
        }
        size_ = static_cast<std::uint32_t>(size);
    }
    void append(const T* values, std::size_t count) {
        const std::size_t start = size_;
        resize_room(start + count);
        if (count > 0) std::memcpy(static_cast<void*>(data() + start), values, count * sizeof(T));
    }
    /// Takes `other`'s elements, leaving it empty; `this` holds no heap room.
    void take(InlineVector& other) noexcept {
        std::memcpy(storage_, other.storage_,
                    other.on_heap() ? sizeof(T*) : other.size_ * sizeof(T));
        size_ = other.size_;
        other.size_ = 0;
    }

    /// The inline elements, or the heap room's address.
    alignas(T) unsigned char storage_[std::max(sizeof(T) * InlineCapacity, sizeof(T*))];
    std::uint32_t size_ = 0;
};

}  // namespace trivcheck
