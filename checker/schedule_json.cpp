// Reading half of checker/schedule_json.hpp; the writer is in
// checker/schedule_json_writer.cpp.

#include "checker/schedule_json.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "checker/block_list_text.hpp"
#include "checker/block_set_pool.hpp"
#include "checker/json_document.hpp"

namespace trivcheck {
namespace {

using json = nlohmann::json;

// ---------------------------------------------------------------------------
// Paths and value descriptions for error messages

/// A JSON path kept on the stack while the reader descends; it becomes text
/// only when an error is reported, so valid files pay nothing for it.
struct JsonPath {
    const JsonPath* parent = nullptr;
    std::string_view key;
    std::size_t index = 0;
    bool is_index = false;

    JsonPath field(std::string_view name) const { return JsonPath{this, name, 0, false}; }
    JsonPath element(std::size_t position) const { return JsonPath{this, {}, position, true}; }

    std::string text() const {
        if (parent == nullptr) return "";
        std::string prefix = parent->text();
        if (is_index) return prefix + "[" + std::to_string(index) + "]";
        return prefix.empty() ? std::string(key) : prefix + "." + std::string(key);
    }
};

/// What the reader found instead of what it expected: `string "4"`, `-3`,
/// `an array`.
std::string describe(const json& value) {
    switch (value.type()) {
        case json::value_t::null:
            return "null";
        case json::value_t::boolean:
            return value.get<bool>() ? "true" : "false";
        case json::value_t::string: {
            std::string text = value.dump();
            constexpr std::size_t kLimit = 40;
            if (text.size() > kLimit) {
                // Cut at a character boundary, not inside a UTF-8 sequence.
                std::size_t cut = kLimit;
                while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
                text = text.substr(0, cut) + "...\"";
            }
            return "string " + text;
        }
        case json::value_t::array:
            return "an array";
        case json::value_t::object:
            return "an object";
        default:
            return value.dump();
    }
}

/// The value of a JSON integer, or nothing for non-integers and for unsigned
/// values past int64 (which are out of every range the schema has).
std::optional<std::int64_t> as_int64(const json& value) {
    if (!value.is_number_integer()) return std::nullopt;
    if (value.is_number_unsigned()) {
        std::uint64_t number = value.get<std::uint64_t>();
        if (number > static_cast<std::uint64_t>(INT64_MAX)) return std::nullopt;
        return static_cast<std::int64_t>(number);
    }
    return value.get<std::int64_t>();
}

std::string quote_list(std::initializer_list<std::string_view> names) {
    std::string text;
    std::size_t i = 0;
    for (std::string_view name : names) {
        if (i > 0) text += (i + 1 == names.size()) ? (names.size() > 2 ? ", or " : " or ") : ", ";
        text += "\"" + std::string(name) + "\"";
        ++i;
    }
    return text;
}

// ---------------------------------------------------------------------------
// The reader

class ScheduleReader;

/// An object whose field names have been checked against the schema.
class Fields {
  public:
    Fields(const ScheduleReader& reader, const json& object, const JsonPath& path,
           std::string_view what, std::initializer_list<std::string_view> allowed);

    const json* optional(std::string_view name) const {
        auto found = object_.find(std::string(name));
        return found == object_.end() ? nullptr : &*found;
    }
    const json& required(std::string_view name) const;
    const JsonPath& path() const { return path_; }

  private:
    const ScheduleReader& reader_;
    const json& object_;
    const JsonPath& path_;
};

class ScheduleReader {
  public:
    explicit ScheduleReader(const std::string& file) : file_(file) {}

    [[noreturn]] void fail(const JsonPath& path, std::string expected) const {
        throw InputError(file_, path.text(), std::move(expected));
    }
    [[noreturn]] void fail_type(const JsonPath& path, std::string_view expected,
                                const json& value) const {
        fail(path, "expected " + std::string(expected) + ", got " + describe(value));
    }

