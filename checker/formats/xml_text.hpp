#pragma once
#include <string>
#include <string_view>

namespace trivcheck {

/// `text` as characters an XML 1.0 document may hold: each byte that does not
/// begin a valid UTF-8 sequence, and each control character XML forbids (all
/// below U+0020 but tab, newline and carriage return), becomes U+FFFD. Names
/// and messages in JUnit and other XML output come from the user's files and
/// command line, which may hold any byte; an XML reader refuses the whole
/// document for one such byte.
std::string xml_text(std::string_view text);

}  // namespace trivcheck
