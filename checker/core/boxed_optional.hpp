#pragma once
#include <memory>

namespace trivcheck {

/// An optional value kept on the heap: absent, it costs one pointer, where
/// std::optional would hold the value's room in every object. For a large
/// field that few of millions of objects have (an MSCCL++ pipeline's
/// operations). Copied deeply and compared by value, like std::optional; T
/// may be incomplete where the field is declared.
template <typename T>
class BoxedOptional {
  public:
    BoxedOptional() noexcept = default;
    BoxedOptional(const BoxedOptional& other)
        : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
    BoxedOptional(BoxedOptional&&) noexcept = default;
    BoxedOptional& operator=(const BoxedOptional& other) {
        if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
        return *this;
    }
    BoxedOptional& operator=(BoxedOptional&&) noexcept = default;
    ~BoxedOptional() = default;

    bool has_value() const noexcept { return value_ != nullptr; }
    explicit operator bool() const noexcept { return has_value(); }
    T& operator*() noexcept { return *value_; }
    const T& operator*() const noexcept { return *value_; }
    T* operator->() noexcept { return value_.get(); }
    const T* operator->() const noexcept { return value_.get(); }
    /// A default value in place of any held one.
    T& emplace() {
        value_ = std::make_unique<T>();
        return *value_;
    }

    friend bool operator==(const BoxedOptional& a, const BoxedOptional& b) {
        if (!a.value_ || !b.value_) return !a.value_ && !b.value_;
        return *a.value_ == *b.value_;
    }

  private:
    std::unique_ptr<T> value_;
};

}  // namespace trivcheck
