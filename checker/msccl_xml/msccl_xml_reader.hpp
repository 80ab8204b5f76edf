#pragma once
#include <string>
#include <string_view>

#include "models/msccl_program.hpp"

namespace trivcheck {

/// Reads an MSCCL-IR document (`<algo> <gpu> <tb> <step>`, docs/msccl.md) and checks
/// that it can mean something: every attribute present and of its kind,
/// offsets within their buffers, peers and dependencies naming what exists.
/// Throws InputError whose path names the element and attribute
/// (`gpu[3]/tb[5]/step[12]@dstoff`, positions in the file), or NotApplicable
/// for a collective docs/msccl.md gives no meaning to.
/// Plain files (PlainXmlScanner) are read as they are scanned, without a tree;
/// any other, and any file with a fault, through pugixml's tree.
/// Unless `strict`, what RCCL's parser reads is read as it reads it: unknown
/// attributes and elements, and `s` out of file order, are warnings
/// (Program::warnings), not refusals. `strict` refuses them (a lint).
msccl::Program parse_msccl_xml(std::string_view text, const std::string& file_label,
                               bool strict = false);

/// parse_msccl_xml always through pugixml's tree (what the scan must agree with).
msccl::Program parse_msccl_xml_tree(std::string_view text, const std::string& file_label,
                                    bool strict = false);

/// parse_msccl_xml on the content of the file at `path`.
msccl::Program read_msccl_file(const std::string& path, bool strict = false);

}  // namespace trivcheck
