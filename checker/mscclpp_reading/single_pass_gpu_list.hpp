#pragma once
#include <cstddef>
#include <vector>

#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp/plan.hpp"

namespace trivcheck::mscclpp::detail {

/// The plan's `gpus` at `cursor`, each its own element (its id its position)
/// with its indexes resolved; `largest_gpu_named` is raised to every gpu a
/// channel or remote buffer names. From `two_readers_from` bytes of text on,
/// a second thread finds where the first gpu past the middle of the text
/// begins and reads the gpus from there, while this one reads up to it: the
/// same gpus in about half the time (a 1,024-rank plan is 260 MB of JSON).
std::vector<Gpu> read_gpu_list(JsonCursor& cursor, int& largest_gpu_named,
                               std::size_t two_readers_from);

}  // namespace trivcheck::mscclpp::detail