    Schedule read(const json& document) {
        const JsonPath root;
        if (!document.is_object()) fail_type(root, "a schedule object", document);
        // The schema comes first: a file of another version may well have
        // other fields, and "unknown field" would hide the real reason.
        const JsonPath schema_path = root.field("schema");
        auto schema = document.find("schema");
        if (schema == document.end())
            fail(root, std::string("missing required field \"schema\" (expected \"") +
                           kScheduleSchema + "\")");
        if (!schema->is_string() || schema->get_ref<const std::string&>() != kScheduleSchema)
            fail_type(schema_path, std::string("\"") + kScheduleSchema + "\"", *schema);

        Fields fields(*this, document, root, "a schedule object",
                      {"schema", "name", "algo", "form", "collective", "topology", "ranks",
                       "blocks", "ports", "bounds", "steps"});
        Schedule schedule;
        schedule.name = optional_string(fields, "name");
        schedule.algo = optional_string(fields, "algo");
        schedule.form = optional_string(fields, "form");
        const json& collective = fields.required("collective");
        std::optional<Collective> parsed_collective;
        if (collective.is_string())
            parsed_collective = parse_collective(collective.get_ref<const std::string&>());
        if (!parsed_collective)
            fail_type(root.field("collective"),
                      quote_list({"allreduce", "reduce_scatter", "allgather"}), collective);
        schedule.collective = *parsed_collective;
        schedule.ranks = read_count(fields.required("ranks"), root.field("ranks"));
        schedule.blocks = read_count(fields.required("blocks"), root.field("blocks"));
        schedule.ports = read_count(fields.required("ports"), root.field("ports"));
        ranks_ = schedule.ranks;
        blocks_ = schedule.blocks;
        schedule.topology = read_topology(fields.required("topology"), root.field("topology"));
        use_topology(schedule.topology);
        if (!pool_) pool_.emplace(blocks_);

        const JsonPath steps_path = root.field("steps");
        const json& steps = fields.required("steps");
        if (!steps.is_array()) fail_type(steps_path, "an array of steps", steps);
        if (const json* bounds = fields.optional("bounds"))
            schedule.bounds = read_bounds(*bounds, root.field("bounds"), steps.size());

        schedule.steps.reserve(steps.size());
        for (std::size_t i = 0; i < steps.size(); ++i)
            schedule.steps.push_back(read_step(steps[i], steps_path.element(i), i));
        return schedule;
    }

    /// Receives each transfer as the parser completes it. When the header it
    /// depends on (ranks, blocks, topology) came before the steps, as the
    /// writer puts it, the transfer is checked and converted at once, so a
    /// large file never exists as JSON values in full; otherwise it is kept
    /// for read(). Errors found here are kept, not thrown, so that a syntax
    /// error later in the file or an earlier field's error still comes first.
    void take_transfer(std::size_t step, std::size_t index, json& element, json& array,
                       const json& root) {
        if (!streaming_decided_) {
            streaming_decided_ = true;
            streaming_ = read_header_early(root);
        }
        if (!streaming_) {
            array.push_back(std::move(element));
            return;
        }
        if (streamed_error_) return;
        if (streamed_.size() <= step) streamed_.resize(step + 1);
        const JsonPath root_path;
        const JsonPath steps_path = root_path.field("steps");
        const JsonPath step_path = steps_path.element(step);
        const JsonPath transfers_path = step_path.field("transfers");
        try {
            streamed_[step].push_back(read_transfer(element, transfers_path.element(index)));
        } catch (InputError& error) {
            streamed_error_ = std::move(error);
            streamed_error_step_ = step;
        }
    }

  private:
    std::string optional_string(const Fields& fields, std::string_view name) const {
        const json* value = fields.optional(name);
        if (value == nullptr) return "";
        if (!value->is_string()) fail_type(fields.path().field(name), "a string", *value);
        return value->get<std::string>();
    }

    /// An integer in [minimum, maximum]; `expected` describes the range.
    std::int64_t read_integer(const json& value, const JsonPath& path, std::int64_t minimum,
                              std::int64_t maximum, std::string_view expected) const {
        std::optional<std::int64_t> number = as_int64(value);
        if (!number || *number < minimum || *number > maximum) fail_type(path, expected, value);
        return *number;
    }

    /// ranks, blocks, ports, dims: at least 1, and an int.
    int read_count(const json& value, const JsonPath& path) const {
        // Past INT_MAX the reason is the upper limit, not ">= 1".
        std::optional<std::int64_t> number = as_int64(value);
        if (value.is_number_integer() && (!number || *number > INT_MAX))
            fail_type(path, "an integer in [1, " + std::to_string(INT_MAX) + "]", value);
        return static_cast<int>(read_integer(value, path, 1, INT_MAX, "an integer >= 1"));
    }

    /// An index in [0, limit) naming a rank or a block: a type error says what
    /// was expected, a range error names the value ("rank 9 out of range [0, 8)").
    int read_index(const json& value, const JsonPath& path, int limit, const char* noun) const {
        std::optional<std::int64_t> number = as_int64(value);
        if (number && *number >= 0 && *number < limit) return static_cast<int>(*number);
        const std::string range = "[0, " + std::to_string(limit) + ")";
        if (!value.is_number_integer())
            fail_type(path, std::string("a ") + noun + " in " + range, value);
        fail(path, noun + (" " + value.dump()) + " out of range " + range);
    }

