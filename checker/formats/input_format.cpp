#include "checker/formats/input_format.hpp"

#include <cstddef>

namespace trivcheck {

namespace {

/// Where the `<!DOCTYPE ...>` at `position` of `text` ends (past its `>`,
/// and past an internal subset in brackets), or npos when it does not.
std::size_t doctype_end(std::string_view text, std::size_t position) {
    const std::size_t close = text.find('>', position);
    const std::size_t subset = text.find('[', position);
    if (subset == std::string_view::npos || subset > close)
        return close == std::string_view::npos ? close : close + 1;
    const std::size_t subset_end = text.find(']', subset);
    if (subset_end == std::string_view::npos) return subset_end;
    const std::size_t end = text.find('>', subset_end);
    return end == std::string_view::npos ? end : end + 1;
}

}  // namespace

bool looks_like_msccl_xml(std::string_view text) {
    // A UTF-8 byte order mark may come first, as XML allows.
    std::size_t position = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (position < text.size()) {
        position = text.find_first_not_of(" \t\r\n", position);
        if (position == std::string_view::npos) return false;
        const std::string_view rest = text.substr(position);
        if (rest.starts_with("<!DOCTYPE")) {
            position = doctype_end(text, position);
            if (position == std::string_view::npos) return false;
            continue;
        }
        if (rest.starts_with("<!--") || rest.starts_with("<?")) {
            const std::string_view close = rest.starts_with("<!--") ? "-->" : "?>";
            const std::size_t end = text.find(close, position);
            if (end == std::string_view::npos) return false;
            position = end + close.size();
            continue;
        }
        return rest.starts_with("<algo") &&
               (rest.size() == 5 ||
                std::string_view(" \t\r\n>/").find(rest[5]) != std::string_view::npos);
    }
    return false;
}

std::optional<InputFormat> input_format_by_name(std::string_view path) {
    if (path.ends_with(".xml")) return InputFormat::msccl_xml;
    if (path.ends_with(".json")) return InputFormat::schedule_json;
    return std::nullopt;
}

InputFormat input_format(std::string_view path, std::string_view text) {
    if (const std::optional<InputFormat> by_name = input_format_by_name(path)) return *by_name;
    return looks_like_msccl_xml(text) ? InputFormat::msccl_xml : InputFormat::schedule_json;
}

}  // namespace trivcheck
