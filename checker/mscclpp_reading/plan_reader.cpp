#include "checker/mscclpp_reading/plan_reader.hpp"

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>

#include "checker/core/resource_limit.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_document.hpp"
#include "checker/formats/mapped_file.hpp"
#include "checker/mscclpp/plan_postconditions.hpp"
#include "checker/mscclpp_reading/executor_limits.hpp"
#include "checker/mscclpp_reading/kernel_differences.hpp"
#include "checker/mscclpp_reading/plan_fields.hpp"
#include "checker/mscclpp_reading/plan_indexes.hpp"
#include "checker/mscclpp_reading/plan_run_size.hpp"
#include "checker/mscclpp_reading/plan_single_pass.hpp"

namespace trivcheck::mscclpp {

namespace {

using nlohmann::json;

class Reader {
  public:
    explicit Reader(const std::string& file) : fields_(file) {}

    Plan read(const json& root);

  private:
    Operation read_operation(const json& op, const std::string& path, const Gpu& gpu,
                             const BlockIndexes& block, const GpuIndexes& indexes, bool inner);
    BufferRange read_range(const json& reference, const std::string& path, const Gpu& gpu,
                           ChannelKind channel, const BlockIndexes& block,
                           const GpuIndexes& indexes);
    void check_bounds(const Plan& plan) const;
    /// A gpu's `input_chunks` or `output_chunks`: at least 1, or the
    /// executor cannot load the plan.
    int loadable_chunks(const json& gpu, const std::string& path, std::string_view key) const;
    /// The position of `ranks` among switch_groups_, added if new; fails at
    /// `path` past max_switch_groups.
    std::int16_t switch_group(const std::vector<int>& ranks, const std::string& path);

