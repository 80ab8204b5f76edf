#include "checker/mscclpp/cell_values.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

namespace {

bool reduces(OperationKind kind) {
    switch (kind) {
        case OperationKind::reduce:
        case OperationKind::reduce_send:
        case OperationKind::read_reduce:
        case OperationKind::read_reduce_send:
        case OperationKind::reduce_send_packets:
        case OperationKind::reduce_packets:
        case OperationKind::reduce_copy_packets:
        case OperationKind::reduce_copy_send_packets:
        case OperationKind::multi_load_reduce_store:
            return true;
        default:
            return false;
    }
}

}  // namespace

CellValues::CellValues(int cells) : cells_(static_cast<std::size_t>(cells)) {}

void CellValues::start(int cell, int contribution) { set(cell, {trees_.leaf(contribution)}); }

CellValues::Value CellValues::sum(const std::vector<int>& addends) {
    int tree = -1;
    for (int cell : addends) {
        const Value addend = of(cell);
        if (addend.tree < 0) continue;
        tree = tree < 0 ? addend.tree : trees_.sum(tree, addend.tree);
    }
    return {tree};
}

std::vector<CellValues::Value> CellValues::sums(const Operation& op, const RangesCells& sources) {
    std::size_t pieces = 0;
    for (const auto& source : sources)
        for (const auto& cells : source) pieces = std::max(pieces, cells.size());
    // The kernel's order of additions: the local source first, then the
    // others (handleReduceSend, handleReadReduceSend); packets first, the
    // local source last (handleReduceSendPackets, handleReduceCopySendPackets).
    std::vector<std::size_t> order(sources.size());
    for (std::size_t position = 0; position < order.size(); ++position) order[position] = position;
    if (waits_for_packets(op.kind, 1) && !order.empty())
        std::rotate(order.begin(), order.begin() + 1, order.end());
    std::vector<std::vector<int>> addends(pieces);
    for (std::size_t position : order)
        for (const auto& cells : sources[position])
            for (std::size_t piece = 0; piece < cells.size(); ++piece)
                addends[piece].push_back(cells[piece]);
    std::vector<Value> result;
    for (const std::vector<int>& cells : addends) result.push_back(sum(cells));
    return result;
}

void CellValues::step_values(const Operation& op, const RangesCells& sources,
                             const RangesCells& destinations,
                             std::vector<std::pair<int, Value>>& written) {
    const std::vector<Value> summed = reduces(op.kind) ? sums(op, sources) : std::vector<Value>{};
    written.clear();
    for (std::size_t position = 0; position < destinations.size(); ++position)
        for (const std::vector<int>& cells : destinations[position])
            for (std::size_t piece = 0; piece < cells.size(); ++piece) {
                if (reduces(op.kind)) {
                    written.emplace_back(cells[piece],
                                         piece < summed.size() ? summed[piece] : Value{});
                    continue;
                }
                if (sources.empty()) continue;
                const auto& source = sources[std::min(position, sources.size() - 1)].front();
                written.emplace_back(cells[piece],
                                     piece < source.size() ? of(source[piece]) : Value{});
            }
}

}  // namespace trivcheck::mscclpp
