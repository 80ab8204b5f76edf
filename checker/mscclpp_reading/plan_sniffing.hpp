#pragma once
#include <string>
#include <string_view>

namespace trivcheck::mscclpp {

/// Whether `text` is an MSCCL++ execution plan rather than a trivcheck
/// schedule: a JSON object whose gpus have "threadblocks" (no schedule field
/// is named so). The one place `check` decides which reader a JSON file gets.
bool looks_like_mscclpp_plan(std::string_view text);

/// looks_like_mscclpp_plan on the first 64 KiB of the regular file at `path`
/// (a plan names its first gpu's thread blocks early; a large schedule is not
/// read whole to tell). False when the file cannot be opened.
bool file_looks_like_mscclpp_plan(const std::string& path);

}  // namespace trivcheck::mscclpp
