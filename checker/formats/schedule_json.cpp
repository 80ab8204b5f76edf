// Reading half of checker/formats/schedule_json.hpp, the schedule's top level: the
// header, topology, bounds and buffer names. The steps are read by
// checker/formats/schedule_steps_json.cpp; the writer is in
// checker/formats/schedule_json_writer.cpp.

#include "checker/formats/schedule_json.hpp"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "checker/execution/memory_estimate.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/json_document.hpp"
#include "checker/formats/json_fields.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/schedule_steps_json.hpp"

namespace trivcheck {
namespace {

using json = nlohmann::json;
using json_fields::Fields;
using json_fields::JsonPath;
using json_fields::quote_list;

class ScheduleReader : public json_fields::JsonInput {
  public:
    ScheduleReader(const std::string& file, std::string_view text)
        : JsonInput(file), text_(text), steps_(*this) {}

    ScheduleOrOrbit read(const json& document) {
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
                       "blocks", "ports", "buffers", "bounds", "steps"});
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
        schedule.topology = read_topology(fields.required("topology"), root.field("topology"));
        if (const json* buffers = fields.optional("buffers"))
            schedule.buffers = read_buffers(*buffers, root.field("buffers"));
        // Every count above is bounded by what checking it would need, before anything is built.
        refuse_header_above_limit(schedule, file());
        steps_.use_header(schedule.ranks, schedule.blocks, schedule.topology,
                          header_memory_lower_bound(schedule));
        steps_.use_text(text_, schedule.name, whole_run_memory_lower_bound(schedule));
        steps_.use_buffers(schedule.buffers);

        const JsonPath steps_path = root.field("steps");
        const json& steps = fields.required("steps");
        if (!steps.is_array()) fail_type(steps_path, "an array of steps", steps);
        if (const json* bounds = fields.optional("bounds"))
            schedule.bounds = read_bounds(*bounds, root.field("bounds"), steps.size());

