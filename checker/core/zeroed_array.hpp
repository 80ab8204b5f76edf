#pragma once
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>

namespace trivcheck {

/// A fixed number of elements that start as all-zero bytes, from calloc:
/// a large one comes straight from the kernel's zero pages, touched (and
/// cleared by the kernel) only where and when an element is first written.
/// A std::vector of the same size writes every element at once: the
/// MSCCL++ run's per-cell histories and values (200 MB at 1,024 ranks) were
/// cleared in one go before the first step was tracked, while the run
/// waited for it. For elements whose empty state is all zero bytes.
template <typename T>
class ZeroedArray {
    static_assert(std::is_trivially_copyable_v<T>, "copied by memcpy, made by calloc");

  public:
    ZeroedArray() = default;
    explicit ZeroedArray(std::size_t size) : size_(size) {
        if (size == 0) return;
        elements_.reset(static_cast<T*>(std::calloc(size, sizeof(T))));
        if (!elements_) throw std::bad_alloc();
    }
    ZeroedArray(const ZeroedArray& other) : ZeroedArray(other.size_) {
        if (size_ > 0) std::memcpy(elements_.get(), other.elements_.get(), size_ * sizeof(T));
    }
    ZeroedArray(ZeroedArray&&) noexcept = default;
    ZeroedArray& operator=(const ZeroedArray& other) {
        if (this != &other) *this = ZeroedArray(other);
        return *this;
    }
    ZeroedArray& operator=(ZeroedArray&&) noexcept = default;

    std::size_t size() const { return size_; }
    T& operator[](std::size_t at) { return elements_[at]; }
    const T& operator[](std::size_t at) const { return elements_[at]; }

  private:
    struct Free {
        void operator()(T* elements) const { std::free(elements); }
    };
    std::size_t size_ = 0;
    std::unique_ptr<T[], Free> elements_;
};

}  // namespace trivcheck
