#include "checker/formats/json_document.hpp"

#include <algorithm>
#include <cstdio>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "checker/core/input_error.hpp"

namespace trivcheck {
namespace {

using json = nlohmann::json;

/// nlohmann's SAX interface, building the same values as its DOM parser while
/// tracking where it is, so that repeated keys and streamed elements can be
/// named and routed.
class DocumentBuilder {
  public:
    DocumentBuilder(const std::string& file, const StreamedElements* streamed)
        : file_(file), streamed_(streamed) {}

    bool null() { return scalar(json(nullptr)); }
    bool boolean(bool value) { return scalar(json(value)); }
    bool number_integer(json::number_integer_t value) { return scalar(json(value)); }
    bool number_unsigned(json::number_unsigned_t value) { return scalar(json(value)); }
    bool number_float(json::number_float_t value, const json::string_t&) {
        return scalar(json(value));
    }
    bool string(json::string_t& value) { return scalar(json(std::move(value))); }
    bool binary(json::binary_t&) { return true; }  // not produced by the text parser
    bool start_object(std::size_t) { return open(json::object()); }
    bool start_array(std::size_t) { return open(json::array()); }
    bool key(json::string_t& key) {
        Frame& frame = frames_.back();
        frame.is_repeat = frame.value->contains(key);
        if (frame.is_repeat && !repeated_key_) repeated_key_ = path_to(key);
        frame.key = std::move(key);
        return true;
    }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(std::size_t byte, const std::string&, const json::exception& error) {
        // nlohmann's message is "[json.exception.parse_error.101] parse error
        // at line 3, column 5: <reason>"; keep the reason, show the position
        // the way compilers do.
        std::string message = error.what();
        int line = 0;
        int column = 0;
        std::size_t at = message.find(" at line ");
        if (at != std::string::npos)
            std::sscanf(message.c_str() + at, " at line %d, column %d", &line, &column);
        std::size_t reason = message.find(": ", at == std::string::npos ? 0 : at);
        std::string detail = reason == std::string::npos ? message : message.substr(reason + 2);
        if (line <= 0) {
            line = 1;
            column = static_cast<int>(byte);
        }
        throw InputError::at_position(file_, line, column, "malformed JSON: " + detail);
    }

    json take_document() {
        if (repeated_key_)
            throw InputError(file_, *repeated_key_, "duplicate field (each field may appear once)");
        return std::move(root_);
    }

  private:
    struct Frame {
        json* value = nullptr;
        /// Objects: the key whose value is being read.
        std::string key;
        bool is_repeat = false;
        /// Arrays: elements begun so far.
        std::size_t elements = 0;
        /// This array's elements go to the sink instead.
        bool is_streamed = false;
    };

    /// Where the next value goes: the root, a new array element, the current
    /// key's slot, a streamed element, or (for a repeated key, already an
    /// error) a discarded slot that keeps the first value intact.
    json* place(json&& value) {
        if (frames_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Frame& parent = frames_.back();
        if (parent.value->is_array()) {
            ++parent.elements;
            if (parent.is_streamed) {
                streamed_element_ = std::move(value);
                return &streamed_element_;
            }
            parent.value->push_back(std::move(value));
            return &parent.value->back();
        }
        if (parent.is_repeat) {
            discarded_.push_back(std::move(value));
            return &discarded_.back();
        }
        json& slot = (*parent.value)[parent.key];
        slot = std::move(value);
        return &slot;
    }

    bool scalar(json&& value) {
        place(std::move(value));
        if (!frames_.empty() && frames_.back().is_streamed) hand_over();
        return true;
    }

    bool open(json&& container) {
        // Streamed arrays sit at <outer_key>[i].<inner_key>: three frames up
        // are the root object, the outer array and the element object.
        const bool is_streamed = streamed_ != nullptr && container.is_array() &&
                                 frames_.size() == 3 && frames_[0].key == streamed_->outer_key &&
                                 !frames_[0].is_repeat && frames_[1].value->is_array() &&
                                 frames_[2].value->is_object() &&
                                 frames_[2].key == streamed_->inner_key && !frames_[2].is_repeat;
        json* value = place(std::move(container));
        frames_.push_back(Frame{value, {}, false, 0, is_streamed});
        return true;
    }

    bool close() {
        frames_.pop_back();
        if (!frames_.empty() && frames_.back().is_streamed) hand_over();
        return true;
    }

    void hand_over() {
        Frame& array = frames_.back();
        streamed_->sink(frames_[1].elements - 1, array.elements - 1, streamed_element_,
                        *array.value, root_);
    }

    std::string path_to(const std::string& key) const {
        std::string path;
        for (const Frame& frame : frames_) {
            if (&frame == &frames_.back()) break;
            if (frame.value->is_array())
                path += "[" + std::to_string(frame.elements - 1) + "]";
            else
                path += (path.empty() ? "" : ".") + frame.key;
        }
        return path + (path.empty() ? "" : ".") + key;
    }

    const std::string& file_;
    const StreamedElements* streamed_;
    json root_;
    json streamed_element_;
    std::vector<Frame> frames_;
    /// Values of repeated keys; a deque so that open frames inside them stay valid.
    std::deque<json> discarded_;
    std::optional<std::string> repeated_key_;
};

}  // namespace

nlohmann::json parse_json_document(const std::string& text, const std::string& file_label,
                                   const StreamedElements* streamed) {
    // nlohmann's lexer takes a NUL byte for the end of the input, so anything
    // after `{...}\0` would be accepted unread; JSON text holds no NUL anywhere.
    if (const std::size_t nul = text.find('\0'); nul != std::string::npos) {
        const std::size_t line_start = text.rfind('\n', nul);
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<long>(nul), '\n');
        const std::size_t column = line_start == std::string::npos ? nul + 1 : nul - line_start;
        throw InputError::at_position(file_label, static_cast<int>(line), static_cast<int>(column),
                                      "malformed JSON: a NUL byte, which JSON text cannot hold");
    }
    DocumentBuilder builder(file_label, streamed);
    json::sax_parse(text, &builder);
    return builder.take_document();
}

}  // namespace trivcheck
