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

std::size_t display_width(const std::string& text) {
    std::size_t columns = 0;
    // Every byte but a UTF-8 continuation byte (10xxxxxx) starts a character.
    for (char c : text) columns += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return columns;
}

std::string pad_right(std::string text, std::size_t width) {
    const std::size_t columns = display_width(text);
    if (columns < width) text.append(width - columns, ' ');
    return text;
}

std::string TextTable::render() const { return render(""); }

std::string TextTable::render(const std::string& indent) const {
    std::vector<std::size_t> widths(rows_.front().size(), 0);
    for (const auto& row : rows_)
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], display_width(row[c]));
    std::string text;
    for (std::size_t r = header_shown_ ? 0 : 1; r < rows_.size(); ++r) {
        const auto& row = rows_[r];
        std::string line = indent;
        for (std::size_t c = 0; c < row.size(); ++c)
            line += c + 1 < row.size() ? pad_right(row[c], widths[c] + gap_) : row[c];
        // An empty last cell would leave the padding of the one before it.
        while (!line.empty() && line.back() == ' ') line.pop_back();
        text += line + "\n";
    }
    return text;
}

}  // namespace trivcheck
