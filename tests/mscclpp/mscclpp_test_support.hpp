#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "checker/core/report.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp_reading/plan_reader.hpp"
#include "tests/required_inputs.hpp"

namespace trivcheck::testing {

/// The real MSCCL++ execution plans beside the repository (never copied into it).
inline std::string mscclpp_corpus_dir() {
    return std::string(TRIVCHECK_SOURCE_DIR) + "/../shared/corpus/mscclpp";
}

/// The corpus's plans, by file name, sorted.
inline std::vector<std::string> mscclpp_corpus_files() {
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(mscclpp_corpus_dir()))
        if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

/// The kinds of violation a report counts, by name.
inline std::set<std::string> violated_kinds(const Report& report) {
    std::set<std::string> kinds;
    for (const auto& [kind, count] : report.violation_counts)
        kinds.insert(std::string(to_string(kind)));
    return kinds;
}

/// Whether some violation of `kind` names the two operations (their points'
/// notes, `first` then `second`).
inline bool names_operations(const Report& report, const std::string& kind,
                             const std::string& first, const std::string& second) {
    for (const Violation& violation : report.violations)
        if (to_string(violation.kind) == kind && violation.points.size() == 2 &&
            violation.points[0].note == first && violation.points[1].note == second)
            return true;
    return false;
}

/// The rest of a gpu of one thread block after its `ops` list: the block's
/// and the gpu's memory channel to `peer`, through which the block reaches
/// the peer's scratch buffer (remote buffer 0); no semaphores. The gpu's
/// closing brace is the caller's.
inline std::string one_memory_channel_to(const std::string& peer) {
    return R"(,
  "channels": [{"channel_type": "memory", "channel_ids": [0]}],
  "remote_buffer_refs": [{"access_channel_type": "memory", "remote_buffer_ids": [0]}]}],
 "channels": [{"channel_type": "memory", "connected_to": [)" +
           peer + R"(]}],
 "remote_buffers": [{"rank": )" +
           peer +
           R"(, "type": "s", "access_channel_types": ["memory"]}],
 "semaphores": [])";
}

/// Reads and checks a plan's text.
inline Report check_plan_text(const std::string& text) {
    return mscclpp::check_plan(mscclpp::parse_plan_json(text, "plan.json"));
}

/// Two gpus, one thread block each, out of place: each says its scratch is
/// free (signal), waits for the peer's, puts its input chunk into the peer's
/// scratch, signals, waits, and adds the scratch chunk and its input into
/// its output. `signal`, `wait` name the second signal and wait. Without
/// nops (`joined` false) its threads race (docs/mscclpp.md, Threads): a
/// plan to read, or to break; two_gpu_plan_joined is the one that holds.
inline std::string two_gpu_plan(const std::string& signal = "signal",
                                const std::string& wait = "wait", bool joined = false) {
    const std::string nop = joined ? R"({"name": "nop"}, )" : "";
    std::string gpus;
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string peer = std::to_string(1 - gpu);
        gpus +=
            std::string(gpu ? "," : "") + R"({"id": )" + std::to_string(gpu) +
            R"(, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
  {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
  )" + nop + R"({"name": "put", "src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "memory"},
  )" + nop + R"({"name": ")" +
            signal +
            R"(", "channel_ids": [0], "channel_type": "memory"},
  {"name": ")" +
            wait +
            R"(", "channel_ids": [0], "channel_type": "memory"},
  )" + nop +
            R"({"name": "re", "src_buff": [{"type": "i", "index": 0, "size": 1}, {"type": "s", "index": 0, "size": 1}],
   "dst_buff": [{"type": "o", "index": 0, "size": 1}]}])" +
            one_memory_channel_to(peer) + "}";
    }
    return R"({"name": "pair", "collective": "allreduce", "protocol": "Simple", "inplace": false,
 "gpus": [)" +
           gpus + "]}";
}

}  // namespace trivcheck::testing

/// A test over the MSCCL++ corpus: skipped when the corpus folder is absent,
/// except under CI=true, where it runs and fails.
#define MSCCLPP_CORPUS_TEST_CASE(name) \
    TEST_CASE(                         \
        name* trivcheck::testing::skip_unless_exists(trivcheck::testing::mscclpp_corpus_dir()))

