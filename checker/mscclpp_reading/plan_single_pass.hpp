#pragma once
#include <cstddef>
#include <optional>
#include <string_view>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// The plan in `text`, read in one pass without a JSON document, when that
/// pass can tell the MSCCL++ executor reads it without complaint and
/// parse_plan_json would warn about nothing: plain JSON (json_cursor.hpp), no
/// field the executor ignores, no switch channels, no pipelines. Nothing
/// otherwise, and parse_plan_json's full reading says what there is to say.
/// Where it answers, it answers the plan parse_plan_json reads. A list of
/// gpus of `two_readers_from` bytes or more is read by two threads, each
/// half of it (default: 16 MiB).
std::optional<Plan> read_plan_single_pass(std::string_view text,
                                          std::size_t two_readers_from = std::size_t{16} << 20);

}  // namespace trivcheck::mscclpp
