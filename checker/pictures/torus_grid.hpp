#pragma once
#include <algorithm>
#include <stdexcept>

#include "models/schedule.hpp"

namespace trivcheck {

/// Where the torus pictures (torus_svg.hpp) put the ranks of a 2D torus a×b:
/// column x = rank mod a, row y = rank div a, `spacing` apart.
class TorusGrid {
  public:
    struct Point {
        double x;
        double y;
    };

    /// Throws std::invalid_argument unless `topology` is a 2D torus.
    explicit TorusGrid(const Topology& topology, double left, double top) : left_(left), top_(top) {
        if (topology.kind != TopologyKind::torus || topology.dims.size() != 2)
            throw std::invalid_argument("torus pictures need a 2D torus, not " +
                                        topology.describe());
        columns_ = topology.dims[0];
        rows_ = topology.dims[1];
        spacing_ = std::clamp(600.0 / std::max(columns_, rows_), 16.0, 90.0);
    }

    int columns() const { return columns_; }
    int rows() const { return rows_; }
    double spacing() const { return spacing_; }
    int column(int rank) const { return rank % columns_; }
    int row(int rank) const { return rank / columns_; }
    Point at(int rank) const { return at(column(rank), row(rank)); }
    Point at(double column, double row) const {
        return {left_ + column * spacing_, top_ + row * spacing_};
    }
    /// Edges of the grid: the first and last ranks' centres.
    double left() const { return left_; }
    double top() const { return top_; }
    double right() const { return left_ + (columns_ - 1) * spacing_; }
    double bottom() const { return top_ + (rows_ - 1) * spacing_; }

  private:
    double left_;
    double top_;
    int columns_ = 0;
    int rows_ = 0;
    double spacing_ = 0;
};

}  // namespace trivcheck
