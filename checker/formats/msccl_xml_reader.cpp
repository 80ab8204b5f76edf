#include "checker/formats/msccl_xml_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <pugixml.hpp>
#include <set>
#include <utility>
#include <vector>

#include "checker/asynchronous/program_layout.hpp"
#include "checker/core/input_error.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/xml_element_reader.hpp"
#include "models/generator.hpp"

namespace trivcheck {

namespace {

using msccl::Buffer;
using msccl::Collective;
using msccl::StepType;

/// Sizes beyond these are refused before anything is allocated for them.
constexpr std::int64_t most_gpus = 1 << 16;
constexpr std::int64_t most_chunks = 1 << 24;

const std::initializer_list<const char*> step_attributes = {
    "s", "type", "srcbuf", "srcoff", "dstbuf", "dstoff", "cnt", "depid", "deps", "hasdep"};

Collective read_collective(const ElementReader& reader, const std::string& spelling) {
    if (spelling == "allreduce") return Collective::allreduce;
    if (spelling == "allgather") return Collective::allgather;
    if (spelling == "reducescatter" || spelling == "reduce_scatter")
        return Collective::reduce_scatter;
    if (spelling == "alltoall") return Collective::alltoall;
    throw NotApplicable(reader.path() + "@coll: \"" + spelling +
                        "\" has no meaning in trivcheck (it checks allreduce, allgather, "
                        "reducescatter or reduce_scatter, alltoall)");
}

/// The enumerator of `Enum` (values 0..last) that `msccl::spelling` writes as `value`, if any.
template <typename Enum>
std::optional<Enum> from_spelling(std::string_view value, Enum last) {
    for (int index = 0; index <= static_cast<int>(last); ++index)
        if (value == msccl::spelling(static_cast<Enum>(index))) return static_cast<Enum>(index);
    return std::nullopt;
}

StepType read_step_type(const ElementReader& reader) {
    const std::string_view value = reader.text("type");
    if (const std::optional<StepType> type = from_spelling(value, StepType::nop)) return *type;
    reader.fail("type", "unknown step type \"" + std::string(value) +
                            "\" (expected s, r, rcs, rrs, rrc, rrcs, cpy, re, nop)");
}

Buffer read_buffer(const ElementReader& reader, const char* name) {
    const std::string_view value = reader.text(name);
    if (const std::optional<Buffer> buffer = from_spelling(value, Buffer::scratch)) return *buffer;
    reader.fail(name, "unknown buffer \"" + std::string(value) + "\" (expected i, o or s)");
}

const char* size_attribute(Buffer buffer) {
    return buffer == Buffer::input    ? "i_chunks"
           : buffer == Buffer::output ? "o_chunks"
                                      : "s_chunks";
}

/// Chunk range [offset, offset + cnt) of `buffer` must lie within it (after aliasing).
void check_range(const ElementReader& reader, const msccl::ProgramLayout& layout, int gpu_id,
                 Buffer buffer, int offset, int count, const char* offset_name) {
    const int chunks = layout.logical_chunks(gpu_id, buffer);
    const int declared = buffer == Buffer::input    ? layout.gpu(gpu_id).input_chunks
                         : buffer == Buffer::output ? layout.gpu(gpu_id).output_chunks
                                                    : layout.gpu(gpu_id).scratch_chunks;
    const std::string size =
        chunks == declared ? std::string(size_attribute(buffer)) + " = " + std::to_string(chunks)
                           : "the " + std::to_string(chunks) + " chunks of " +
                                 msccl::spelling(buffer) + " (in place; the file's " +
                                 size_attribute(buffer) + " = " + std::to_string(declared) + ")";
    if (offset < 0) reader.fail(offset_name, std::to_string(offset) + " is negative");
    if (offset >= chunks) reader.fail(offset_name, std::to_string(offset) + " is past " + size);
    if (offset + count > chunks)
        reader.fail(offset_name, "chunks " + std::to_string(offset) + ".." +
                                     std::to_string(offset + count - 1) + " (cnt " +
                                     std::to_string(count) + ") run past " + size);
}

/// A step read, kept to check it once every thread block is known.
struct StepSource {
    ElementPath path;
    pugi::xml_node node;
    int gpu = 0;
    int thread_block = 0;
    int index = 0;
};

class ProgramReader {
  public:
    explicit ProgramReader(const std::string& file) : file_(file) {}