namespace trivcheck::testing {

/// `text` with its first occurrence of `from` replaced by `to`; fails the test
/// when `from` does not occur, so an edit cannot miss.
inline std::string replace_first(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not found: " << from);
    return text.replace(at, from.size(), to);
}

/// `text` with every occurrence of `from` replaced by `to` (at least one).
inline std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not found: " << from);
    for (; at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
    return text;
}

/// two_gpu_plan with the nops the DSL inserts (docs/mscclpp.md, Threads):
/// after the first wait (before the put), between the put and its signal, and
/// between the second wait and the reduction. Operations: 0 signal, 1 wait,
/// 2 nop, 3 put, 4 nop, 5 signal, 6 wait, 7 nop, 8 re.
inline std::string two_gpu_plan_joined(const std::string& signal = "signal",
                                       const std::string& wait = "wait") {
    return two_gpu_plan(signal, wait, true);
}

/// One gpu, two thread blocks: block 0 copies its input into scratch, then
/// (after a nop) `publish`; block 1 `consume`s, then (after a nop) copies
/// scratch into the output.
inline std::string one_gpu_handoff(const std::string& publish, const std::string& consume) {
    return R"({"name": "handoff", "collective": "test", "protocol": "Simple", "inplace": false,
 "gpus": [{"id": 0, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
  "threadblocks": [
   {"id": 0, "ops": [{"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 1}],
                      "dst_buff": [{"type": "s", "index": 0, "size": 1}]})" +
           (publish.empty() ? "" : R"(, {"name": "nop"}, )" + publish) + R"(], "channels": []},
   {"id": 1, "ops": [)" +
           (consume.empty() ? "" : consume + R"(, {"name": "nop"}, )") +
           R"({"name": "copy", "src_buff": [{"type": "s", "index": 0, "size": 1}],
                      "dst_buff": [{"type": "o", "index": 0, "size": 1}]}], "channels": []}],
  "channels": [], "remote_buffers": [], "semaphores": [{"init_value": 0}]}]})";
}

/// Two gpus, one thread block each, a memory and a port channel to the peer.
/// Each says its scratch is free and waits for the peer's (port), puts its
/// input chunk into the peer's scratch through the port channel, then
/// `flush`es (text of the operation, or nothing), signals and waits on the
/// `publish` channel kind, and adds scratch and input into its output; with
/// `ack`, it ends with a port signal and wait (the peer's acknowledgement
/// that the put landed). Operations: 0 signal, 1 wait, 2 nop, 3 put, then
/// the flush if any, signal, wait, nop, re (, signal, wait).
inline std::string port_plan(const std::string& publish, const std::string& flush, bool ack) {
    std::string gpus;
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string peer = std::to_string(1 - gpu);
        gpus += std::string(gpu ? "," : "") + R"({"id": )" + std::to_string(gpu) +
                R"(, "input_chunks": 1, "output_chunks": 1, "scratch_chunks": 1,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "signal", "channel_ids": [0], "channel_type": "port"},
  {"name": "wait", "channel_ids": [0], "channel_type": "port"},
  {"name": "nop"},
  {"name": "put", "channel_ids": [0], "src_buff": [{"type": "i", "index": 0, "size": 1}],
   "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}], "channel_type": "port"},
  )" + (flush.empty() ? "" : flush + ",\n  ") +
                R"({"name": "signal", "channel_ids": [0], "channel_type": ")" + publish +
                R"("},
  {"name": "wait", "channel_ids": [0], "channel_type": ")" +
                publish + R"("},
  {"name": "nop"},
  {"name": "re", "src_buff": [{"type": "i", "index": 0, "size": 1}, {"type": "s", "index": 0, "size": 1}],
   "dst_buff": [{"type": "o", "index": 0, "size": 1}]})" +
                (ack ? R"(,
  {"name": "signal", "channel_ids": [0], "channel_type": "port"},
  {"name": "wait", "channel_ids": [0], "channel_type": "port"})"
                     : "") +
                R"(],
  "channels": [{"channel_type": "memory", "channel_ids": [0]}, {"channel_type": "port", "channel_ids": [0]}],
  "remote_buffer_refs": [{"access_channel_type": "port", "remote_buffer_ids": [0]}]}],
 "channels": [{"channel_type": "memory", "connected_to": [)" +
                peer + R"(]}, {"channel_type": "port", "connected_to": [)" + peer + R"(]}],
 "remote_buffers": [{"rank": )" +
                peer + R"(, "type": "s", "access_channel_types": ["port"]}],
 "semaphores": []})";
    }
    return R"({"name": "ports", "collective": "allreduce", "protocol": "Simple", "inplace": false,
 "gpus": [)" +
           gpus + "]}";
}

inline const std::string flush_with_outputs =
    R"({"name": "flush", "channel_ids": [0], "channel_type": "port", "dst_buff": [{"buffer_id": 0, "index": 0, "size": 1}]})";
inline const std::string flush_without_outputs =
    R"({"name": "flush", "channel_ids": [0], "channel_type": "port"})";

}  // namespace trivcheck::testing
