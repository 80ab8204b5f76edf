#pragma once
#include <string>
#include <vector>

namespace trivcheck {

/// A plain-text table whose every column is as wide as its widest value,
/// header included, with `gap` spaces between columns, so no two values
/// touch whatever their length (n = 10^6 prints 7-digit ranks). Widths
/// count characters, not bytes (Θ is one column). Cells are left-aligned;
/// the last column is not padded, so no line ends in spaces.
class TextTable {
  public:
    explicit TextTable(std::vector<std::string> header, std::size_t gap = 2);
    /// A table of `columns` columns without a header line.
    static TextTable headless(std::size_t columns, std::size_t gap = 2);
    /// One row; missing cells are empty, extra cells are an error (std::logic_error).
    void add_row(std::vector<std::string> cells);
    /// The header line (unless headless), then every row, each ending in "\n".
    std::string render() const;

    /// render() with `indent` before every line.
    std::string render(const std::string& indent) const;

  private:
    std::vector<std::vector<std::string>> rows_;
    std::size_t gap_;
    bool header_shown_ = true;
};

/// The columns `text` takes on a terminal: its UTF-8 characters.
std::size_t display_width(const std::string& text);

/// `text` followed by spaces up to `width` display columns (never cut): the one
/// way a column is padded, in TextTable and in the few fixed-width lines.
std::string pad_right(std::string text, std::size_t width);

}  // namespace trivcheck