    int read_rank(const json& value, const JsonPath& path) const {
        return read_index(value, path, ranks_, "rank");
    }

    double read_limit(const json& value, const JsonPath& path) const {
        if (!value.is_number() || value.get<double>() < 0) fail_type(path, "a number >= 0", value);
        return value.get<double>();
    }

    Topology read_topology(const json& value, const JsonPath& path) const {
        Fields fields(*this, value, path, "a topology object", {"kind", "dims", "edges"});
        Topology topology;
        const json& kind = fields.required("kind");
        if (kind == "ring")
            topology.kind = TopologyKind::ring;
        else if (kind == "torus")
            topology.kind = TopologyKind::torus;
        else if (kind == "graph")
            topology.kind = TopologyKind::graph;
        else
            fail_type(path.field("kind"), quote_list({"ring", "torus", "graph"}), kind);

        const JsonPath dims_path = path.field("dims");
        const json& dims = fields.required("dims");
        if (!dims.is_array()) fail_type(dims_path, "an array of integers >= 1", dims);
        if (topology.kind == TopologyKind::torus) {
            if (dims.empty()) fail(dims_path, "expected at least one dimension, got none");
        } else if (dims.size() != 1) {
            fail(dims_path, std::string("expected one entry (the number of ranks) for a ") +
                                to_string(topology.kind) + ", got " + std::to_string(dims.size()));
        }
        std::int64_t product = 1;
        for (std::size_t i = 0; i < dims.size(); ++i) {
            int extent = read_count(dims[i], dims_path.element(i));
            topology.dims.push_back(extent);
            // Saturate: any product past INT_MAX already differs from ranks.
            product = std::min<std::int64_t>(product * extent, std::int64_t{INT_MAX} + 1);
        }
        if (product != ranks_)
            fail(dims_path, "dims give " +
                                (product > INT_MAX ? "more than " + std::to_string(INT_MAX)
                                                   : std::to_string(product)) +
                                " ranks, but \"ranks\" is " + std::to_string(ranks_));

        const JsonPath edges_path = path.field("edges");
        const json* edges = fields.optional("edges");
        if (topology.kind != TopologyKind::graph) {
            if (edges != nullptr) fail(edges_path, "only allowed when \"kind\" is \"graph\"");
            return topology;
        }
        if (edges == nullptr)
            fail(path, "missing required field \"edges\" (a graph needs its links)");
        if (!edges->is_array()) fail_type(edges_path, "an array of [u, v] pairs", *edges);
        topology.edges.reserve(edges->size());
        for (std::size_t i = 0; i < edges->size(); ++i) {
            const json& edge = (*edges)[i];
            const JsonPath edge_path = edges_path.element(i);
            if (!edge.is_array() || edge.size() != 2)
                fail_type(edge_path, "a pair of ranks [u, v]", edge);
            int u = read_rank(edge[0], edge_path.element(0));
            int v = read_rank(edge[1], edge_path.element(1));
            if (u == v) fail(edge_path, "self-loop at rank " + std::to_string(u));
            topology.edges.emplace_back(u, v);
        }
        return topology;
    }

    template <class Value>
    std::vector<Value> read_per_step(const json& value, const JsonPath& path,
                                     std::size_t step_count, std::string_view expected,
                                     Value (ScheduleReader::*read_one)(const json&, const JsonPath&)
                                         const) const {
        if (!value.is_array()) {
            if (!value.is_number())
                fail_type(path, std::string(expected) + ", or an array of one per step", value);
            return {(this->*read_one)(value, path)};
        }
        if (value.size() != step_count)
            fail(path, "expected one number per step (" + std::to_string(step_count) +
                           ") or a single number, got " + std::to_string(value.size()) +
                           " numbers");
        std::vector<Value> limits;
        limits.reserve(step_count);
        for (std::size_t i = 0; i < value.size(); ++i)
            limits.push_back((this->*read_one)(value[i], path.element(i)));
        return limits;
    }

    std::int64_t read_chunk_limit(const json& value, const JsonPath& path) const {
        return read_integer(value, path, 0, INT64_MAX, "an integer >= 0");
    }

