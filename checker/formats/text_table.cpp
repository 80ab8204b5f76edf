#include "checker/formats/text_table.hpp"

#include <algorithm>
#include <stdexcept>

namespace trivcheck {

TextTable::TextTable(std::vector<std::string> header, std::size_t gap) : gap_(gap) {
    rows_.push_back(std::move(header));
}

TextTable TextTable::headless(std::size_t columns, std::size_t gap) {
    TextTable table(std::vector<std::string>(columns), gap);
    table.header_shown_ = false;
    return table;
}

void TextTable::add_row(std::vector<std::string> cells) {
    if (cells.size() > rows_.front().size())
        throw std::logic_error("text table row has more cells than the header");
    cells.resize(rows_.front().size());
    rows_.push_back(std::move(cells));
}

std::string TextTable::render() const {
    std::vector<std::size_t> widths(rows_.front().size(), 0);
    for (const auto& row : rows_)
        for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
    std::string text;
    for (std::size_t r = header_shown_ ? 0 : 1; r < rows_.size(); ++r) {
        const auto& row = rows_[r];
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size()) line.append(widths[c] - row[c].size() + gap_, ' ');
        }
        // An empty last cell would leave the padding of the one before it.
        while (!line.empty() && line.back() == ' ') line.pop_back();
        text += line + "\n";
    }
    return text;
}

}  // namespace trivcheck
