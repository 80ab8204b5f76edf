#pragma once
#include <array>
#include <cstddef>
#include <string_view>

namespace trivcheck {

/// A `<step>` element written as MSCCL-IR tools write it (trivcheck's export,
/// MSCCLang, RCCL's files): after optional spaces and line breaks,
/// `<step s="…" type="…" srcbuf="…" srcoff="…" dstbuf="…" dstoff="…" cnt="…"
/// depid="…" deps="…" hasdep="…"/>`, attributes in that order, one space
/// apart, each value made of letters, digits and '-' only. For such an
/// element PlainXmlScanner gives the same attributes; the reader takes this
/// shortcut only where the text is exactly so, and reads anything else the
/// general way.
struct CanonicalStep {
    static constexpr std::array<std::string_view, 10> names = {
        "s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid", "deps", "hasdep"};
    /// The values, in the order of `names`.
    std::array<std::string_view, 10> values;
    /// Characters of the text the element took, leading space included; 0: not canonical.
    std::size_t length = 0;
};

/// The canonical step at the start of `text`, or one with length 0.
CanonicalStep scan_canonical_step(std::string_view text);

}  // namespace trivcheck
