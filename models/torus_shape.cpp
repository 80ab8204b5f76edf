#include "models/torus_shape.hpp"

namespace trivcheck {

TorusShape::TorusShape(std::vector<int> dims) : dims_(std::move(dims)) {
    for (int extent : dims_) {
        strides_.push_back(ranks_);
        ranks_ *= extent;
    }
}

std::vector<int> TorusShape::ranks_at(int dimension, int value) const {
    std::vector<int> ranks;
    ranks.reserve(static_cast<std::size_t>(ranks_ / extent(dimension)));
    for (int rank = 0; rank < ranks_; ++rank)
        if (coordinate(rank, dimension) == value) ranks.push_back(rank);
    return ranks;
}

std::string TorusShape::describe() const {
    std::string text;
    for (std::size_t i = 0; i < dims_.size(); ++i)
        text += (i > 0 ? "x" : "") + std::to_string(dims_[i]);
    return text;
}

}  // namespace trivcheck