    msccl::Program read(pugi::xml_node algo) {
        const ElementReader reader(file_, algo, ElementPath{},
                                   {"name", "proto", "nchannels", "nchunksperloop", "ngpus", "coll",
                                    "inplace", "outofplace", "minBytes", "maxBytes"});
        msccl::Program program;
        if (reader.has("name")) program.name = reader.text("name");
        program.collective_spelling = std::string(reader.text("coll"));
        program.collective = read_collective(reader, program.collective_spelling);
        program.protocol = reader.text("proto");
        if (program.protocol != "Simple" && program.protocol != "LL" && program.protocol != "LL128")
            reader.fail("proto", "unknown protocol \"" + program.protocol +
                                     "\" (expected Simple, LL or LL128)");
        program.gpu_count = reader.small("ngpus", 1, most_gpus);
        program.channels = reader.small("nchannels", 1, most_chunks);
        program.chunks_per_loop = reader.small("nchunksperloop", 0, most_chunks);
        program.in_place = reader.flag("inplace");
        if (reader.has("outofplace")) program.out_of_place = reader.flag("outofplace");
        const std::int64_t most_bytes = std::numeric_limits<std::int64_t>::max();
        if (reader.has("minBytes")) program.min_bytes = reader.integer("minBytes", 0, most_bytes);
        if (reader.has("maxBytes")) program.max_bytes = reader.integer("maxBytes", 0, most_bytes);
        if (program.min_bytes && program.max_bytes && *program.min_bytes > *program.max_bytes)
            reader.fail("maxBytes", std::to_string(*program.max_bytes) + " is below minBytes = " +
                                        std::to_string(*program.min_bytes));
        const std::vector<pugi::xml_node> gpus = children(reader, algo, "gpu");
        std::vector<std::string> gpu_paths(program.gpu_count);
        for (std::size_t position = 0; position < gpus.size(); ++position)
            program.gpus.push_back(
                read_gpu(gpus[position], static_cast<int>(position), program, gpu_paths));
        for (int id = 0; id < program.gpu_count; ++id)
            if (gpu_paths[id].empty())
                reader.fail("ngpus",
                            "no <gpu id=\"" + std::to_string(id) +
                                "\"> although ngpus = " + std::to_string(program.gpu_count));
        const msccl::ProgramLayout layout(program);
        check_shape(program, layout, gpu_paths);
        for (const StepSource& source : steps_) check_step(source, layout);
        return program;
    }

  private:
    msccl::Gpu read_gpu(pugi::xml_node node, int gpu_position, const msccl::Program& program,
                        std::vector<std::string>& gpu_paths) {
        const ElementPath gpu_path{gpu_position};
        const std::string path = gpu_path.text();
        const ElementReader reader(file_, node, gpu_path,
                                   {"id", "i_chunks", "o_chunks", "s_chunks"});
        msccl::Gpu gpu;
        gpu.id = reader.small("id", 0, program.gpu_count - 1);
        if (!gpu_paths[gpu.id].empty())
            reader.fail("id", std::to_string(gpu.id) + " is also the id of " + gpu_paths[gpu.id]);
        gpu_paths[gpu.id] = path;
        gpu.input_chunks = reader.small("i_chunks", 0, most_chunks);
        gpu.output_chunks = reader.small("o_chunks", 0, most_chunks);
        gpu.scratch_chunks = reader.small("s_chunks", 0, most_chunks);
        std::map<int, std::string> block_paths;
        std::map<std::pair<int, int>, int> senders, receivers;  // (peer, channel) -> tb id
        const std::vector<pugi::xml_node> blocks = children(reader, node, "tb");
        for (std::size_t position = 0; position < blocks.size(); ++position) {
            const ElementPath block_path{gpu_position, static_cast<int>(position)};
            const ElementReader block_reader(file_, blocks[position], block_path,
                                             {"id", "send", "recv", "chan"});
            msccl::ThreadBlock block;
            block.id = block_reader.small("id", 0, most_chunks);
            if (!block_paths.emplace(block.id, block_path.text()).second)
                block_reader.fail(
                    "id", std::to_string(block.id) + " is also the id of " + block_paths[block.id]);
            block.send_peer = block_reader.small("send", -1, program.gpu_count - 1);
            block.receive_peer = block_reader.small("recv", -1, program.gpu_count - 1);
            block.channel = block_reader.small("chan", 0, program.channels - 1);
            for (const auto& [attribute, peer, owners] :
                 {std::tuple{"send", block.send_peer, &senders},
                  std::tuple{"recv", block.receive_peer, &receivers}}) {
                if (peer == gpu.id)
                    block_reader.fail(attribute,
                                      "gpu " + std::to_string(gpu.id) + " cannot be its own peer");
                if (peer < 0) continue;
                const auto [owner, inserted] = owners->try_emplace({peer, block.channel}, block.id);
                if (!inserted)
                    block_reader.fail(
                        attribute,
                        "tb " + std::to_string(owner->second) + " of this gpu " +
                            (std::string(attribute) == "send" ? "sends to" : "receives from") +
                            " gpu " + std::to_string(peer) + " on channel " +
                            std::to_string(block.channel) +
                            " already (one thread block per connection)");
            }
            const std::vector<pugi::xml_node> steps =
                children(block_reader, blocks[position], "step");
            block.steps.reserve(steps.size());
            for (std::size_t index = 0; index < steps.size(); ++index) {
                const StepSource source{
                    {gpu_position, static_cast<int>(position), static_cast<int>(index)},
                    steps[index],
                    gpu.id,
                    block.id,
                    static_cast<int>(index)};
                block.steps.push_back(read_step(source, static_cast<int>(index)));
                steps_.push_back(source);
            }
            gpu.thread_blocks.push_back(std::move(block));
        }
        return gpu;
    }