        schedule.steps.reserve(steps.size());
        std::vector<std::size_t> every_rank_steps;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            bool every_rank = false;
            schedule.steps.push_back(
                steps_.read_step(steps[i], steps_path.element(i), i, every_rank));
            if (!every_rank) continue;
            check_rotatable(schedule, steps_path.element(i).field("every_rank"));
            every_rank_steps.push_back(i);
        }
        if (every_rank_steps.empty()) return schedule;
        if (every_rank_steps.size() == schedule.steps.size()) return RotationOrbit{schedule};
        for (std::size_t i : every_rank_steps)
            schedule.steps[i] = expand_step(schedule.steps[i], schedule.ranks, schedule.blocks);
        return schedule;
    }

    /// Receives each transfer as the parser completes it. When the header it
    /// depends on (ranks, blocks, topology) came before the steps, as the
    /// writer puts it, the transfer is checked and converted at once, so a
    /// large file never exists as JSON values in full; otherwise it is kept
    /// for read().
    void take_transfer(std::size_t step, std::size_t index, json& element, json& array,
                       const json& root) {
        if (!streaming_decided_) {
            streaming_decided_ = true;
            streaming_ = read_header_early(root);
            steps_.set_streaming(streaming_);
        }
        if (!streaming_) {
            array.push_back(std::move(element));
            return;
        }
        steps_.take_transfer(step, index, element);
    }

  private:
    /// A step may stand for its rotations only where rotating the ranks is a
    /// symmetry of the machine and of the inputs.
    void check_rotatable(const Schedule& schedule, const JsonPath& path) const {
        if (schedule.topology.kind != TopologyKind::ring)
            fail(path, "only on a ring: a step given once stands for its rotations by 0.." +
                           std::to_string(schedule.ranks - 1) + " ranks");
        if (schedule.blocks != 1 && schedule.blocks % schedule.ranks != 0)
            fail(path, "needs 1 block or a multiple of the ranks (" +
                           std::to_string(schedule.ranks) + ") so blocks turn with the ranks; " +
                           "the schedule has " + std::to_string(schedule.blocks));
    }

    /// The header fields transfers depend on, if they are already complete
    /// and valid; read() checks them again in its own order either way. The
    /// buffer names may still come after the steps.
    bool read_header_early(const json& root) {
        const json* ranks = root.contains("ranks") ? &root["ranks"] : nullptr;
        const json* blocks = root.contains("blocks") ? &root["blocks"] : nullptr;
        const json* topology = root.contains("topology") ? &root["topology"] : nullptr;
        if (ranks == nullptr || blocks == nullptr || topology == nullptr) return false;
        try {
            const JsonPath root_path;
            Schedule header;
            if (root.contains("name") && root["name"].is_string())
                header.name = root["name"].get<std::string>();
            header.ranks = ranks_ = read_count(*ranks, root_path.field("ranks"));
            header.blocks = read_count(*blocks, root_path.field("blocks"));
            header.topology = read_topology(*topology, root_path.field("topology"));
            if (root.contains("buffers"))
                header.buffers = read_buffers(root["buffers"], root_path.field("buffers"));
            // Refused before the first transfer is kept (ResourceLimit is not caught here).
            refuse_header_above_limit(header, file());
            steps_.use_header(header.ranks, header.blocks, header.topology,
                              header_memory_lower_bound(header));
            steps_.use_text(text_, header.name, whole_run_memory_lower_bound(header));
            // Names that come after the steps are resolved then (StepReader's pending names).
            if (root.contains("buffers")) steps_.use_buffers(header.buffers);
        } catch (const InputError&) {
            return false;
        }
        return true;
    }

    int read_rank(const json& value, const JsonPath& path) const {
        return read_index(value, path, ranks_, "rank");
    }

    /// The scratch buffers' names: distinct, non-empty, none "main".
    std::vector<std::string> read_buffers(const json& value, const JsonPath& path) const {
        if (!value.is_array()) fail_type(path, "an array of buffer names", value);
        if (value.size() >= static_cast<std::size_t>(max_buffers))
            fail(path, "at most " + std::to_string(max_buffers - 1) + " scratch buffers");
        std::vector<std::string> names;
        names.reserve(value.size());
        for (std::size_t i = 0; i < value.size(); ++i) {
            const JsonPath name_path = path.element(i);
            if (!value[i].is_string() || value[i].get_ref<const std::string&>().empty())
                fail_type(name_path, "a non-empty string", value[i]);
            const std::string& name = value[i].get_ref<const std::string&>();
            if (name == "main")
                fail(name_path,
                     "\"main\" is every rank's own vector (buffer 0), not a scratch "
                     "buffer");
            if (std::find(names.begin(), names.end(), name) != names.end())
                fail(name_path, "buffer " + json_text(json(name)) + " named twice");
            names.push_back(name);
        }
        return names;
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
        else if (kind == "switch")
            topology.kind = TopologyKind::switch_;
        else
            fail_type(path.field("kind"), quote_list({"ring", "torus", "graph", "switch"}), kind);

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

    int ranks_ = 0;
    std::string_view text_;
    json_fields::StepReader steps_;
    bool streaming_decided_ = false;
    bool streaming_ = false;
};

}  // namespace

ScheduleOrOrbit parse_schedule_or_orbit_json(const std::string& text,
                                             const std::string& file_label) {
    ScheduleReader reader(file_label, text);
    StreamedElements transfers{
        "steps", "transfers",
        [&reader](std::size_t step, std::size_t index, json& element, json& array,
                  const json& root) { reader.take_transfer(step, index, element, array, root); }};
    json document = parse_json_document(text, file_label, &transfers);
    return reader.read(document);
}

Schedule whole_schedule(ScheduleOrOrbit read) {
    if (auto* orbit = std::get_if<RotationOrbit>(&read)) return expand(*orbit);
    return std::get<Schedule>(std::move(read));
}

Schedule parse_schedule_json(const std::string& text, const std::string& file_label) {
    return whole_schedule(parse_schedule_or_orbit_json(text, file_label));
}

Schedule read_schedule_file(const std::string& path) {
    return whole_schedule(read_schedule_or_orbit_file(path));
}

ScheduleOrOrbit read_schedule_or_orbit_file(const std::string& path) {
    return parse_schedule_or_orbit_json(read_file_text(path), path);
}

}  // namespace trivcheck
