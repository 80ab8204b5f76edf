#pragma once
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "checker/core/block_set_pool.hpp"
#include "checker/core/input_error.hpp"
#include "checker/formats/json_fields.hpp"
#include "models/schedule.hpp"

// The steps of a `trivcheck.schedule/1` file (docs/schedule-format.md): their
// transfers, local operations, block sets and buffer names, each checked
// against the header the top level (checker/formats/schedule_json.cpp) has read.

namespace trivcheck::json_fields {

/// Reads and checks steps. Transfers may arrive one by one while the file is
/// still being parsed (take_transfer), before the top-level "buffers" field
/// has been seen; the buffer names they use are then resolved by read_step.
class StepReader {
  public:
    explicit StepReader(const JsonInput& input) : input_(input) {}

    /// The header transfers and local operations are checked against: rank
    /// and block ranges, route directions, and on a graph which ranks can
    /// reach each other. Block sets read before and after share one pool.
    /// `memory_floor`: the bytes any check of this header needs
    /// (header_memory_lower_bound), to which the block lists' add up.
    void use_header(int ranks, int blocks, const Topology& topology, std::uint64_t memory_floor);
    /// The file's text and the bytes checking it needs when every rank's
    /// cells are kept (whole_run_memory_lower_bound): a text with room for
    /// fewer transfers than a rank symmetry or a fold lists is refused by the
    /// latter before its first block list is expanded (count_listed_blocks).
    void use_text(std::string_view text, const std::string& name, std::uint64_t whole_run_floor);
    /// The scratch buffers' names (Schedule::buffers), known from now on.
    void use_buffers(const std::vector<std::string>& names);

    /// Streaming: checks and converts transfer `index` of step `step` at once.
    /// Errors are kept, not thrown, so that an error earlier in the document
    /// (found later by the top level) still comes first; read_step throws them.
    void take_transfer(std::size_t step, std::size_t index, const nlohmann::json& element);
    /// Whether transfers come through take_transfer rather than the steps' arrays.
    void set_streaming(bool streaming) { streaming_ = streaming; }

    /// Step `index` at `path`: its label, local operations and transfers.
    /// `every_rank` tells whether the step gives its transfers and local
    /// operations once, each standing for its n rotations (docs/schedule-format.md).
    Step read_step(const nlohmann::json& value, const JsonPath& path, std::size_t index,
                   bool& every_rank);

  private:
    /// A transfer's buffer name read before the buffers were known.
    struct PendingName {
        std::size_t step;
        std::size_t transfer;
        bool destination;
        std::string name;
    };

    Transfer read_transfer(const nlohmann::json& value, const JsonPath& path);
    LocalOp read_local(const nlohmann::json& value, const JsonPath& path);
    Op read_op(const nlohmann::json& value, const JsonPath& path) const;
    BlockSet read_blocks(const nlohmann::json& value, const JsonPath& path);
    /// Adds `count` blocks listed at `path` to the file's total; throws
    /// ResourceLimit, naming the file, when they and the header's floor pass
    /// the run's memory limit, before the list is expanded.
    void count_listed_blocks(std::int64_t count, const JsonPath& path);
    /// At the first block list: throws ResourceLimit when the text has no
    /// room for the n/2 transfers a symmetric step or a fold lists, and has no
    /// every_rank step, so that the executor would keep every rank's cells,
    /// and those pass the run's memory limit.
    void refuse_whole_run_above_limit(const JsonPath& path);
    /// A buffer's index from its name; -1 when the name must wait for the
    /// buffers (recorded as pending for the transfer being streamed).
    int read_buffer(const nlohmann::json& value, const JsonPath& path, bool destination);
    [[noreturn]] void fail_unknown_buffer(const JsonPath& path, const std::string& name) const;
    /// Streaming: the pending names of step `step` resolved into `transfers`,
    /// or the first error of that step in document order thrown.
    void resolve_pending(std::size_t step, std::vector<Transfer>& transfers);

    const JsonInput& input_;
    int ranks_ = 0;
    int blocks_ = 0;
    std::uint64_t memory_floor_ = 0;
    std::string_view text_;
    std::string name_;
    std::uint64_t whole_run_floor_ = 0;
    bool whole_run_decided_ = false;
    std::uint64_t listed_blocks_ = 0;
    bool is_graph_ = false;
    /// Graph only: a representative rank of each rank's connected component.
    std::vector<int> component_;
    std::optional<BlockSetPool> pool_;
    std::optional<std::vector<std::string>> buffer_names_;

    bool streaming_ = false;
    /// Streaming: each step's transfers, and the first error with its place.
    std::vector<std::vector<Transfer>> streamed_;
    std::optional<InputError> streamed_error_;
    std::size_t streamed_error_step_ = 0;
    std::size_t streamed_error_transfer_ = 0;
    /// Streaming: the transfer being read, and the names awaiting the buffers.
    std::size_t streaming_step_ = 0;
    std::size_t streaming_transfer_ = 0;
    std::vector<PendingName> pending_;
    std::size_t next_pending_ = 0;
};

}  // namespace trivcheck::json_fields