    msccl::Step read_step(const StepSource& source, int index) {
        const ElementReader reader(file_, source.node, source.path, step_attributes);
        msccl::Step step;
        step.index = reader.small("s", 0, most_chunks);
        if (step.index != index)
            reader.fail("s", std::to_string(step.index) + ", expected " + std::to_string(index) +
                                 " (steps are numbered in file order)");
        step.type = read_step_type(reader);
        step.src_buffer = read_buffer(reader, "srcbuf");
        step.src_offset = reader.small("srcoff", -1, most_chunks);
        step.dst_buffer = read_buffer(reader, "dstbuf");
        step.dst_offset = reader.small("dstoff", -1, most_chunks);
        step.count = reader.small("cnt", step.type == StepType::nop ? 0 : 1, most_chunks);
        step.depends_on_block = reader.small("depid", -1, most_chunks);
        step.depends_on_step = reader.small("deps", -1, most_chunks);
        if (step.depends_on_block >= 0 && step.depends_on_step < 0)
            reader.fail("deps", std::to_string(step.depends_on_step) +
                                    " names no step, but depid = " +
                                    std::to_string(step.depends_on_block) + " waits on one");
        step.signals = reader.flag("hasdep");
        return step;
    }

    void check_step(const StepSource& source, const msccl::ProgramLayout& layout) {
        const ElementReader reader(file_, source.node, source.path);
        const int gpu_id = source.gpu;
        const msccl::ThreadBlock& block =
            layout.block(layout.block_with_id(gpu_id, source.thread_block));
        const msccl::Step& step = block.steps[source.index];
        if (msccl::step_sends(step.type) && block.send_peer < 0)
            reader.fail("type", std::string(msccl::spelling(step.type)) +
                                    " sends, but its thread block has send=\"-1\"");
        if (msccl::step_receives(step.type) && block.receive_peer < 0)
            reader.fail("type", std::string(msccl::spelling(step.type)) +
                                    " receives, but its thread block has recv=\"-1\"");
        const bool reads_destination = step.type == StepType::reduce;
        if (msccl::step_reads_source(step.type))
            check_range(reader, layout, gpu_id, step.src_buffer, step.src_offset, step.count,
                        "srcoff");
        if (msccl::step_writes_destination(step.type) || reads_destination)
            check_range(reader, layout, gpu_id, step.dst_buffer, step.dst_offset, step.count,
                        "dstoff");
        if (step.depends_on_block >= 0 && layout.block_with_id(gpu_id, step.depends_on_block) < 0)
            reader.fail("depid", std::to_string(step.depends_on_block) +
                                     " names no thread block of gpu " + std::to_string(gpu_id));
    }

