#pragma once
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "checker/core/violation_kind.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "tests/required_inputs.hpp"

namespace trivcheck::testing {

/// The real MSCCL-IR files beside the repository (never copied into it).
inline std::string msccl_corpus_dir() {
    return std::string(TRIVCHECK_SOURCE_DIR) + "/../shared/corpus/msccl";
}

/// Two gpus, out of place: each sends its input chunk and adds the other's to its own.
inline const std::string two_gpu_allreduce_xml = R"(<!-- a comment first -->
<algo name="pair" proto="Simple" nchannels="1" nchunksperloop="2" ngpus="2" coll="allreduce" inplace="0" outofplace="1" minBytes="0" maxBytes="1024">
  <gpu id="0" i_chunks="1" o_chunks="1" s_chunks="0">
    <tb id="0" send="1" recv="1" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="rrc" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
  </gpu>
  <gpu id="1" i_chunks="1" o_chunks="1" s_chunks="0">
    <tb id="0" send="0" recv="0" chan="0">
      <step s="0" type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
      <step s="1" type="rrc" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>
    </tb>
  </gpu>
</algo>
)";

/// The text of corpus file `name`; fails the test when it is absent.
inline std::string corpus_text(const std::string& name) {
    const std::string path = msccl_corpus_dir() + "/" + name;
    REQUIRE_MESSAGE(std::filesystem::exists(path), "missing corpus file " << path);
    return read_file_text(path);
}

/// `text` with its single occurrence of `from` replaced by `to`; fails the
/// test when `from` does not occur exactly once, so an edit cannot miss.
inline std::string replace_once(std::string text, const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE_MESSAGE(at != std::string::npos, "not found: " << from);
    REQUIRE_MESSAGE(text.find(from, at + 1) == std::string::npos, "found twice: " << from);
    return text.replace(at, from.size(), to);
}

/// `text` with the first `from` inside `<tb id="tb">` of `<gpu id="gpu">`
/// replaced by `to`; fails the test when that thread block does not hold it.
inline std::string replace_in_block(std::string text, int gpu, int tb, const std::string& from,
                                    const std::string& to) {
    const std::size_t gpu_start = text.find("<gpu id=\"" + std::to_string(gpu) + "\"");
    REQUIRE(gpu_start != std::string::npos);
    const std::size_t block_start = text.find("<tb id=\"" + std::to_string(tb) + "\"", gpu_start);
    REQUIRE(block_start != std::string::npos);
    const std::size_t block_end = text.find("</tb>", block_start);
    const std::size_t at = text.find(from, block_start);
    REQUIRE_MESSAGE((at != std::string::npos && at < block_end),
                    "gpu " << gpu << " tb " << tb << " has no " << from);
    return text.replace(at, from.size(), to);
}

/// `gpus` gpus in a ring, each with one thread block (sending to the next
/// gpu, receiving from the previous one) whose steps have the types
/// `types`, each of `count` chunks: sends read the input, receives write
/// scratch. Built as plain data, not read.
inline msccl::Program ring_program(int gpus, const std::vector<msccl::StepType>& types, int count) {
    msccl::Program program;
    program.name = "ring-program";
    program.collective_spelling = "allreduce";
    program.protocol = "Simple";
    program.gpu_count = gpus;
    program.channels = 1;
    for (int gpu = 0; gpu < gpus; ++gpu) {
        msccl::Gpu entry{gpu, count, count, count, {}};
        msccl::ThreadBlock block{0, (gpu + 1) % gpus, (gpu + gpus - 1) % gpus, 0, {}};
        for (std::size_t step = 0; step < types.size(); ++step)
            block.steps.push_back({.index = static_cast<int>(step),
                                   .count = count,
                                   .type = types[step],
                                   .src_buffer = msccl::Buffer::input,
                                   .dst_buffer = msccl::Buffer::scratch});
        entry.thread_blocks.push_back(std::move(block));
        program.gpus.push_back(std::move(entry));
    }
    return program;
}

/// Reads and checks an MSCCL-IR text.
inline Report check_msccl_text(const std::string& text, const msccl::AsynchronousOptions& options) {
    return msccl::check_program(parse_msccl_xml(text, "copy.xml"), options);
}

/// Reads and checks an MSCCL-IR text, judged against `runtime` (none: the model alone).
inline Report check_msccl_text(const std::string& text,
                               msccl::Runtime runtime = msccl::Runtime::none) {
    msccl::AsynchronousOptions options;
    options.runtime = runtime;
    return check_msccl_text(text, options);
}

/// Whether one of the report's `runtime rule:` lines starts with `start`.
inline bool names_runtime_rule(const Report& report, const std::string& start) {
    for (const std::string& applied : report.asynchronous->runtime_rules)
        if (applied.starts_with(start)) return true;
    return false;
}

/// The text of a hand-written program of tests/msccl/runtime/ (programs that
/// a runtime runs otherwise than the model reads them, and their fixed twins).
inline std::string runtime_program_text(const std::string& name) {
    return read_file_text(std::string(TRIVCHECK_SOURCE_DIR) + "/tests/msccl/runtime/" + name);
}

/// A hand-written program of tests/msccl/collectives/ (one small program per collective).
inline std::string collectives_path(const std::string& name) {
    return std::string(TRIVCHECK_SOURCE_DIR) + "/tests/msccl/collectives/" + name;
}

/// The text of collectives_path(name).
inline std::string collectives_text(const std::string& name) {
    return read_file_text(collectives_path(name));
}

/// The one violation of kind `name` in a violated report (exactly one of that kind).
inline const Violation& only_violation(const Report& report, const std::string& name) {
    const ViolationKind kind = *violation_kind_named(name);
    REQUIRE(report.verdict == Verdict::violated);
    REQUIRE(report.violation_counts.count(kind) == 1);
    CHECK(report.violation_counts.at(kind) == 1);
    for (const Violation& violation : report.violations)
        if (violation.kind == kind) return violation;
    FAIL("no recorded " << name);
    throw;
}

/// `point` is at gpu, thread block, step, buffer and chunk, with note `note`.
inline void check_point(const ProgramPoint& point, int gpu, int tb, int step,
                        const std::string& buffer, int chunk, const std::string& note) {
    CHECK(point.gpu == gpu);
    CHECK(point.thread_block == tb);
    CHECK(point.step == step);
    CHECK(point.buffer == buffer);
    CHECK(point.chunk == chunk);
    CHECK(point.note == note);
}

}  // namespace trivcheck::testing

/// A test over the corpus: skipped (doctest's skip decorator) when the corpus
/// folder is absent, except under CI=true, where it runs and fails.
#define MSCCL_CORPUS_TEST_CASE(name) \
    TEST_CASE(name* trivcheck::testing::skip_unless_exists(trivcheck::testing::msccl_corpus_dir()))
