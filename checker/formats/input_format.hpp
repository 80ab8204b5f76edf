#pragma once
#include <optional>
#include <string_view>

namespace trivcheck {

/// What an input file is; every command that reads a file decides it here,
/// the same way (docs/architecture.md).
enum class InputFormat {
    /// trivcheck.schedule/1 JSON: a whole schedule or a rotation orbit.
    schedule_json,
    /// An MSCCL-IR program (XML whose root element is <algo>).
    msccl_xml,
};

/// The format the file's name decides: `.xml` MSCCL-IR, `.json` a schedule;
/// nullopt when only its content can tell.
std::optional<InputFormat> input_format_by_name(std::string_view path);

/// The format of the file at `path` whose text is `text`: by its name where
/// that decides, else by its content (XML with an <algo> root is MSCCL-IR,
/// anything else is read as a schedule and refused there if it is not one).
InputFormat input_format(std::string_view path, std::string_view text);

/// Whether `text` is MSCCL-IR by content: its first element, after a byte
/// order mark, spaces, comments, an XML declaration and a DOCTYPE, is `<algo`.
bool looks_like_msccl_xml(std::string_view text);

}  // namespace trivcheck
