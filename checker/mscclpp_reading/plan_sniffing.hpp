#pragma once
#include <string>
#include <string_view>

namespace trivcheck::mscclpp {

/// Whether `text` is an MSCCL++ execution plan rather than a trivcheck
/// schedule: a JSON object (after a UTF-8 byte order mark, as the parser
/// allows) with a top-level "gpus" key before any "schema" key (a schedule's
/// first required field). Decided by reading the top-level keys in order,
/// their values skipped, wherever they are: a plan whose "gpus" comes after
/// 64 KiB of other fields was once read as a schedule. The one place `check`
/// decides which reader a JSON file gets.
bool looks_like_mscclpp_plan(std::string_view text);

/// looks_like_mscclpp_plan on the regular file at `path`, mapped, not copied
/// (a schedule names its schema first, so the scan stops there). False when
/// the file cannot be read.
bool file_looks_like_mscclpp_plan(const std::string& path);

}  // namespace trivcheck::mscclpp