    Bounds read_bounds(const json& value, const JsonPath& path, std::size_t step_count) const {
        Fields fields(*this, value, path, "a bounds object",
                      {"steps", "link_chunks", "link_bytes", "bytes_per_rank_per_phase", "theta"});
        Bounds bounds;
        if (const json* steps = fields.optional("steps"))
            bounds.steps = static_cast<int>(
                read_integer(*steps, path.field("steps"), 0, INT_MAX, "an integer >= 0"));
        if (const json* chunks = fields.optional("link_chunks"))
            bounds.link_chunks =
                read_per_step(*chunks, path.field("link_chunks"), step_count, "an integer >= 0",
                              &ScheduleReader::read_chunk_limit);
        if (const json* bytes = fields.optional("link_bytes"))
            bounds.link_bytes = read_per_step(*bytes, path.field("link_bytes"), step_count,
                                              "a number >= 0", &ScheduleReader::read_limit);
        if (const json* bytes = fields.optional("bytes_per_rank_per_phase"))
            bounds.bytes_per_rank_per_phase =
                read_limit(*bytes, path.field("bytes_per_rank_per_phase"));
        if (const json* theta = fields.optional("theta"))
            bounds.theta = read_limit(*theta, path.field("theta"));
        return bounds;
    }

    Step read_step(const json& value, const JsonPath& path, std::size_t index) {
        Fields fields(*this, value, path, "a step object", {"phase", "transfers"});
        Step step;
        step.phase = optional_string(fields, "phase");
        const JsonPath transfers_path = path.field("transfers");
        const json& transfers = fields.required("transfers");
        if (!transfers.is_array()) fail_type(transfers_path, "an array of transfers", transfers);
        if (streaming_) {
            // The array's elements went to take_transfer instead.
            if (streamed_error_ && streamed_error_step_ == index) throw *streamed_error_;
            if (index < streamed_.size()) step.transfers = std::move(streamed_[index]);
            return step;
        }
        step.transfers.reserve(transfers.size());
        for (std::size_t i = 0; i < transfers.size(); ++i)
            step.transfers.push_back(read_transfer(transfers[i], transfers_path.element(i)));
        return step;
    }

    /// The header fields transfers depend on, if they are already complete
    /// and valid; read() checks them again in its own order either way.
    bool read_header_early(const json& root) {
        const json* ranks = root.contains("ranks") ? &root["ranks"] : nullptr;
        const json* blocks = root.contains("blocks") ? &root["blocks"] : nullptr;
        const json* topology = root.contains("topology") ? &root["topology"] : nullptr;
        if (ranks == nullptr || blocks == nullptr || topology == nullptr) return false;
        try {
            const JsonPath root_path;
            ranks_ = read_count(*ranks, root_path.field("ranks"));
            blocks_ = read_count(*blocks, root_path.field("blocks"));
            use_topology(read_topology(*topology, root_path.field("topology")));
        } catch (const InputError&) {
            return false;
        }
        pool_.emplace(blocks_);
        return true;
    }

