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

CellValues::CellValues(int cells, int contributions, bool reduces)
    : trees_(contributions), cells_(static_cast<std::size_t>(cells)) {
    if (reduces) trees_.reserve(static_cast<std::size_t>(std::max(contributions, 0)));
}

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

void CellValues::sum_pieces(const Operation& op, RangesCellsView sources) {
    std::size_t pieces = 0;
    for (const auto& source : sources)
        for (const auto& cells : source) pieces = std::max(pieces, cells.size());
    if (addends_.size() < pieces) addends_.resize(pieces);
    for (std::size_t piece = 0; piece < pieces; ++piece) addends_[piece].clear();
    // The kernel's order of additions: the local source first, then the
    // others (handleReduceSend, handleReadReduceSend); packets first, the
    // local source last (handleReduceSendPackets, handleReduceCopySendPackets).
    const std::size_t first = waits_for_packets(op.kind, 1) && !sources.empty() ? 1 : 0;
    for (std::size_t turn = 0; turn < sources.size(); ++turn)
        for (const auto& cells : sources[(first + turn) % sources.size()])
            for (std::size_t piece = 0; piece < cells.size(); ++piece)
                addends_[piece].push_back(cells[piece]);
    summed_.clear();
    for (std::size_t piece = 0; piece < pieces; ++piece) summed_.push_back(sum(addends_[piece]));
}

void CellValues::step_values(const Operation& op, RangesCellsView sources,
                             RangesCellsView destinations,
                             std::vector<std::pair<int, Value>>& written) {
    const bool reduction = reduces(op.kind);
    if (reduction) sum_pieces(op, sources);
    written.clear();
    for (std::size_t position = 0; position < destinations.size(); ++position)
        for (const std::vector<int>& cells : destinations[position])
            for (std::size_t piece = 0; piece < cells.size(); ++piece) {
                if (reduction) {
                    written.emplace_back(cells[piece],
                                         piece < summed_.size() ? summed_[piece] : Value{});
                    continue;
                }
                if (sources.empty()) continue;
                const auto& source = sources[std::min(position, sources.size() - 1)].front();
                written.emplace_back(cells[piece],
                                     piece < source.size() ? of(source[piece]) : Value{});
            }
}

}  // namespace trivcheck::mscclpp
