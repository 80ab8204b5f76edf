#pragma once
#include <cstddef>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>

namespace trivcheck {

/// Elements of the arrays at `<outer_key>[i].<inner_key>` of the top-level
/// object (for schedules: `steps[i].transfers`), handed over one by one as
/// each is complete, so that a list of millions never has to exist as JSON
/// values all at once.
struct StreamedElements {
    std::string outer_key;
    std::string inner_key;
    /// Receives the outer index i, the element's index, the element (which it
    /// may move from), the array the element belongs in (push it there to keep
    /// it in the document) and the top-level object as parsed so far (every
    /// field before `outer_key` is complete).
    std::function<void(std::size_t outer_index, std::size_t index, nlohmann::json& element,
                       nlohmann::json& array, const nlohmann::json& root)>
        sink;
};

/// Parses `text` as strict JSON: throws InputError for malformed text (with
/// line and column, `file_label:3:14: malformed JSON: ...`) and for a key that
/// repeats within one object (with its JSON path), which plain nlohmann
/// parsing would silently merge. Linear in the size of the text.
nlohmann::json parse_json_document(const std::string& text, const std::string& file_label,
                                   const StreamedElements* streamed = nullptr);

}  // namespace trivcheck