    /// Remembers what transfers are checked against: the kind (for routes)
    /// and, on a graph, which ranks can reach each other at all.
    void use_topology(const Topology& topology) {
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

    Transfer read_transfer(const json& value, const JsonPath& path) {
        Fields fields(*this, value, path, "a transfer object",
                      {"src", "dst", "blocks", "op", "route"});
        Transfer transfer;
        transfer.src = read_rank(fields.required("src"), path.field("src"));
        transfer.dst = read_rank(fields.required("dst"), path.field("dst"));
        if (transfer.src == transfer.dst)
            fail(path, "self-send: src and dst are both rank " + std::to_string(transfer.src));
        // A message no route can carry means nothing, like a rank out of range.
        if (is_graph_ && component_[transfer.src] != component_[transfer.dst])
            fail(path, "no path from rank " + std::to_string(transfer.src) + " to rank " +
                           std::to_string(transfer.dst) + " in the graph");
        transfer.blocks = read_blocks(fields.required("blocks"), path.field("blocks"));

        const json& op = fields.required("op");
        std::optional<Op> parsed_op;
        if (op.is_string()) parsed_op = parse_op(op.get_ref<const std::string&>());
        if (!parsed_op) fail_type(path.field("op"), quote_list({"reduce", "copy"}), op);
        transfer.op = *parsed_op;

        if (const json* route = fields.optional("route")) {
            const JsonPath route_path = path.field("route");
            std::optional<Route> parsed_route;
            if (route->is_string())
                parsed_route = parse_route(route->get_ref<const std::string&>());
            if (!parsed_route) fail_type(route_path, quote_list({"+", "-", "shortest"}), *route);
            // A graph routes by BFS alone; a direction there would be ignored,
            // and an ignored field is a half-checked one.
            if (is_graph_ && *parsed_route != Route::shortest)
                fail(route_path, "a direction is only meaningful on a ring or torus");
            transfer.route = *parsed_route;
        }
        return transfer;
    }

    BlockSet read_blocks(const json& value, const JsonPath& path) {
        BlockSetPool& pool = *pool_;
        std::vector<int> blocks;
        if (value.is_array()) {
            if (value.empty()) fail(path, "expected at least one block");
            blocks.reserve(value.size());
            for (std::size_t i = 0; i < value.size(); ++i) {
                blocks.push_back(read_index(value[i], path.element(i), blocks_, "block"));
            }
        } else if (value.is_string()) {
            try {
                blocks = parse_block_list(value.get_ref<const std::string&>(), blocks_);
            } catch (const BlockListError& error) {
                fail(path, error.what());
            }
        } else {
            fail_type(path, "a list of block numbers or a block-set string such as \"0-3,8:20:4\"",
                      value);
        }
        // Files this library writes list blocks ascending: check that in one
        // pass and sort only what needs it.
        if (std::adjacent_find(blocks.begin(), blocks.end(), std::greater_equal<int>()) ==
            blocks.end())
            return pool.make(blocks);
        std::vector<int> sorted = blocks;
        std::sort(sorted.begin(), sorted.end());
        auto repeated = std::adjacent_find(sorted.begin(), sorted.end());
        if (repeated != sorted.end()) {
            // Name the second occurrence in a list; a string has no element paths.
            const std::string message = "block " + std::to_string(*repeated) + " listed twice";
            if (!value.is_array()) fail(path, message);
            std::size_t second = static_cast<std::size_t>(
                std::find(std::find(blocks.begin(), blocks.end(), *repeated) + 1, blocks.end(),
                          *repeated) -
                blocks.begin());
            fail(path.element(second), message);
        }
        return pool.make(sorted);
    }

    const std::string& file_;
    int ranks_ = 0;
    int blocks_ = 0;
    bool is_graph_ = false;
    /// Graph only: a representative rank of each rank's connected component.
    std::vector<int> component_;
    std::optional<BlockSetPool> pool_;
    bool streaming_decided_ = false;
    bool streaming_ = false;
    /// Streaming: each step's transfers, and the first error with its step.
    std::vector<std::vector<Transfer>> streamed_;
    std::optional<InputError> streamed_error_;
    std::size_t streamed_error_step_ = 0;
};

Fields::Fields(const ScheduleReader& reader, const json& object, const JsonPath& path,
               std::string_view what, std::initializer_list<std::string_view> allowed)
    : reader_(reader), object_(object), path_(path) {
    if (!object.is_object()) reader.fail_type(path, what, object);
    for (auto field = object.begin(); field != object.end(); ++field) {
        const std::string& key = field.key();
        if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
        std::string names;
        for (std::string_view name : allowed)
            names += (names.empty() ? "" : ", ") + std::string(name);
        reader.fail(path.field(key), "unknown field (expected one of: " + names + ")");
    }
}

const json& Fields::required(std::string_view name) const {
    const json* value = optional(name);
    if (value == nullptr)
        reader_.fail(path_, "missing required field \"" + std::string(name) + "\"");
    return *value;
}

}  // namespace

Schedule parse_schedule_json(const std::string& text, const std::string& file_label) {
    ScheduleReader reader(file_label);
    StreamedElements transfers{
        "steps", "transfers",
        [&reader](std::size_t step, std::size_t index, json& element, json& array,
                  const json& root) { reader.take_transfer(step, index, element, array, root); }};
    json document = parse_json_document(text, file_label, &transfers);
    return reader.read(document);
}

Schedule read_schedule_file(const std::string& path) {
    // Plain chunked reads: several times faster than a stringstream on large
    // files, and they work for pipes, whose size is unknown.
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                         &std::fclose);
    if (!file) throw InputError(path, "", std::string("cannot open: ") + std::strerror(errno));
    std::string text;
    std::error_code size_error;
    const std::uintmax_t size_hint = std::filesystem::file_size(path, size_error);
    if (!size_error) text.reserve(static_cast<std::size_t>(size_hint));
    std::vector<char> chunk(std::size_t{1} << 20);
    while (const std::size_t got = std::fread(chunk.data(), 1, chunk.size(), file.get()))
        text.append(chunk.data(), got);
    if (std::ferror(file.get()))
        throw InputError(path, "", std::string("cannot read: ") + std::strerror(errno));
    return parse_schedule_json(text, path);
}

}  // namespace trivcheck
