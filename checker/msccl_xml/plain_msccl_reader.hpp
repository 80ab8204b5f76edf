#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "models/msccl_program.hpp"

namespace trivcheck {

/// Texts this long or longer are read in two halves on two threads.
inline constexpr std::size_t plain_split_from_bytes = std::size_t{8} << 20;

/// The program of an MSCCL-IR text that PlainXmlScanner reads from end to
/// end, with no element but `<algo>`, `<gpu>`, `<tb>`, `<step>` where they
/// belong, when MscclProgramReader accepts it; nothing when the text is not
/// plain or is wrong (the caller then reads it through pugixml's tree, which
/// names the first fault). A text of `split_from_bytes` or more, in a process
/// that may use two cores or more, is read in two halves on two threads: the second from the first
/// `<gpu` of the text's second half, the first up to there. When the first half does not end just
/// before that `<gpu` (the `<gpu` was inside a comment, say), or the system
/// will not make the second thread, the first thread reads on to the end
/// itself. The program is the same either way.
std::optional<msccl::Program> read_plain_msccl(
    std::string_view text, const std::string& file,
    std::size_t split_from_bytes = plain_split_from_bytes);

}  // namespace trivcheck
