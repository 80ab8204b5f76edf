#pragma once
#include <stdexcept>
#include <string>
#include <utility>

namespace trivcheck {

/// Input that cannot mean anything (docs/model.md: malformed file, unknown field,
/// rank or block out of range, self-send): exit code 3, never a violation.
/// what() reads `schedule.json: steps[3].transfers[7].dst: rank 9 out of
/// range [0, 8)`, or `schedule.json:3:14: malformed JSON: ...` when the text
/// itself does not parse and only a position can be named.
struct InputError : std::runtime_error {
    /// `path` is a JSON path such as `steps[3].transfers[7].dst`, or "" for
    /// the whole document; `expected` says what was wrong and what was wanted.
    InputError(std::string file_label, std::string json_path, std::string expected_text)
        : std::runtime_error(compose(file_label, json_path, expected_text)),
          file(std::move(file_label)),
          path(std::move(json_path)),
          expected(std::move(expected_text)) {}

    /// An error located by text position (1-based line and column).
    static InputError at_position(std::string file_label, int line_number, int column_number,
                                  std::string expected_text) {
        InputError error(
            file_label + ":" + std::to_string(line_number) + ":" + std::to_string(column_number),
            expected_text);
        error.file = std::move(file_label);
        error.expected = std::move(expected_text);
        error.line = line_number;
        error.column = column_number;
        return error;
    }

    std::string file;
    std::string path;
    std::string expected;
    /// 1-based position for text-level errors; 0 when the error has a path.
    int line = 0;
    int column = 0;

  private:
    InputError(const std::string& prefix, const std::string& expected_text)
        : std::runtime_error(nul_escaped(prefix + ": " + expected_text)) {}

    /// what() is a C string: a NUL byte from the input (a name "signal\0")
    /// would end the message there, and the user would look for a fault that
    /// is not there. It is written as JSON writes it, `\u0000`.
    static std::string nul_escaped(std::string text) {
        for (std::size_t at = text.find('\0'); at != std::string::npos; at = text.find('\0', at))
            text.replace(at, 1, "\\u0000");
        return text;
    }

    static std::string compose(const std::string& file_label, const std::string& json_path,
                               const std::string& expected_text) {
        std::string message = file_label;
        if (!json_path.empty()) message += (message.empty() ? "" : ": ") + json_path;
        if (!message.empty()) message += ": ";
        return nul_escaped(message + expected_text);
    }
};

}  // namespace trivcheck
