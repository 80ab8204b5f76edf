#include "checker/mscclpp/plan_cells.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

CellLayout::CellLayout(const Plan& plan, int pieces)
    : plan_(plan),
      allgather_(plan.collective == "allgather"),
      reducescatter_(plan.collective == "reducescatter"),
      pieces_(pieces) {
    for (const Gpu& gpu : plan.gpus) {
        std::array<int, 4> first{};
        const int halves = plan.double_scratch ? 2 : 1;
        for (int part = 0; part < 2 + halves; ++part) {
            const BufferKind buffer = static_cast<BufferKind>(std::min(part, 2));
            first[static_cast<std::size_t>(part)] = count_;
            count_ += plan.chunks(gpu.id, buffer) * pieces;
        }
        if (halves == 1) first[3] = first[2];
        first_.push_back(first);
    }
}

CellLayout::Place CellLayout::place(int cell) const {
    // The last gpu, and then its last part, starting at or before `cell`:
    // one with no cells starts where the next does.
    const auto gpu =
        std::upper_bound(first_.begin(), first_.end(), cell,
                         [](int at, const std::array<int, 4>& first) { return at < first[0]; }) -
        1;
    std::size_t part = 3;
    while ((*gpu)[part] > cell) --part;
    const int offset = cell - (*gpu)[part];
    return {plan_.gpus[static_cast<std::size_t>(gpu - first_.begin())].id,
            static_cast<BufferKind>(std::min<std::size_t>(part, 2)), offset / pieces_,
            offset % pieces_};
}

std::pair<BufferKind, int> CellLayout::canonical(int gpu, BufferKind buffer, int chunk) const {
    const std::pair<BufferKind, int> aliased = aliased_place(gpu, buffer, chunk);
    // An alias past the other buffer's end is no alias: the buffer keeps its own cells.
    if (aliased.second >= plan_.chunks(gpu, aliased.first)) return {buffer, chunk};
    return aliased;
}

std::pair<BufferKind, int> CellLayout::aliased_place(int gpu, BufferKind buffer, int chunk) const {
    if (!plan_.in_place || buffer == BufferKind::scratch) return {buffer, chunk};
    const Gpu& of = plan_.gpus[static_cast<std::size_t>(gpu)];
    // allgather: gpu g's input is its slot of the output; reducescatter: gpu
    // g's output is its slot of the input; otherwise one buffer for both.
    if (allgather_)
        return buffer == BufferKind::input
                   ? std::pair{BufferKind::output, gpu * of.input_chunks + chunk}
                   : std::pair{buffer, chunk};
    if (reducescatter_)
        return buffer == BufferKind::output
                   ? std::pair{BufferKind::input, gpu * of.output_chunks + chunk}
                   : std::pair{buffer, chunk};
    if (buffer == BufferKind::output && of.input_chunks > 0) return {BufferKind::input, chunk};
    return {buffer, chunk};
}

int CellLayout::cell(int gpu, BufferKind buffer, int chunk, int piece, int launch) const {
    const auto [canonical_buffer, canonical_chunk] = canonical(gpu, buffer, chunk);
    std::size_t part = static_cast<std::size_t>(canonical_buffer);
    if (canonical_buffer == BufferKind::scratch && launch % 2 == 1) part = 3;
    return first_[static_cast<std::size_t>(gpu)][part] + canonical_chunk * pieces_ + piece;
}

}  // namespace trivcheck::mscclpp
