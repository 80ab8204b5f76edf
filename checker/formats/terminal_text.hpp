#pragma once
#include <string>
#include <string_view>

namespace trivcheck {

/// `text` with every control byte but newline and tab (ESC, BEL, CR,
/// backspace, DEL, NUL, ...) written as `\x1b`: a name or message taken from
/// the user's files reaches a terminal as visible characters, never as a
/// command to it. Text without control bytes comes back unchanged, so
/// applying it twice is applying it once.
std::string terminal_text(std::string_view text);

}  // namespace trivcheck
