#pragma once
#include <optional>
#include <string_view>

#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp {

/// The plan in `text`, read in one pass without a JSON document, when that
/// pass can tell the MSCCL++ executor reads it without complaint and
/// parse_plan_json would warn about nothing: plain JSON (json_cursor.hpp), no
/// field the executor ignores, no switch channels, no pipelines. Nothing
/// otherwise, and parse_plan_json's full reading says what there is to say.
/// Where it answers, it answers the plan parse_plan_json reads.
std::optional<Plan> read_plan_single_pass(std::string_view text);

}  // namespace trivcheck::mscclpp
