#include "checker/mscclpp_reading/plan_single_pass.hpp"

#include "checker/formats/json_cursor.hpp"
#include "checker/mscclpp/plan_postconditions.hpp"
#include "checker/mscclpp_reading/single_pass_fields.hpp"
#include "checker/mscclpp_reading/single_pass_gpus.hpp"
#include "checker/mscclpp_reading/single_pass_resolution.hpp"

namespace trivcheck::mscclpp {

namespace detail {

namespace {

Plan read_whole_plan(JsonCursor& cursor) {
    Plan plan;
    int largest_gpu_named = -1;
    // Fields the executor knows and the reader does not use: any scalar.
    const auto unread = [&] { cursor.scalar(); };
    read_object(
        cursor, required_key<"name">([&] { plan.name = cursor.string(); }),
        required_key<"collective">([&] {
            plan.collective = cursor.string();
            require(is_known_collective(plan.collective));  // the full reading warns
        }),
        required_key<"protocol">([&] {
            plan.protocol = cursor.string();
            require(plan.protocol == "Simple" || plan.protocol == "LL");
        }),
        required_key<"inplace">([&] { plan.in_place = cursor.boolean(); }),
        optional_key<"use_double_scratch_buffer">([&] { plan.double_scratch = cursor.boolean(); }),
        required_key<"gpus">([&] {
            read_array(cursor, [&] {
                const auto position = static_cast<int>(plan.gpus.size());
                plan.gpus.push_back(read_gpu(cursor, position, largest_gpu_named));
            });
        }),
        optional_key<"reuse_resources">(unread), optional_key<"num_threads_per_block">(unread),
        optional_key<"buffer_alignment">(unread), optional_key<"min_message_size">(unread),
        optional_key<"max_message_size">(unread));
    cursor.finish();
    require(!plan.gpus.empty() && largest_gpu_named < static_cast<int>(plan.gpus.size()));
    check_chunk_bounds(plan);
    return plan;
}

}  // namespace

}  // namespace detail

std::optional<Plan> read_plan_single_pass(std::string_view text) {
    try {
        JsonCursor cursor(text);
        return detail::read_whole_plan(cursor);
    } catch (const OutsidePlainJson&) {
        return std::nullopt;
    }
}

}  // namespace trivcheck::mscclpp
