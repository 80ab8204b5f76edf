#include "checker/formats/xml_text.hpp"

namespace trivcheck {

namespace {

constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD

/// The length of the valid UTF-8 sequence at the start of `text`, 0 if none
/// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF, cut short).
std::size_t sequence_length(std::string_view text) {
    const auto byte = [&](std::size_t index) { return static_cast<unsigned char>(text[index]); };
    const unsigned char lead = byte(0);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char least = 0x80, most = 0xBF;  // bounds of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) least = 0xA0;  // no overlong forms
        if (lead == 0xED) most = 0x9F;   // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) least = 0x90;
        if (lead == 0xF4) most = 0x8F;  // nothing past U+10FFFF
    } else {
        return 0;
    }
    if (text.size() < length || byte(1) < least || byte(1) > most) return 0;
    for (std::size_t index = 2; index < length; ++index)
        if (byte(index) < 0x80 || byte(index) > 0xBF) return 0;
    return length;
}

bool allowed_in_xml(unsigned char byte) {
    return byte >= 0x20 || byte == '\t' || byte == '\n' || byte == '\r';
}

}  // namespace

std::string xml_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    while (!text.empty()) {
        const std::size_t length = sequence_length(text);
        if (length == 0 || (length == 1 && !allowed_in_xml(static_cast<unsigned char>(text[0])))) {
            out += replacement;
            text.remove_prefix(1);
            continue;
        }
        out += text.substr(0, length);
        text.remove_prefix(length);
    }
    return out;
}

}  // namespace trivcheck
