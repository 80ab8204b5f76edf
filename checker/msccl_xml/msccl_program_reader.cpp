#include "checker/msccl_xml/msccl_program_reader.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <tuple>

#include "checker/core/input_error.hpp"
#include "checker/core/program_layout.hpp"
#include "checker/formats/canonical_step.hpp"
#include "models/generator.hpp"

namespace trivcheck {

namespace {

using msccl::Buffer;
using msccl::Collective;
using msccl::StepType;

/// Sizes beyond these are refused before anything is allocated for them.
constexpr std::int64_t most_gpus = 1 << 16;
constexpr std::int64_t most_chunks = 1 << 24;

/// The enumerator of `Enum` (values 0..last) that `msccl::spelling` writes as `value`, if any.
template <typename Enum>
std::optional<Enum> from_spelling(std::string_view value, Enum last) {
    // The spellings as views, measured once: this runs for every step of a file.
    static const std::vector<std::string_view> spellings = [last] {
        std::vector<std::string_view> all;
        for (int index = 0; index <= static_cast<int>(last); ++index)
            all.emplace_back(msccl::spelling(static_cast<Enum>(index)));
        return all;
    }();
    for (std::size_t index = 0; index < spellings.size(); ++index)
        if (same_text(value, spellings[index])) return static_cast<Enum>(index);
    return std::nullopt;
}

/// `coll`: RCCL's names (msccl_parser.cc: reducescatter, not reduce_scatter),
/// trivcheck's reduce_scatter and MSCCLang's custom.
Collective read_collective(const ElementReader& reader, const std::string& spelling) {
    if (spelling == "reducescatter") return Collective::reduce_scatter;
    if (const std::optional<Collective> collective = from_spelling(spelling, Collective::custom))
        return *collective;
    reader.fail("coll", "\"" + spelling +
                            "\" is not a collective (RCCL: unsupported collective; expected "
                            "allreduce, allgather, reducescatter, alltoall, broadcast, reduce, "
                            "gather, scatter, alltoallv, send, recv or custom)");
}

template <typename Attributes>
StepType read_step_type(const Attributes& reader) {
    const std::string_view value = reader.text("type");
    if (const std::optional<StepType> type = from_spelling(value, StepType::nop)) return *type;
    reader.fail("type", "unknown step type \"" + std::string(value) +
                            "\" (expected s, r, rcs, rrs, rrc, rrcs, cpy, re, nop)");
}

template <typename Attributes>
Buffer read_buffer(const Attributes& reader, std::string_view name) {
    const std::string_view value = reader.text(name);
    if (const std::optional<Buffer> buffer = from_spelling(value, Buffer::scratch)) return *buffer;
    reader.fail(std::string(name),
                "unknown buffer \"" + std::string(value) + "\" (expected i, o or s)");
}

const char* size_attribute(Buffer buffer) {
    return buffer == Buffer::input    ? "i_chunks"
           : buffer == Buffer::output ? "o_chunks"
                                      : "s_chunks";
}

/// A gpu's buffers in chunks, by msccl::Buffer: as its steps may name them
/// (after in-place aliasing) and as its file declares them.
struct GpuBuffers {
    std::array<int, 3> chunks{};
    std::array<int, 3> declared{};

    GpuBuffers(const msccl::ProgramLayout& layout, int gpu_id) {
        const msccl::Gpu& gpu = layout.gpu(gpu_id);
        declared = {gpu.input_chunks, gpu.output_chunks, gpu.scratch_chunks};
        for (const Buffer buffer : {Buffer::input, Buffer::output, Buffer::scratch})
            chunks[index(buffer)] = layout.logical_chunks(gpu_id, buffer);
    }

    static std::size_t index(Buffer buffer) { return static_cast<std::size_t>(buffer); }

    /// The size of `buffer` as errors name it: `i_chunks = 8`, or what aliasing made of it.
    std::string size_text(Buffer buffer) const {
        const int logical = chunks[index(buffer)];
        const int written = declared[index(buffer)];
        return logical == written
                   ? std::string(size_attribute(buffer)) + " = " + std::to_string(logical)
                   : "the " + std::to_string(logical) + " chunks of " + msccl::spelling(buffer) +
                         " (in place; the file's " + size_attribute(buffer) + " = " +
                         std::to_string(written) + ")";
    }
};

/// Where finish checks a step: the file and the step's path, for its errors.
struct StepPlace {
    const std::string& file;
    ElementPath path;