    PlanFields fields_;
    int gpu_count_ = 0;
    /// Per operation's path, for bounds errors after every gpu's sizes are known.
    struct RangePlace {
        std::string path;
        BufferRange range;
    };
    std::vector<RangePlace> ranges_;
    /// The plan's switch rank groups, each once (Plan::switch_groups).
    std::vector<std::vector<int>> switch_groups_;
};

int Reader::loadable_chunks(const json& gpu, const std::string& path, std::string_view key) const {
    const std::string at = path_at(path, key);
    const auto chunks = static_cast<int>(fields_.integer(fields_.required(gpu, key, path), at, 0));
    // execution_plan.cc's loadExecutionPlan calls checkMessageSize for the
    // gpu it loads, which takes the message size modulo input_chunks and
    // output_chunks: 0 divides by zero.
    if (chunks == 0)
        fields_.fail(at,
                     "MSCCL++ executor: checkMessageSize (execution_plan.cc) divides the "
                     "message size by " +
                         std::string(key) +
                         ", so the gpu's executor cannot load a plan where it is 0");
    return chunks;
}

std::int16_t Reader::switch_group(const std::vector<int>& ranks, const std::string& path) {
    const auto found = std::find(switch_groups_.begin(), switch_groups_.end(), ranks);
    if (found != switch_groups_.end())
        return static_cast<std::int16_t>(found - switch_groups_.begin());
    // A limit of the checker's (a range names its group in 16 bits), not a
    // rule of the executor's: unknown (exit 4), never a refusal of the plan.
    if (static_cast<int>(switch_groups_.size()) == max_switch_groups)
        throw ResourceLimit(path + ": more than " + std::to_string(max_switch_groups) +
                            " switch rank groups: the checker holds at most that many");
    switch_groups_.push_back(ranks);
    return static_cast<std::int16_t>(switch_groups_.size() - 1);
}

BufferRange Reader::read_range(const json& reference, const std::string& path, const Gpu& gpu,
                               ChannelKind channel, const BlockIndexes& block,
                               const GpuIndexes& indexes) {
    fields_.ignored_fields(reference, path,
                           {"type", "buffer_id", "switch_channel_id", "index", "size"},
                           "a buffer reference");
    BufferRange range;
    range.gpu = gpu.id;
    bool typed = false;
    if (const auto type = reference.find("type"); type != reference.end()) {
        range.buffer = fields_.buffer_kind(*type, path_at(path, "type"));
        typed = true;
    }
    if (const auto id = reference.find("buffer_id"); id != reference.end()) {
        if (channel != ChannelKind::memory && channel != ChannelKind::port)
            fields_.fail(
                path_at(path, "buffer_id"),
                "MSCCL++ executor: Invalid channel type (a remote buffer needs the operation's "
                "channel_type memory or port)");
        const std::vector<int>& list =
            channel == ChannelKind::memory ? block.memory_buffers : block.port_buffers;
        const long long value = fields_.integer(*id, path_at(path, "buffer_id"), 0);
        if (value >= static_cast<long long>(list.size()))
            fields_.fail(path_at(path, "buffer_id"),
                         "remote buffer " + std::to_string(value) +
                             " out of range: the thread block refers to " +
                             std::to_string(list.size()) + " through " + channel_name(channel) +
                             " channels");
        const RemoteBuffer& remote = indexes.remote_buffers[list[static_cast<std::size_t>(value)]];
        range.gpu = remote.gpu;
        range.buffer = remote.buffer;
        range.remote = true;
        typed = true;
    }
    if (const auto id = reference.find("switch_channel_id"); id != reference.end()) {
        const long long value = fields_.integer(*id, path_at(path, "switch_channel_id"), 0);
        if (value >= static_cast<long long>(block.switch_channels.size()))
            fields_.fail(path_at(path, "switch_channel_id"),
                         "switch channel " + std::to_string(value) +
                             " out of range: the thread block has " +
                             std::to_string(block.switch_channels.size()));
        const SwitchGroup& group =
            indexes.switch_groups[block.switch_channels[static_cast<std::size_t>(value)]];
        range.buffer = group.buffer;
        range.group = switch_group(group.ranks, path_at(path, "switch_channel_id"));
        typed = true;
    }
    if (!typed)
        fields_.fail(path,
                     "a buffer reference needs \"type\", \"buffer_id\" or \"switch_channel_id\"");
    range.index = static_cast<int>(
        fields_.integer(fields_.required(reference, "index", path), path_at(path, "index"), 0));
    range.size = static_cast<int>(
        fields_.integer(fields_.required(reference, "size", path), path_at(path, "size"), 0));
    ranges_.push_back({path, range});
    return range;
}

Operation Reader::read_operation(const json& op, const std::string& path, const Gpu& gpu,
                                 const BlockIndexes& block, const GpuIndexes& indexes, bool inner) {
    Operation operation;
    const std::string name =
        fields_.text(fields_.required(op, "name", path), path_at(path, "name"));
    const std::optional<OperationKind> kind = operation_kind(name);
    if (!kind)
        fields_.fail(path_at(path, "name"), "MSCCL++ executor: Invalid operation type: " + name);
    operation.kind = *kind;
    fields_.ignored_fields(
        op, path,
        {"name", "channel_type", "channel_ids", "tbg_info", "src_buff", "dst_buff", "barrier_id",
         "num_threadblocks", "semaphore_ids", "iter_context", "ops"},
        "an operation");
    if (const auto type = op.find("channel_type"); type != op.end())
        operation.channel_kind = fields_.channel_kind(*type, path_at(path, "channel_type"));
    if (const auto ids = op.find("channel_ids"); ids != op.end()) {
        const std::string ids_path = path_at(path, "channel_ids");
        fields_.array(*ids, ids_path);
        const bool memory = operation.channel_kind == ChannelKind::memory;
        const bool port = operation.channel_kind == ChannelKind::port;
        const std::vector<int>& list = memory ? block.memory_channels
                                       : port ? block.port_channels
                                              : block.switch_channels;
        for (std::size_t position = 0; position < ids->size(); ++position) {
            const long long value =
                fields_.integer((*ids)[position], path_at(ids_path, position), 0);
            if (value >= static_cast<long long>(list.size()))
                fields_.fail(path_at(ids_path, position),
                             "channel " + std::to_string(value) +
                                 " out of range: the thread block has " +
                                 std::to_string(list.size()) + " " +
                                 channel_name(operation.channel_kind) + " channels");
            operation.channels.push_back(list[static_cast<std::size_t>(value)]);
        }
    }
    if (const auto group = op.find("tbg_info"); group != op.end()) {
        const std::string group_path = path_at(path, "tbg_info");
        operation.group_size = static_cast<std::int16_t>(
            fields_.integer(fields_.required(*group, "tbg_size", group_path),
                            path_at(group_path, "tbg_size"), 1, max_group_size));
        operation.group_index = static_cast<std::int16_t>(
            fields_.integer(fields_.required(*group, "tb_id", group_path),
                            path_at(group_path, "tb_id"), 0, operation.group_size - 1));
    }
    auto read_ranges = [&](const char* key, auto& into) {
        const auto list = op.find(key);
        if (list == op.end()) return;
        const std::string list_path = path_at(path, key);
        fields_.array(*list, list_path);
        for (std::size_t position = 0; position < list->size(); ++position)
            into.push_back(read_range((*list)[position], path_at(list_path, position), gpu,
                                      operation.channel_kind, block, indexes));
    };
    // Two calls, not a loop over the lists: they differ in inline capacity.
    read_ranges("src_buff", operation.sources);
    read_ranges("dst_buff", operation.destinations);
    default_port_channel_ids(operation, block.port_channels, fields_, path);
    if (const auto id = op.find("barrier_id"); id != op.end())
        operation.barrier_id =
            static_cast<int>(fields_.integer(*id, path_at(path, "barrier_id"), 0));
    if (const auto count = op.find("num_threadblocks"); count != op.end())
        operation.barrier_thread_blocks =
            static_cast<int>(fields_.integer(*count, path_at(path, "num_threadblocks"), 1));
    if (operation.kind == OperationKind::barrier &&
        (operation.barrier_id < 0 || operation.barrier_thread_blocks < 1))
        fields_.fail(path, "a barrier needs \"barrier_id\" and \"num_threadblocks\"");
    if (const auto ids = op.find("semaphore_ids"); ids != op.end()) {
        const std::string ids_path = path_at(path, "semaphore_ids");
        fields_.array(*ids, ids_path);
        for (std::size_t position = 0; position < ids->size(); ++position)
            operation.semaphores.push_back(static_cast<int>(
                fields_.integer((*ids)[position], path_at(ids_path, position), 0,
                                static_cast<long long>(gpu.semaphores.size()) - 1)));
    }
    if (operation.kind == OperationKind::pipeline) {
        if (inner)
            fields_.fail(path, "a pipeline inside a pipeline: the executor expands one level only");
        const std::string context_path = path_at(path, "iter_context");
        const json& context = fields_.required(op, "iter_context", path);
        Pipeline& pipeline = operation.pipeline.emplace();
        pipeline.unit_size = fields_.integer(fields_.required(context, "unit_size", context_path),
                                             path_at(context_path, "unit_size"), 1,
                                             std::numeric_limits<std::int64_t>::max());
        pipeline.chunks =
            static_cast<int>(fields_.integer(fields_.required(context, "num_chunks", context_path),
                                             path_at(context_path, "num_chunks"), 1));
        const std::string ops_path = path_at(path, "ops");
        const json& ops = fields_.array(fields_.required(op, "ops", path), ops_path);
        for (std::size_t position = 0; position < ops.size(); ++position) {
            Operation inner_operation = read_operation(ops[position], path_at(ops_path, position),
                                                       gpu, block, indexes, true);
            inner_operation.inner_index = static_cast<int>(position);
            pipeline.inner.push_back(std::move(inner_operation));
        }
    } else if (op.contains("ops") || op.contains("iter_context")) {
        fields_.warnings().add(
            "ops-outside-pipeline", path,
            "\"ops\" and \"iter_context\" are read on a pipeline only; the executor "
            "ignores them on \"" +
                name + "\"");
    }
    return operation;
}

void Reader::check_bounds(const Plan& plan) const {
    for (const RangePlace& place : ranges_) {
        const BufferRange& range = place.range;
        for (int gpu : plan.range_gpus(range)) {
            const int chunks = plan.chunks(gpu, range.buffer);
            // In 64 bits: an index and a size of up to 2^31 - 1 each pass in int.
            const long long end = static_cast<long long>(range.index) + range.size;
            if (end > chunks)
                fields_.fail(place.path, "chunks [" + std::to_string(range.index) + ", " +
                                             std::to_string(end) + ") of gpu " +
                                             std::to_string(gpu) + "'s " +
                                             buffer_letter(range.buffer) + " buffer, which has " +
                                             std::to_string(chunks) + " chunks");
        }
    }
}

Plan Reader::read(const json& root) {
    Plan plan;
    if (!root.is_object()) fields_.fail("", "an execution plan is a JSON object");
    fields_.ignored_fields(root, "",
                           {"name", "collective", "protocol", "inplace", "reuse_resources", "gpus",
                            "num_threads_per_block", "use_double_scratch_buffer",
                            "buffer_alignment", "min_message_size", "max_message_size"},
                           "the plan");
    plan.name = fields_.text(fields_.required(root, "name", ""), "name");
    plan.collective = fields_.text(fields_.required(root, "collective", ""), "collective");
    if (!is_known_collective(plan.collective))
        fields_.warnings().add(
            "collective", "collective",
            "postcondition: none (unknown collective \"" + plan.collective +
                "\"; trivcheck knows allreduce, allgather, reducescatter and alltoall, and "
                "test and sendrecv, which have none); the executor runs a plan of any name "
                "(checkMessageSize reads it only to size \"allgather\" by its output)");
    plan.protocol = fields_.text(fields_.required(root, "protocol", ""), "protocol");
    if (plan.protocol != "Simple" && plan.protocol != "LL")
        fields_.warnings().add(
            "protocol", "protocol",
            "protocol \"" + plan.protocol +
                "\": the executor uses packets for \"LL\" and treats anything else as "
                "\"Simple\"");
    plan.in_place = fields_.boolean(fields_.required(root, "inplace", ""), "inplace");
    if (const auto twice = root.find("use_double_scratch_buffer"); twice != root.end())
        plan.double_scratch = fields_.boolean(*twice, "use_double_scratch_buffer");
    const json& gpus = fields_.array(fields_.required(root, "gpus", ""), "gpus");
    if (gpus.empty()) fields_.fail("gpus", "a plan needs at least one gpu");
    gpu_count_ = static_cast<int>(gpus.size());
    std::vector<GpuIndexes> indexes(gpus.size());
    for (std::size_t position = 0; position < gpus.size(); ++position) {
        const std::string path = path_at("gpus", position);
        const json& gpu = gpus[position];
        fields_.ignored_fields(gpu, path,
                               {"id", "input_chunks", "output_chunks", "scratch_chunks",
                                "threadblocks", "channels", "remote_buffers", "semaphores"},
                               "a gpu");
        Gpu into;
        into.id = static_cast<int>(
            fields_.integer(fields_.required(gpu, "id", path), path_at(path, "id"), 0));
        if (into.id != static_cast<int>(position))
            fields_.fail(path_at(path, "id"), "MSCCL++ executor: GPU rank does not match (gpus[" +
                                                  std::to_string(position) + "] has id " +
                                                  std::to_string(into.id) + ")");
        into.input_chunks = loadable_chunks(gpu, path, "input_chunks");
        into.output_chunks = loadable_chunks(gpu, path, "output_chunks");
        into.scratch_chunks = static_cast<int>(fields_.integer(
            fields_.required(gpu, "scratch_chunks", path), path_at(path, "scratch_chunks"), 0));
        read_gpu_channels(fields_, gpu, path, gpu_count_, into, indexes[position]);
        read_remote_buffers(fields_, gpu, path, gpu_count_, indexes[position]);
        if (const auto semaphores = gpu.find("semaphores"); semaphores != gpu.end()) {
            const std::string list_path = path_at(path, "semaphores");
            fields_.array(*semaphores, list_path);
            for (std::size_t index = 0; index < semaphores->size(); ++index) {
                const std::string semaphore_path = path_at(list_path, index);
                into.semaphores.push_back({static_cast<int>(fields_.integer(
                    fields_.required((*semaphores)[index], "init_value", semaphore_path),
                    path_at(semaphore_path, "init_value"), 0))});
            }
        }
        plan.gpus.push_back(std::move(into));
    }
    for (std::size_t position = 0; position < gpus.size(); ++position) {
        const std::string path = path_at("gpus", position);
        Gpu& gpu = plan.gpus[position];
        const std::string blocks_path = path_at(path, "threadblocks");
        const json& blocks =
            fields_.array(fields_.required(gpus[position], "threadblocks", path), blocks_path);
        for (std::size_t block_position = 0; block_position < blocks.size(); ++block_position) {
            const std::string block_path = path_at(blocks_path, block_position);
            const json& block = blocks[block_position];
            fields_.ignored_fields(block, block_path,
                                   {"id", "ops", "channels", "remote_buffer_refs"},
                                   "a thread block");
            ThreadBlock into;
            into.id = static_cast<int>(fields_.integer(fields_.required(block, "id", block_path),
                                                       path_at(block_path, "id"), 0,
                                                       static_cast<long long>(blocks.size()) - 1));
            for (const ThreadBlock& earlier : gpu.thread_blocks)
                if (earlier.id == into.id)
                    fields_.fail(path_at(block_path, "id"),
                                 "thread block id " + std::to_string(into.id) +
                                     " given twice on gpu " + std::to_string(gpu.id));
            const BlockIndexes block_indexes =
                read_block_indexes(fields_, block, block_path, gpu, indexes[position]);
            const std::string ops_path = path_at(block_path, "ops");
            const json& ops = fields_.array(fields_.required(block, "ops", block_path), ops_path);
            for (std::size_t op = 0; op < ops.size(); ++op) {
                Operation operation = read_operation(ops[op], path_at(ops_path, op), gpu,
                                                     block_indexes, indexes[position], false);
                operation.index = static_cast<int>(op);
                if (operation.pipeline)
                    for (Operation& inner : operation.pipeline->inner)
                        inner.index = static_cast<int>(op);
                into.operations.push_back(std::move(operation));
            }
            gpu.thread_blocks.push_back(std::move(into));
        }
    }
    plan.switch_groups = std::move(switch_groups_);
    check_bounds(plan);
    plan.warnings = fields_.warnings().lines();
    return plan;
}

}  // namespace

Plan parse_plan_json_document(const std::string& text, const std::string& file_label) {
    const nlohmann::json root = parse_json_document(text, file_label);
    return Reader(file_label).read(root);
}

Plan parse_plan_json(const std::string& text, const std::string& file_label) {
    Plan plan = [&] {
        if (std::optional<Plan> single = read_plan_single_pass(text)) return std::move(*single);
        return parse_plan_json_document(text, file_label);
    }();
    check_executor_limits(plan, file_label);
    note_kernel_differences(plan, file_label);
    refuse_plan_too_large(plan, file_label);
    return plan;
}

Plan read_plan_file(const std::string& path) {
    Plan plan = [&] {
        {
            // Mapped, not copied: the single pass needs no copy of a 900 MB plan.
            const MappedFile file(path);
            if (std::optional<Plan> single = read_plan_single_pass(file.text()))
                return std::move(*single);
        }
        return parse_plan_json_document(read_file_text(path), path);
    }();
    check_executor_limits(plan, path);
    note_kernel_differences(plan, path);
    refuse_plan_too_large(plan, path);
    return plan;
}

}  // namespace trivcheck::mscclpp
