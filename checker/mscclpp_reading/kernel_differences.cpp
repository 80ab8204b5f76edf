#include "checker/mscclpp_reading/kernel_differences.hpp"

#include "checker/core/input_error.hpp"
#include "checker/mscclpp/kernel_operation.hpp"
#include "checker/mscclpp/port_proxy.hpp"
#include "checker/mscclpp_reading/plan_fields.hpp"
#include "checker/mscclpp_reading/plan_warnings.hpp"

namespace trivcheck::mscclpp {

namespace {

class KernelDifferences {
  public:
    KernelDifferences(Plan& plan, const std::string& file_label)
        : plan_(plan), file_(file_label), warnings_(file_label) {}

    void note() {
        for (std::size_t gpu = 0; gpu < plan_.gpus.size(); ++gpu) {
            const std::vector<ThreadBlock>& blocks = plan_.gpus[gpu].thread_blocks;
            for (std::size_t block = 0; block < blocks.size(); ++block) {
                const std::vector<Operation>& ops = blocks[block].operations;
                for (std::size_t index = 0; index < ops.size(); ++index) {
                    note_operation(ops[index], {gpu, block, index});
                    const std::span<const Operation> inner = ops[index].inner();
                    for (std::size_t at = 0; at < inner.size(); ++at)
                        note_operation(inner[at],
                                       {gpu, block, index, static_cast<std::ptrdiff_t>(at)});
                }
            }
        }
        for (std::string& line : warnings_.lines()) plan_.warnings.push_back(std::move(line));
    }

  private:
    void note_operation(const Operation& op, const OperationPlace& place) {
        if (get_indexes_swapped(op)) {
            const Operation kernel = as_kernel_addresses(op);
            const auto lists = kernel.range_lists();
            for (const auto& ranges : lists)
                for (const BufferRange& range : ranges)
                    for (int gpu : plan_.range_gpus(range))
                        if (static_cast<long long>(range.index) + range.size >
                            plan_.chunks(gpu, range.buffer))
                            throw InputError(
                                file_, place.path(),
                                "MSCCL++ executor: handleGet (execution_kernel.hpp) addresses the "
                                "local buffer at src_buff's index and the remote one at "
                                "dst_buff's, so it would reach chunks [" +
                                    std::to_string(range.index) + ", " +
                                    std::to_string(range.index + range.size) + ") of gpu " +
                                    std::to_string(gpu) + "'s " + buffer_letter(range.buffer) +
                                    " buffer, which has " +
                                    std::to_string(plan_.chunks(gpu, range.buffer)) + " chunks");
            warnings_.add("get indexes", place.path(),
                          "get with src_buff and dst_buff at different indexes: handleGet "
                          "(execution_kernel.hpp) writes the local buffer at src_buff's index "
                          "from the remote buffer at dst_buff's index, and trivcheck runs it so");
        }
        if ((op.kind == OperationKind::put_with_signal ||
             op.kind == OperationKind::put_with_signal_and_flush) &&
            op.channel_kind == ChannelKind::memory)
            warnings_.add("memory pws", place.path(),
                          std::string(operation_name(op.kind)) +
                              " on a memory channel signals nothing: handlePut "
                              "(execution_kernel.hpp) copies and returns before any signal; "
                              "trivcheck runs it as a put");
        if (op.kind == OperationKind::flush && op.destinations.empty())
            warnings_.add("flush without outputs", place.path(),
                          "flush without dst_buff does nothing in the executor: handleFlush "
                          "(execution_kernel.hpp) flushes the first op.nOutputs port channels, "
                          "here none; it orders nothing");
    }

    Plan& plan_;
    const std::string& file_;
    PlanWarnings warnings_;
};

}  // namespace

void note_kernel_differences(Plan& plan, const std::string& file_label) {
    KernelDifferences(plan, file_label).note();
}

void default_port_channel_ids(Operation& op, std::span<const int> block_port_channels,
                              PlanFields& fields, const std::string& path) {
    if (!indexes_channels_per_destination(op) || op.channels.size() >= op.destinations.size())
        return;
    const std::string what = std::string(operation_name(op.kind)) + " on a port channel with " +
                             std::to_string(op.channels.size()) + " channel_ids for " +
                             std::to_string(op.destinations.size()) + " dst_buff entries";
    if (block_port_channels.empty())
        fields.fail(path, "MSCCL++ executor: " + what +
                              ": thread tid takes channelIndexes[tid] (execution_kernel.hpp), "
                              "which setupOperation leaves 0 past channel_ids, and the thread "
                              "block has no port channel 0");
    while (op.channels.size() < op.destinations.size())
        op.channels.push_back(block_port_channels.front());
    fields.warnings().add(
        "port channel_ids missing", path,
        what +
            ": thread tid takes channelIndexes[tid] (execution_kernel.hpp), which "
            "setupOperation leaves 0 past channel_ids, so the rest go through the "
            "thread block's port channel 0, and trivcheck runs them so");
}

}  // namespace trivcheck::mscclpp
