#include "checker/msccl/symbolic_execution.hpp"

#include <algorithm>
#include <string>

namespace trivcheck::msccl {

namespace {

std::string describe(const ProgramPoint& point) {
    return "gpu " + std::to_string(point.gpu) + " tb " + std::to_string(point.thread_block) +
           " step " + std::to_string(point.step);
}

std::string chunk_name(const AccessSite& site) {
    return std::string(spelling(site.buffer)) + "[" + std::to_string(site.chunk) + "]";
}

}  // namespace

SymbolicExecution::SymbolicExecution(const ProgramLayout& layout, ViolationSink& violations,
                                     bool keep_history)
    : layout_(layout),
      violations_(violations),
      keep_history_(keep_history),
      sets_(std::max(1, layout.input_chunks() * layout.gpu_count())),
      trees_(layout.input_chunks() * layout.gpu_count()),
      store_(layout, keep_history),
      clocks_(layout),
      races_(store_.cell_count()) {
    sets_.remember_unions(false);
    // As with the sets: each sum is made once; the few outputs compared are interned.
    trees_.remember_sums(false);
    reserve_values();
    for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
        for (int chunk = 0; chunk < layout.logical_chunks(gpu, Buffer::input); ++chunk) {
            const int contribution = layout.contribution(gpu, chunk);
            const SetId value = sets_.new_single(contribution);
            store_.set(store_.cell_index(gpu, Buffer::input, chunk),
                       {value, record({value, -1, -1, -1, chunk, gpu}), trees_.leaf(contribution)});
        }
}

void SymbolicExecution::reserve_values() {
    // A set per input chunk (and the empty and the full set) and at most one
    // per chunk a step reduces; an event per input chunk and per chunk a step touches.
    std::size_t inputs = 0;
    for (int gpu = 0; gpu < layout_.gpu_count(); ++gpu)
        inputs += static_cast<std::size_t>(layout_.logical_chunks(gpu, Buffer::input));
    std::size_t reduced = 0;
    std::size_t touched = 0;
    for (int block = 0; block < layout_.block_count(); ++block)
        for (const Step& step : layout_.block(block).steps) {
            if (step.type == StepType::nop) continue;
            reduced += step_reduces(step.type) ? static_cast<std::size_t>(step.count) : 0;
            touched += static_cast<std::size_t>(step.count);
        }
    // A partial sum takes an arc or a few (recursive doubling B on 512 gpus:
    // one to two on average; Trivance B on 1,024 more than two): room for
    // four each, so that the arena is not grown, copied and touched twice.
    // Room never written costs no memory.
    sets_.reserve(inputs + 2 + reduced, 4 * (inputs + 1 + reduced));
    trees_.reserve(inputs + 1 + reduced);
    if (keep_history_) history_.reserve(inputs + touched);
}

ProgramPoint SymbolicExecution::point(int block, int step, const char* note) const {
    return {layout_.gpu_of(block), layout_.block(block).id, step, {}, -1, note};
}

ProgramPoint SymbolicExecution::event_point(int index) const {
    const ValueEvent& event = history_.event(index);
    if (event.block < 0) return {event.gpu, -1, -1, "i", event.step, "its input"};
    return point(event.block, event.step,
                 spelling(layout_.block(event.block).steps[event.step].type));
}

void SymbolicExecution::report_race(const EarlierAccess& earlier_access, int cell,
                                    const AccessSite& later, int gpu) {
    if (!reported_races_
             .insert({earlier_access.block, earlier_access.step, later.block, later.step})
             .second)
        return;
    const AccessSite earlier = site_of(earlier_access, cell);
    const bool both_add =
        adds_into(earlier.block, earlier.step, cell) && adds_into(later.block, later.step, cell);
    if (both_add && unordered_reductions_++ == 0)
        first_unordered_reduction_ =
            "on gpu " + std::to_string(gpu) + ", tb " +
            std::to_string(layout_.block(earlier.block).id) + " step " +
            std::to_string(earlier.step) + " and tb " +
            std::to_string(layout_.block(later.block).id) + " step " + std::to_string(later.step) +
            " both add into " + chunk_name(later) +
            ", unordered: its order of additions depends on which runs first";
    if (!violations_.count(ViolationKind::race)) return;
    ProgramPoint first = point(earlier.block, earlier.step, earlier.write ? "writes" : "reads");
    first.buffer = spelling(earlier.buffer);
    first.chunk = earlier.chunk;
    ProgramPoint second = point(later.block, later.step, later.write ? "writes" : "reads");
    second.buffer = spelling(later.buffer);
    second.chunk = later.chunk;
    const int seen = clocks_.clock(later.block, earlier.block);
    const std::string seen_text =
        seen == 0 ? "no step of tb " + std::to_string(first.thread_block) + " is ordered before it"
                  : "only steps 0.." + std::to_string(seen - 1) + " of tb " +
                        std::to_string(first.thread_block) + " are ordered before it";
    Violation violation;
    violation.kind = ViolationKind::race;
    violation.step = later.step;
    violation.rank = gpu;
    violation.block = later.chunk;
    violation.buffer = spelling(later.buffer);
    violation.thread_block = second.thread_block;
    violation.detail = "on gpu " + std::to_string(gpu) + ", tb " +
                       std::to_string(first.thread_block) + " step " +
                       std::to_string(earlier.step) + " " + first.note + " " + chunk_name(earlier) +
                       " and tb " + std::to_string(second.thread_block) + " step " +
                       std::to_string(later.step) + " " + second.note + " " + chunk_name(later) +
                       ", unordered: no program order, message or dependency leads from one "
                       "to the other (" +
                       seen_text + ")";
    violation.points = {first, second};
    violations_.record(std::move(violation));
}

bool SymbolicExecution::adds_into(int block, int step_index, int cell) const {
    const Step& step = layout_.block(block).steps[step_index];
    if (!step_reduces(step.type) || !step_writes_destination(step.type)) return false;
    const int gpu = layout_.gpu_of(block);
    const int chunk = cell - store_.cell_index(gpu, step.dst_buffer, step.dst_offset);
    if (chunk < 0 || chunk >= step.count) return false;
    // `re` adds src to dst; rrc and rrcs store received + src, an addition
    // into the cell only where their src chunk is that cell.
    return step.type == StepType::reduce ||
           store_.cell_index(gpu, step.src_buffer, step.src_offset + chunk) == cell;
}

AccessSite SymbolicExecution::site_of(const EarlierAccess& access, int cell) const {
    const Step& step = layout_.block(access.block).steps[access.step];
    const int gpu = layout_.gpu_of(access.block);
    // The chunk of the step's range [offset, offset + cnt) of `buffer` that is `cell`, or -1.
    const auto chunk_at_cell = [&](Buffer buffer, int offset) {
        const int chunk = cell - store_.cell_index(gpu, buffer, offset);
        return chunk >= 0 && chunk < step.count ? chunk : -1;
    };
    const bool names_destination = access.write || step.type == StepType::reduce;
    const int destination =
        names_destination ? chunk_at_cell(step.dst_buffer, step.dst_offset) : -1;
    const int source = !access.write && step_reads_source(step.type)
                           ? chunk_at_cell(step.src_buffer, step.src_offset)
                           : -1;
    // The detector keeps a step's last write and last read of a cell. `run`
    // goes chunk by chunk: reads src chunk c, then (`re`) reads dst chunk c,
    // then writes dst chunk c. So a write was at the dst chunk, and a read at
    // whichever of its src and dst chunks comes later in that order.
    if (destination >= 0 && destination >= source)
        return {access.block, access.step, step.dst_buffer, step.dst_offset + destination,
                access.write};
    return {access.block, access.step, step.src_buffer, step.src_offset + source, false};
}

ChunkCell SymbolicExecution::read(const AccessSite& site, int gpu) {
    const int cell = store_.cell_index(gpu, site.buffer, site.chunk);
    if (auto conflict = races_.access(cell, site, clocks_)) report_race(*conflict, cell, site, gpu);
    return store_.cell(cell);
}

void SymbolicExecution::write(const AccessSite& site, int gpu, const ChunkCell& value) {
    const int cell = store_.cell_index(gpu, site.buffer, site.chunk);
    if (auto conflict = races_.access(cell, site, clocks_)) report_race(*conflict, cell, site, gpu);
    store_.set(cell, value);
}

ChunkCell SymbolicExecution::reduce(const ChunkCell& left, const ChunkCell& right,
                                    const StepStart& start, int chunk, const char* right_name) {
    const Step& step = layout_.block(start.block).steps[start.step];
    const int gpu = layout_.gpu_of(start.block);
    auto here = [&] { return point(start.block, start.step, spelling(step.type)); };
    auto located = [&](Violation violation) {
        violation.step = start.step;
        violation.rank = gpu;
        violation.block = chunk;
        violation.thread_block = layout_.block(start.block).id;
        violation.points = {here()};
        return violation;
    };
    if (left.value == ContributionSets::empty || right.value == ContributionSets::empty) {
        if (violations_.count(ViolationKind::reduce_of_nothing)) {
            Violation violation;
            violation.kind = ViolationKind::reduce_of_nothing;
            const bool left_empty = left.value == ContributionSets::empty;
            violation.detail = describe(here()) + " (" + spelling(step.type) + ") adds " +
                               (left_empty ? "an empty " + std::string(step.type == StepType::reduce
                                                                           ? "dst"
                                                                           : "received value")
                                           : std::string("an empty ") + right_name) +
                               " at chunk " + std::to_string(chunk) + " of its range";
            violations_.record(located(std::move(violation)));
        }
    }
    const UnionResult sum = sets_.unite(left.value, right.value);
    ChunkCell result{sum.set,
                     record({sum.set, left.event, right.event, start.block, start.step, gpu}),
                     trees_.add(left.tree, right.tree)};
    if (sum.overlap >= 0 && !keep_history_) {
        history_needed_ = true;
    } else if (sum.overlap >= 0 && violations_.count(ViolationKind::double_count)) {
        Violation violation;
        violation.kind = ViolationKind::double_count;
        violation.contributor = layout_.contribution_gpu(sum.overlap);
        violation.contributor_chunk = layout_.contribution_chunk(sum.overlap);
        violation.copies = 2;
        violation.detail = describe(here()) + " (" + spelling(step.type) +
                           ") adds two values that both hold contribution (gpu " +
                           std::to_string(violation.contributor) + ", chunk " +
                           std::to_string(violation.contributor_chunk) + ")";
        for (int side : {left.event, right.event}) {
            std::vector<ProgramPoint> chain;
            for (const int event : history_.chain(side, sum.overlap, sets_))
                chain.push_back(event_point(event));
            chain.push_back(here());
            violation.chains.push_back(std::move(chain));
        }
        violations_.record(located(std::move(violation)));
    }
    return result;
}

void SymbolicExecution::run(StepLog& log) {
    while (log.pop(logged_)) run(logged_);
}

void SymbolicExecution::run_written(StepLog& log) {
    while (log.try_pop(logged_)) run(logged_);
}

void SymbolicExecution::run(const LoggedStep& logged) {
    clocks_.start_step(logged.start.block, logged.start.step);
    if (logged.clock_changed) clocks_.assign(logged.start.block, logged.clock.data());
    run(logged.start);
}

void SymbolicExecution::run(const StepStart& start) {
    const Step& step = layout_.block(start.block).steps[start.step];
    const int gpu = layout_.gpu_of(start.block);
    const Message* incoming = nullptr;
    if (start.received_message >= 0) {
        incoming = &messages_[start.received_message];
        if (incoming->count != step.count && violations_.count(ViolationKind::count_mismatch)) {
            const ProgramPoint sender =
                point(incoming->sender_block, incoming->sender_step, "sends");
            Violation violation;
            violation.kind = ViolationKind::count_mismatch;
            violation.step = start.step;
            violation.rank = gpu;
            violation.thread_block = layout_.block(start.block).id;
            violation.detail = describe(point(start.block, start.step, "")) + " receives cnt " +
                               std::to_string(step.count) + " but the message from " +
                               describe(sender) + " has cnt " + std::to_string(incoming->count);
            violation.points = {sender, point(start.block, start.step, "receives")};
            violations_.record(std::move(violation));
        }
    }
    Message outgoing;
    if (step_sends(step.type)) outgoing.chunks.reserve(static_cast<std::size_t>(step.count));
    if (step.type != StepType::nop) {
        for (int chunk = 0; chunk < step.count; ++chunk) {
            ChunkCell received;
            if (incoming && chunk < incoming->count) received = incoming->chunks[chunk];
            ChunkCell source;
            if (step_reads_source(step.type))
                source =
                    read({start.block, start.step, step.src_buffer, step.src_offset + chunk, false},
                         gpu);
            ChunkCell result;
            switch (step.type) {
                case StepType::send:
                case StepType::copy:
                    result = {
                        source.value,
                        record({source.value, source.event, -1, start.block, start.step, gpu}),
                        source.tree};
                    break;
                case StepType::receive:
                case StepType::receive_copy_send:
                    result = {
                        received.value,
                        record({received.value, received.event, -1, start.block, start.step, gpu}),
                        received.tree};
                    break;
                case StepType::reduce: {
                    const AccessSite destination{start.block, start.step, step.dst_buffer,
                                                 step.dst_offset + chunk, false};
                    result = reduce(read(destination, gpu), source, start, chunk, "src");
                    break;
                }
                default:
                    result = reduce(received, source, start, chunk, "src");
                    break;
            }
            if (step_writes_destination(step.type))
                write({start.block, start.step, step.dst_buffer, step.dst_offset + chunk, true},
                      gpu, result);
            if (step_sends(step.type)) outgoing.chunks.push_back(result);
        }
    }
    if (start.sent_message >= 0) {
        outgoing.count = step.count;
        outgoing.sender_block = start.block;
        outgoing.sender_step = start.step;
        if (static_cast<int>(messages_.size()) <= start.sent_message)
            messages_.resize(start.sent_message + 1);
        messages_[start.sent_message] = std::move(outgoing);
    }
    if (incoming) std::vector<ChunkCell>().swap(messages_[start.received_message].chunks);
}

}  // namespace trivcheck::msccl
