#include "checker/formats/schedule_steps_json.hpp"

#include <algorithm>
#include <cassert>
#include <functional>
#include <utility>

#include "checker/core/block_list_text.hpp"
#include "checker/core/resource_limit.hpp"
#include "checker/formats/json_text.hpp"

namespace trivcheck::json_fields {

using json = nlohmann::json;

void StepReader::use_header(int ranks, int blocks, const Topology& topology,
                            std::uint64_t memory_floor) {
    ranks_ = ranks;
    blocks_ = blocks;
    memory_floor_ = memory_floor;
    // Streamed transfers already hold sets from the pool: keep it.
    if (!pool_) pool_.emplace(blocks_);
    is_graph_ = topology.kind == TopologyKind::graph;
    component_.clear();
    if (!is_graph_) return;
    component_.resize(static_cast<std::size_t>(ranks_));
    for (int rank = 0; rank < ranks_; ++rank) component_[rank] = rank;
    auto root_of = [&](int rank) {
        while (component_[rank] != rank) rank = component_[rank] = component_[component_[rank]];
        return rank;
    };
    for (const auto& [u, v] : topology.edges) component_[root_of(u)] = root_of(v);
    for (int rank = 0; rank < ranks_; ++rank) component_[rank] = root_of(rank);
}

void StepReader::use_text(std::string_view text, const std::string& name,
                          std::uint64_t whole_run_floor) {
    text_ = text;
    name_ = name;
    whole_run_floor_ = whole_run_floor;
}

void StepReader::use_buffers(const std::vector<std::string>& names) { buffer_names_ = names; }

void StepReader::take_transfer(std::size_t step, std::size_t index, const json& element) {
    if (streamed_error_) return;
    if (streamed_.size() <= step) streamed_.resize(step + 1);
    const JsonPath root_path;
    const JsonPath steps_path = root_path.field("steps");
    const JsonPath step_path = steps_path.element(step);
    const JsonPath transfers_path = step_path.field("transfers");
    streaming_step_ = step;
    streaming_transfer_ = index;
    try {
        streamed_[step].push_back(read_transfer(element, transfers_path.element(index)));
    } catch (InputError& error) {
        streamed_error_ = std::move(error);
        streamed_error_step_ = step;
        streamed_error_transfer_ = index;
    }
}

Step StepReader::read_step(const json& value, const JsonPath& path, std::size_t index,
                           bool& every_rank) {
    Fields fields(input_, value, path, "a step object",
                  {"phase", "every_rank", "local", "transfers"});
    Step step;
    step.phase = input_.optional_string(fields, "phase");
    every_rank = false;
    if (const json* flag = fields.optional("every_rank")) {
        if (!flag->is_boolean()) input_.fail_type(path.field("every_rank"), "true or false", *flag);
        every_rank = flag->get<bool>();
    }
    if (const json* local = fields.optional("local")) {
        const JsonPath local_path = path.field("local");
        if (!local->is_array())
            input_.fail_type(local_path, "an array of local operations", *local);
        step.local.reserve(local->size());
        for (std::size_t i = 0; i < local->size(); ++i)
            step.local.push_back(read_local((*local)[i], local_path.element(i)));
    }
    const JsonPath transfers_path = path.field("transfers");
    const json& transfers = fields.required("transfers");
    if (!transfers.is_array()) input_.fail_type(transfers_path, "an array of transfers", transfers);
    if (streaming_) {
        // The array's elements went to take_transfer instead.
        if (index < streamed_.size()) step.transfers = std::move(streamed_[index]);
        resolve_pending(index, step.transfers);
        return step;
    }
    step.transfers.reserve(transfers.size());
    for (std::size_t i = 0; i < transfers.size(); ++i)
        step.transfers.push_back(read_transfer(transfers[i], transfers_path.element(i)));
    return step;
}

void StepReader::resolve_pending(std::size_t step, std::vector<Transfer>& transfers) {
    const bool failed_here = streamed_error_ && streamed_error_step_ == step;
    for (; next_pending_ < pending_.size() && pending_[next_pending_].step == step;
         ++next_pending_) {
        const PendingName& pending = pending_[next_pending_];
        // A streamed error at an earlier transfer (or this one) comes first.
        if (failed_here && streamed_error_transfer_ <= pending.transfer) break;
        const JsonPath root_path;
        const JsonPath steps_path = root_path.field("steps");
        const JsonPath step_path = steps_path.element(step);
        const JsonPath transfers_path = step_path.field("transfers");
        const JsonPath transfer_path = transfers_path.element(pending.transfer);
        const JsonPath name_path =
            transfer_path.field(pending.destination ? "dst_buffer" : "src_buffer");
        const int buffer = buffer_number(*buffer_names_, pending.name);
        if (buffer < 0) fail_unknown_buffer(name_path, pending.name);
        Transfer& transfer = transfers[pending.transfer];
        (pending.destination ? transfer.dst_buffer : transfer.src_buffer) =
            static_cast<BufferIndex>(buffer);
    }
    if (failed_here) throw *streamed_error_;
}

Transfer StepReader::read_transfer(const json& value, const JsonPath& path) {
    Fields fields(input_, value, path, "a transfer object",
                  {"src", "dst", "blocks", "op", "route", "src_buffer", "dst_buffer"});
    Transfer transfer;
    transfer.src = input_.read_index(fields.required("src"), path.field("src"), ranks_, "rank");
    transfer.dst = input_.read_index(fields.required("dst"), path.field("dst"), ranks_, "rank");
    if (transfer.src == transfer.dst)
        input_.fail(path, "self-send: src and dst are both rank " + std::to_string(transfer.src));
    // A message no route can carry means nothing, like a rank out of range.
    if (is_graph_ && component_[transfer.src] != component_[transfer.dst])
        input_.fail(path, "no path from rank " + std::to_string(transfer.src) + " to rank " +
                              std::to_string(transfer.dst) + " in the graph");
    transfer.blocks = read_blocks(fields.required("blocks"), path.field("blocks"));
    transfer.op = read_op(fields.required("op"), path.field("op"));

    if (const json* route = fields.optional("route")) {
        const JsonPath route_path = path.field("route");
        std::optional<Route> parsed_route;
        if (route->is_string()) parsed_route = parse_route(route->get_ref<const std::string&>());
        if (!parsed_route) input_.fail_type(route_path, quote_list({"+", "-", "shortest"}), *route);
        // A graph routes by BFS alone; a direction there would be ignored,
        // and an ignored field is a half-checked one.
        if (is_graph_ && *parsed_route != Route::shortest)
            input_.fail(route_path, "a direction is only meaningful on a ring or torus");
        transfer.route = *parsed_route;
    }
    if (const json* name = fields.optional("src_buffer"))
        transfer.src_buffer =
            static_cast<BufferIndex>(read_buffer(*name, path.field("src_buffer"), false));
    if (const json* name = fields.optional("dst_buffer"))
        transfer.dst_buffer =
            static_cast<BufferIndex>(read_buffer(*name, path.field("dst_buffer"), true));
    return transfer;
}

LocalOp StepReader::read_local(const json& value, const JsonPath& path) {
    Fields fields(input_, value, path, "a local operation object",
                  {"rank", "src_buffer", "dst_buffer", "blocks", "op"});
    // The top level names the buffers before it reads any step.
    assert(buffer_names_);
    LocalOp operation;
    operation.rank = input_.read_index(fields.required("rank"), path.field("rank"), ranks_, "rank");
    operation.src_buffer =
        read_buffer(fields.required("src_buffer"), path.field("src_buffer"), false);
    operation.dst_buffer =
        read_buffer(fields.required("dst_buffer"), path.field("dst_buffer"), true);
    if (operation.src_buffer == operation.dst_buffer)
        input_.fail(
            path,
            "src_buffer and dst_buffer are both " +
                json_text(json(trivcheck::buffer_name(*buffer_names_, operation.src_buffer))) +
                " (a local operation moves between two buffers)");
    operation.blocks = read_blocks(fields.required("blocks"), path.field("blocks"));
    if (const json* op = fields.optional("op")) operation.op = read_op(*op, path.field("op"));
    return operation;
}

Op StepReader::read_op(const json& value, const JsonPath& path) const {
    std::optional<Op> parsed;
    if (value.is_string()) parsed = parse_op(value.get_ref<const std::string&>());
    if (!parsed) input_.fail_type(path, quote_list({"reduce", "copy"}), value);
    return *parsed;
}

int StepReader::read_buffer(const json& value, const JsonPath& path, bool destination) {
    if (!value.is_string() || value.get_ref<const std::string&>().empty())
        input_.fail_type(path, "a buffer name (\"main\" or one of \"buffers\")", value);
    const std::string& name = value.get_ref<const std::string&>();
    if (name == "main") return main_buffer;
    if (!buffer_names_) {
        // Streaming, and "buffers" comes after "steps": resolve_pending decides.
        pending_.push_back({streaming_step_, streaming_transfer_, destination, name});
        return main_buffer;
    }
    const int buffer = buffer_number(*buffer_names_, name);
    if (buffer < 0) fail_unknown_buffer(path, name);
    return buffer;
}

void StepReader::fail_unknown_buffer(const JsonPath& path, const std::string& name) const {
    std::string have = "main";
    for (const std::string& known : *buffer_names_) have += ", " + known;
    input_.fail(path, "unknown buffer " + json_text(json(name)) + " (have: " + have + ")");
}

BlockSet StepReader::read_blocks(const json& value, const JsonPath& path) {
    BlockSetPool& pool = *pool_;
    std::vector<int> blocks;
    if (value.is_array()) {
        if (value.empty()) input_.fail(path, "expected at least one block");
        count_listed_blocks(static_cast<std::int64_t>(value.size()), path);
        blocks.reserve(value.size());
        for (std::size_t i = 0; i < value.size(); ++i)
            blocks.push_back(input_.read_index(value[i], path.element(i), blocks_, "block"));
    } else if (value.is_string()) {
        try {
            const std::string& text = value.get_ref<const std::string&>();
            count_listed_blocks(count_block_list(text, blocks_), path);
            blocks = parse_block_list(text, blocks_);
        } catch (const BlockListError& error) {
            input_.fail(path, error.what());
        }
    } else {
        input_.fail_type(
            path, "a list of block numbers or a block-set string such as \"0-3,8:20:4\"", value);
    }
    // Files this library writes list blocks ascending: check that in one
    // pass and sort only what needs it.
    if (std::adjacent_find(blocks.begin(), blocks.end(), std::greater_equal<int>()) == blocks.end())
        return pool.make(blocks);
    std::vector<int> sorted = blocks;
    std::sort(sorted.begin(), sorted.end());
    auto repeated = std::adjacent_find(sorted.begin(), sorted.end());
    if (repeated != sorted.end()) {
        // Name the second occurrence in a list; a string has no element paths.
        const std::string message = "block " + std::to_string(*repeated) + " listed twice";
        if (!value.is_array()) input_.fail(path, message);
        std::size_t second = static_cast<std::size_t>(
            std::find(std::find(blocks.begin(), blocks.end(), *repeated) + 1, blocks.end(),
                      *repeated) -
            blocks.begin());
        input_.fail(path.element(second), message);
    }
    return pool.make(sorted);
}

namespace {

/// The fewest bytes a transfer's text takes: {"src":0,"dst":1,"op":"copy","blocks":"0"}
/// (escapes and spaces only lengthen it; a local operation's is longer).
constexpr std::uint64_t kLeastTransferBytes = 42;

}  // namespace

void StepReader::refuse_whole_run_above_limit(const JsonPath& path) {
    if (whole_run_decided_ || text_.empty()) return;
    whole_run_decided_ = true;
    // A step symmetric under rotations (by 1 or 2 ranks), torus translations or
    // XOR lists at least n/2 transfers or local operations once it lists one,
    // and a fold's core that holds is reached by n - 1 (rotation_symmetry.cpp,
    // xor_symmetry.hpp, fold_core.cpp). Without them the executor keeps
    // every rank's cells (executor.cpp, execute).
    const std::uint64_t room = text_.size() / kLeastTransferBytes;
    const auto ranks = static_cast<std::uint64_t>(ranks_);
    if (2 * room >= ranks) return;
    const std::uint64_t limit = memory_limit_or_default(0);
    if (whole_run_floor_ <= limit) return;
    // A step marked every_rank stands for its n rotations in one transfer: its
    // key may be spelled with backslash-u escapes.
    if (text_.find("every_rank") != std::string_view::npos ||
        text_.find("\\u") != std::string_view::npos)
        return;
    const std::string name = name_.empty() ? "" : " " + name_;
    throw ResourceLimit(input_.file() + ": checking" + name + " (" + std::to_string(ranks_) +
                        " ranks, " + std::to_string(blocks_) + " blocks) needs at least " +
                        std::to_string(whole_run_floor_ >> 20) + " MiB, more than the limit of " +
                        std::to_string(limit >> 20) + " MiB: its " + std::to_string(text_.size()) +
                        " bytes have room for at most " + std::to_string(room) +
                        " transfers, fewer than the " + std::to_string((ranks + 1) / 2) +
                        " a rank symmetry or a fold lists, so every rank's cells are kept; "
                        "refused at " +
                        path.text() + ", before expanding a block list");
}

void StepReader::count_listed_blocks(std::int64_t count, const JsonPath& path) {
    refuse_whole_run_above_limit(path);
    listed_blocks_ += static_cast<std::uint64_t>(count);
    // A listed block is an int while read and in its set (the pool shares equal sets).
    const std::uint64_t needed = memory_floor_ + listed_blocks_ * 2 * sizeof(int);
    const std::uint64_t limit = memory_limit_or_default(0);
    if (needed > limit)
        throw ResourceLimit(input_.file() + ": its block lists up to " + path.text() + " (" +
                            std::to_string(listed_blocks_) + " blocks, " + std::to_string(ranks_) +
                            " ranks) need about " + std::to_string(needed >> 20) +
                            " MiB, more than the limit of " + std::to_string(limit >> 20) +
                            " MiB; refused before expanding them");
}

}  // namespace trivcheck::json_fields