    void check_shape(const msccl::Program& program, const msccl::ProgramLayout& layout,
                     const std::vector<std::string>& gpu_paths) {
        const int gpus = program.gpu_count;
        for (int id = 0; id < gpus; ++id) {
            const std::string& path = gpu_paths[id];
            const int input = layout.logical_chunks(id, Buffer::input);
            const int output = layout.logical_chunks(id, Buffer::output);
            auto refuse = [&](const char* attribute, const std::string& expected) {
                throw InputError(file_, path + "@" + attribute, expected);
            };
            if (input != layout.logical_chunks(0, Buffer::input))
                refuse("i_chunks", std::to_string(input) + " chunks differ from the " +
                                       std::to_string(layout.logical_chunks(0, Buffer::input)) +
                                       " of gpu 0");
            const std::string collective = program.collective_spelling;
            switch (program.collective) {
                case Collective::allreduce:
                    if (output != input)
                        refuse("o_chunks", std::to_string(output) + " output chunks, but " +
                                               collective + " needs as many as input chunks (" +
                                               std::to_string(input) + ")");
                    break;
                case Collective::alltoall:
                    if (output != input || input % gpus != 0)
                        refuse(
                            "o_chunks",
                            std::to_string(output) + " output and " + std::to_string(input) +
                                " input chunks, but " + collective +
                                " needs equal sizes divisible by ngpus = " + std::to_string(gpus));
                    break;
                case Collective::allgather:
                    if (output != gpus * input || input == 0)
                        refuse("o_chunks",
                               std::to_string(output) + " output chunks, but " + collective +
                                   " needs ngpus x input chunks = " + std::to_string(gpus * input));
                    break;
                case Collective::reduce_scatter:
                    if (input != gpus * output || output == 0)
                        refuse("i_chunks", std::to_string(input) + " input chunks, but " +
                                               collective + " needs ngpus x output chunks = " +
                                               std::to_string(gpus * output));
                    break;
            }
        }
    }

    const std::string& file_;
    std::vector<StepSource> steps_;
};

std::pair<int, int> line_and_column(std::string_view text, std::ptrdiff_t offset) {
    int line = 1;
    int column = 1;
    for (std::ptrdiff_t index = 0; index < offset && index < std::ssize(text); ++index) {
        if (text[index] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return {line, column};
}

/// The program of a parsed document, or an InputError naming where it is not one.
msccl::Program read_document(const pugi::xml_document& document, const std::string& file_label) {
    pugi::xml_node algo;
    for (pugi::xml_node node : document.children()) {
        if (node.type() != pugi::node_element) continue;
        if (algo || std::string(node.name()) != "algo")
            throw InputError(
                file_label, "",
                "expected one root element <algo>, found <" + std::string(node.name()) + ">");
        algo = node;
    }
    if (!algo) throw InputError(file_label, "", "expected a root element <algo>");
    return ProgramReader(file_label).read(algo);
}

[[noreturn]] void refuse_malformed(std::string_view text, const pugi::xml_parse_result& parsed,
                                   const std::string& file_label) {
    const auto [line, column] = line_and_column(text, parsed.offset);
    throw InputError::at_position(file_label, line, column,
                                  std::string("malformed XML: ") + parsed.description());
}

}  // namespace

msccl::Program parse_msccl_xml(std::string_view text, const std::string& file_label) {
    pugi::xml_document document;
    const pugi::xml_parse_result parsed =
        document.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) refuse_malformed(text, parsed, file_label);
    return read_document(document, file_label);
}

msccl::Program read_msccl_file(const std::string& path) {
    // Parsed in place (large files are not copied); the parser changes the
    // text, so an error's line is counted in the file read again.
    std::string text = read_file_text(path);
    pugi::xml_document document;
    const pugi::xml_parse_result parsed = document.load_buffer_inplace(
        text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed) refuse_malformed(read_file_text(path), parsed, path);
    return read_document(document, path);
}

bool looks_like_msccl_xml(std::string_view text) {
    std::size_t position = 0;
    while (position < text.size()) {
        position = text.find_first_not_of(" \t\r\n", position);
        if (position == std::string_view::npos) return false;
        const std::string_view rest = text.substr(position);
        if (rest.starts_with("<!--") || rest.starts_with("<?")) {
            const std::string_view close = rest.starts_with("<!--") ? "-->" : "?>";
            const std::size_t end = text.find(close, position);
            if (end == std::string_view::npos) return false;
            position = end + close.size();
            continue;
        }
        return rest.starts_with("<algo") &&
               (rest.size() == 5 ||
                std::string_view(" \t\r\n>/").find(rest[5]) != std::string_view::npos);
    }
    return false;
}

}  // namespace trivcheck