    [[noreturn]] void fail(const std::string& attribute, const std::string& expected) const {
        fail_at(file, path, attribute, expected);
    }
};

/// Why chunk range [offset, offset + count) of `buffer` is not within it.
[[noreturn]] void refuse_range(const StepPlace& place, const GpuBuffers& buffers, Buffer buffer,
                               int offset, int count, const char* offset_name) {
    const int chunks = buffers.chunks[GpuBuffers::index(buffer)];
    if (offset < 0) place.fail(offset_name, std::to_string(offset) + " is negative");
    if (offset >= chunks)
        place.fail(offset_name, std::to_string(offset) + " is past " + buffers.size_text(buffer));
    place.fail(offset_name, "chunks " + std::to_string(offset) + ".." +
                                std::to_string(offset + count - 1) + " (cnt " +
                                std::to_string(count) + ") run past " + buffers.size_text(buffer));
}

/// Chunk range [offset, offset + cnt) of `buffer` must lie within it (after aliasing).
void check_range(const StepPlace& place, const GpuBuffers& buffers, Buffer buffer, int offset,
                 int count, const char* offset_name) {
    const int chunks = buffers.chunks[GpuBuffers::index(buffer)];
    if (offset < 0 || offset >= chunks || offset + count > chunks)
        refuse_range(place, buffers, buffer, offset, count, offset_name);
}

/// A step's buffers, peers and dependency, against the program around it.
void check_step(const StepPlace& place, const msccl::ProgramLayout& layout, int gpu_id,
                const GpuBuffers& buffers, const msccl::ThreadBlock& block,
                const msccl::Step& step) {
    if (msccl::step_sends(step.type) && block.send_peer < 0)
        place.fail("type", std::string(msccl::spelling(step.type)) +
                               " sends, but its thread block has send=\"-1\"");
    if (msccl::step_receives(step.type) && block.receive_peer < 0)
        place.fail("type", std::string(msccl::spelling(step.type)) +
                               " receives, but its thread block has recv=\"-1\"");
    const bool reads_destination = step.type == StepType::reduce;
    if (msccl::step_reads_source(step.type))
        check_range(place, buffers, step.src_buffer, step.src_offset, step.count, "srcoff");
    if (msccl::step_writes_destination(step.type) || reads_destination)
        check_range(place, buffers, step.dst_buffer, step.dst_offset, step.count, "dstoff");
    if (step.depends_on_block >= 0 && layout.block_with_id(gpu_id, step.depends_on_block) < 0)
        place.fail("depid", std::to_string(step.depends_on_block) +
                                " names no thread block of gpu " + std::to_string(gpu_id));
}

/// Buffer sizes that fit the collective, on every gpu.
void check_shape(const std::string& file, const msccl::Program& program,
                 const msccl::ProgramLayout& layout, const std::vector<std::string>& gpu_paths) {
    const int gpus = program.gpu_count;
    for (int id = 0; id < gpus; ++id) {
        const std::string& path = gpu_paths[id];
        const int input = layout.logical_chunks(id, Buffer::input);
        const int output = layout.logical_chunks(id, Buffer::output);
        auto refuse = [&](const char* attribute, const std::string& expected) {
            throw InputError(file, path + "@" + attribute, expected);
        };
        const std::string collective = program.collective_spelling;
        auto same_input_everywhere = [&] {
            if (input != layout.logical_chunks(0, Buffer::input))
                refuse("i_chunks", std::to_string(input) + " chunks differ from the " +
                                       std::to_string(layout.logical_chunks(0, Buffer::input)) +
                                       " of gpu 0");
        };
        // A collective of nothing would hold vacuously: refused, as RCCL has nothing to run.
        // (alltoallv, send, recv and custom size their buffers themselves.)
        auto refuse_empty = [&](bool scatters) {
            if ((scatters ? output : input) == 0)
                refuse(scatters ? "o_chunks" : "i_chunks",
                       std::string("0 ") + (scatters ? "output" : "input") + " chunks, but " +
                           collective + " needs at least one per gpu");
        };
        switch (program.collective) {
            case Collective::allreduce:
            case Collective::broadcast:
            case Collective::reduce:
                same_input_everywhere();
                refuse_empty(false);
                if (output != input)
                    refuse("o_chunks", std::to_string(output) + " output chunks, but " +
                                           collective + " needs as many as input chunks (" +
                                           std::to_string(input) + ")");
                break;
            case Collective::alltoall:
                same_input_everywhere();
                refuse_empty(false);
                if (output != input || input % gpus != 0)
                    refuse("o_chunks",
                           std::to_string(output) + " output and " + std::to_string(input) +
                               " input chunks, but " + collective +
                               " needs equal sizes divisible by ngpus = " + std::to_string(gpus));
                break;
            case Collective::allgather:
            case Collective::gather:
                same_input_everywhere();
                refuse_empty(false);
                if (output != std::int64_t{gpus} * input)
                    refuse("o_chunks", std::to_string(output) + " output chunks, but " +
                                           collective + " needs ngpus x input chunks = " +
                                           std::to_string(std::int64_t{gpus} * input));
                break;
            case Collective::reduce_scatter:
            case Collective::scatter:
                same_input_everywhere();
                refuse_empty(true);
                if (input != std::int64_t{gpus} * output)
                    refuse("i_chunks", std::to_string(input) + " input chunks, but " + collective +
                                           " needs ngpus x output chunks = " +
                                           std::to_string(std::int64_t{gpus} * output));
                break;
            case Collective::alltoallv:
            case Collective::send:
            case Collective::recv:
            case Collective::custom:
                // Sizes are the program's own (alltoallv's counts, send's and
                // recv's peer are given at run time): any fit.
                break;
        }
    }
}

}  // namespace

const AttributeNames MscclProgramReader::algo_attributes = {
    "name", "proto",   "nchannels",  "nchunksperloop", "ngpus",
    "coll", "inplace", "outofplace", "minBytes",       "maxBytes"};
const AttributeNames MscclProgramReader::gpu_attributes = {"id", "i_chunks", "o_chunks",
                                                           "s_chunks"};
const AttributeNames MscclProgramReader::block_attributes = {"id", "send", "recv", "chan"};
const AttributeNames MscclProgramReader::step_attributes = {
    "s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid", "deps", "hasdep"};

void MscclProgramReader::read_algo(const ElementReader& reader) {
    msccl::Program& program = program_;
    if (reader.has("name")) program.name = reader.text("name");
    program.collective_spelling = std::string(reader.text("coll"));
    program.collective = read_collective(reader, program.collective_spelling);
    program.protocol = reader.text("proto");
    if (program.protocol != "Simple" && program.protocol != "LL" && program.protocol != "LL128")
        reader.fail("proto",
                    "unknown protocol \"" + program.protocol + "\" (expected Simple, LL or LL128)");
    program.gpu_count = reader.small("ngpus", 1, most_gpus);
    program.channels = reader.small("nchannels", 1, most_chunks);
    program.chunks_per_loop = reader.small("nchunksperloop", 0, most_chunks);
    program.in_place = reader.flag("inplace");
    if (reader.has("outofplace")) program.out_of_place = reader.flag("outofplace");
    const std::int64_t most_bytes = std::numeric_limits<std::int64_t>::max();
    if (reader.has("minBytes")) program.min_bytes = reader.integer("minBytes", 0, most_bytes);
    if (reader.has("maxBytes")) program.max_bytes = reader.integer("maxBytes", 0, most_bytes);
    // maxBytes = 0 is no upper bound (RCCL: m.maxBytes == 0 || nBytes <= m.maxBytes).
    if (program.min_bytes && program.max_bytes && *program.max_bytes != 0 &&
        *program.min_bytes > *program.max_bytes) {
        const std::string below = std::to_string(*program.max_bytes) +
                                  " is below minBytes = " + std::to_string(*program.min_bytes);
        if (!warnings_) reader.fail("maxBytes", below);
        warnings_->add("maxBytes", reader.element_path(),
                       "maxBytes " + below + ": RCCL never selects this program");
    }
    gpu_paths_.assign(program.gpu_count, "");
    note_base0(reader);
}

void MscclProgramReader::read_gpu(const ElementReader& reader) {
    msccl::Gpu gpu;
    gpu.id = reader.small("id", 0, program_.gpu_count - 1);
    if (!gpu_paths_[gpu.id].empty())
        reader.fail("id", std::to_string(gpu.id) + " is also the id of " + gpu_paths_[gpu.id]);
    gpu_paths_[gpu.id] = reader.path();
    gpu.input_chunks = reader.small("i_chunks", 0, most_chunks);
    gpu.output_chunks = reader.small("o_chunks", 0, most_chunks);
    gpu.scratch_chunks = reader.small("s_chunks", 0, most_chunks);
    block_paths_.clear();
    senders_.clear();
    receivers_.clear();
    program_.gpus.push_back(std::move(gpu));
    note_base0(reader);
}

void MscclProgramReader::read_block(const ElementReader& block_reader) {
    const msccl::Gpu& gpu = program_.gpus.back();
    msccl::ThreadBlock block;
    block.id = block_reader.small("id", 0, most_chunks);
    if (!block_paths_.emplace(block.id, block_reader.path()).second)
        block_reader.fail(
            "id", std::to_string(block.id) + " is also the id of " + block_paths_[block.id]);
    block.send_peer = block_reader.small("send", -1, program_.gpu_count - 1);
    block.receive_peer = block_reader.small("recv", -1, program_.gpu_count - 1);
    block.channel = block_reader.small("chan", 0, program_.channels - 1);
    for (const auto& [attribute, peer, owners] :
         {std::tuple{"send", block.send_peer, &senders_},
          std::tuple{"recv", block.receive_peer, &receivers_}}) {
        if (peer == gpu.id)
            block_reader.fail(attribute,
                              "gpu " + std::to_string(gpu.id) + " cannot be its own peer");
        if (peer < 0) continue;
        const auto [owner, inserted] = owners->try_emplace({peer, block.channel}, block.id);
        if (!inserted)
            block_reader.fail(
                attribute, "tb " + std::to_string(owner->second) + " of this gpu " +
                               (std::string(attribute) == "send" ? "sends to" : "receives from") +
                               " gpu " + std::to_string(peer) + " on channel " +
                               std::to_string(block.channel) +
                               " already (one thread block per connection)");
    }
    program_.gpus.back().thread_blocks.push_back(std::move(block));
    note_base0(block_reader);
}

namespace {

/// A <step>'s attributes as read_step asks for them: ElementReader, or the
/// values of a canonical step (CanonicalStepAttributes), in the same order.
/// Whatever `reader.fail` does (an InputError, or giving up the shortcut),
/// it does not return.
/// With `warnings`, an `s` out of file order is read as RCCL reads it: the
/// step runs, and is counted, at its place in the file; a warning says so.
template <typename Attributes>
msccl::Step step_from(const Attributes& reader, int index, ReadingWarnings* warnings = nullptr) {
    msccl::Step step;
    step.index = reader.small("s", 0, most_chunks);
    if (step.index != index) {
        const std::string expected = std::to_string(step.index) + ", expected " +
                                     std::to_string(index) + " (steps are numbered in file order)";
        if (!warnings) reader.fail("s", expected);
        warnings->add("s", reader.element_path(),
                      "s = " + expected +
                          "; out of order or repeated, it is read as RCCL "
                          "reads it: the step runs at its place in the file, as step " +
                          std::to_string(index) + ", and deps count it there");
        step.index = index;
    }
    step.type = read_step_type(reader);
    step.src_buffer = read_buffer(reader, "srcbuf");
    step.src_offset = reader.small("srcoff", -1, most_chunks);
    step.dst_buffer = read_buffer(reader, "dstbuf");
    step.dst_offset = reader.small("dstoff", -1, most_chunks);
    // RCCL's parser refuses only a negative cnt (mscclGetAlgoFromXmlFile); a
    // lenient reading takes 0, which moves nothing, and warns.
    step.count = reader.small("cnt", step.type == StepType::nop || warnings ? 0 : 1, most_chunks);
    if (step.count == 0 && step.type != StepType::nop && warnings)
        warnings->add("cnt", reader.element_path(),
                      "cnt = 0: the step moves nothing (mscclRunInterpreter makes no call for it; "
                      "RCCL's parser refuses only a negative cnt); --strict refuses it");
    step.depends_on_block = reader.small("depid", -1, most_chunks);
    step.depends_on_step = reader.small("deps", -1, most_chunks);
    if (step.depends_on_block >= 0 && step.depends_on_step < 0)
        reader.fail("deps", std::to_string(step.depends_on_step) + " names no step, but depid = " +
                                std::to_string(step.depends_on_block) + " waits on one");
    step.signals = reader.flag("hasdep");
    return step;
}

/// Thrown by CanonicalStepAttributes::fail: the step is read the general way,
/// which names what is wrong.
struct NotAsCanonical {};

/// A canonical step's values, asked for by name as ElementReader's are.
class CanonicalStepAttributes {
  public:
    explicit CanonicalStepAttributes(const CanonicalStep& step) : step_(step) {}

