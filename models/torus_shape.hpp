#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace trivcheck {

/// Coordinates on a torus a×b×…: rank (x0, x1, …) is x0 + a·x1 + a·b·x2 + …
/// (docs/model.md, "Tori").
class TorusShape {
  public:
    explicit TorusShape(std::vector<int> dims);

    int dimensions() const { return static_cast<int>(dims_.size()); }
    int extent(int dimension) const { return dims_[static_cast<std::size_t>(dimension)]; }
    int ranks() const { return ranks_; }
    /// How far apart two ranks are that differ by one in `dimension`.
    int stride(int dimension) const { return strides_[static_cast<std::size_t>(dimension)]; }
    int coordinate(int rank, int dimension) const {
        return rank / stride(dimension) % extent(dimension);
    }
    /// The ranks whose coordinate in `dimension` is `value`, ascending: one per
    /// line of that dimension.
    std::vector<int> ranks_at(int dimension, int value) const;
    /// "9x9", "8x8x8".
    std::string describe() const;

  private:
    std::vector<int> dims_;
    std::vector<int> strides_;
    int ranks_ = 1;
};

}  // namespace trivcheck
