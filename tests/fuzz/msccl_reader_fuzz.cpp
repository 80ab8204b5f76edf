// libFuzzer entry point for the MSCCL-IR reader (docs/msccl.md, "Fuzzing"):
// any byte string is either read or refused with InputError/NotApplicable;
// what is read and small is also executed, which must not fail either, and
// its report, or the refusal, rendered as text, JSON and SARIF
// (tests/fuzz/render_report.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "models/generator.hpp"
#include "tests/fuzz/render_report.hpp"

namespace {

/// Whether executing `program` stays small enough for a fuzzing run.
bool small_enough(const trivcheck::msccl::Program& program) {
    std::int64_t chunks = 0;
    std::int64_t blocks = 0;
    for (const trivcheck::msccl::Gpu& gpu : program.gpus) {
        chunks += gpu.input_chunks + gpu.output_chunks + gpu.scratch_chunks;
        blocks += static_cast<std::int64_t>(gpu.thread_blocks.size());
    }
    return chunks <= 4096 && blocks <= 256;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const trivcheck::msccl::Program program = trivcheck::parse_msccl_xml(text, "fuzz.xml");
        if (small_enough(program)) {
            trivcheck::msccl::AsynchronousOptions options;
            options.runtime = trivcheck::msccl::Runtime::rccl;
            trivcheck::fuzz::render_report(trivcheck::msccl::check_program(program, options), text,
                                           true);
        }
    } catch (const trivcheck::InputError& error) {
        trivcheck::fuzz::render_refusal(error, text);
    } catch (const trivcheck::NotApplicable&) {
    }
    return 0;
}