    std::string_view text(std::string_view name) const {
        // step_from asks in the order of the names: the next one first.
        if (next_ < CanonicalStep::names.size() && CanonicalStep::names[next_] == name)
            return step_.values[next_++];
        for (std::size_t index = 0; index < CanonicalStep::names.size(); ++index)
            if (CanonicalStep::names[index] == name) return step_.values[index];
        throw NotAsCanonical{};
    }
    int small(std::string_view name, std::int64_t least, std::int64_t most) const {
        const std::string_view value = text(name);
        if (relies_on_base0(value)) throw NotAsCanonical{};  // read the general way, and warned of
        const std::optional<std::int64_t> number = whole_integer(value);
        if (!number || *number < least || *number > most) throw NotAsCanonical{};
        return static_cast<int>(*number);
    }
    bool flag(std::string_view name) const { return small(name, 0, 1) == 1; }
    [[noreturn]] void fail(const std::string&, const std::string&) const { throw NotAsCanonical{}; }
    ElementPath element_path() const { return {}; }

  private:
    const CanonicalStep& step_;
    mutable std::size_t next_ = 0;
};

}  // namespace

void MscclProgramReader::read_step(const ElementReader& reader, int index) {
    program_.gpus.back().thread_blocks.back().steps.push_back(step_from(reader, index, warnings()));
    note_base0(reader);
}

void MscclProgramReader::note_base0(const ElementReader& reader) {
    if (warnings_ && !reader.base0_note().empty())
        warnings_->add("base0", reader.element_path(),
                       reader.base0_note().substr(1));  // the path names the element
}

std::size_t MscclProgramReader::read_canonical_step(std::string_view text, int index) {
    const CanonicalStep canonical = scan_canonical_step(text);
    if (canonical.length == 0) return 0;
    try {
        const msccl::Step step = step_from(CanonicalStepAttributes(canonical), index);
        program_.gpus.back().thread_blocks.back().steps.push_back(step);
        return canonical.length;
    } catch (const NotAsCanonical&) {
        return 0;
    }
}

void MscclProgramReader::append_gpus(MscclProgramReader&& later) {
    for (int id = 0; id < program_.gpu_count; ++id) {
        std::string& path = later.gpu_paths_[id];
        if (path.empty()) continue;
        if (!gpu_paths_[id].empty())
            throw InputError(file_, path + "@id",
                             std::to_string(id) + " is also the id of " + gpu_paths_[id]);
        gpu_paths_[id] = std::move(path);
    }
    for (msccl::Gpu& gpu : later.program_.gpus) program_.gpus.push_back(std::move(gpu));
}

msccl::Program MscclProgramReader::finish() {
    for (int id = 0; id < program_.gpu_count; ++id)
        if (gpu_paths_[id].empty())
            ElementReader(file_, ElementPath{})
                .fail("ngpus", "no <gpu id=\"" + std::to_string(id) +
                                   "\"> although ngpus = " + std::to_string(program_.gpu_count));
    const msccl::ProgramLayout layout(program_);
    check_shape(file_, program_, layout, gpu_paths_);
    for (int gpu = 0; gpu < static_cast<int>(program_.gpus.size()); ++gpu) {
        const int gpu_id = program_.gpus[gpu].id;
        const GpuBuffers buffers(layout, gpu_id);
        const std::vector<msccl::ThreadBlock>& blocks = program_.gpus[gpu].thread_blocks;
        for (int block = 0; block < static_cast<int>(blocks.size()); ++block)
            for (int step = 0; step < static_cast<int>(blocks[block].steps.size()); ++step)
                check_step(StepPlace{file_, ElementPath{gpu, block, step}}, layout, gpu_id, buffers,
                           blocks[block], blocks[block].steps[step]);
    }
    if (warnings_) program_.warnings = warnings_->lines();
    return std::move(program_);
}

}  // namespace trivcheck
