// libFuzzer entry point for the MSCCL++ execution-plan reader (docs/mscclpp.md,
// Reading): any byte string is either read or refused with InputError,
// NotApplicable or ResourceLimit (a plan too large to run, refused before it
// is made). The reader's single pass over the text and its JSON-document
// reading must agree: both refuse, or both read the same plan. What is read
// and small is also checked, which must not fail either, and its report, or
// the refusal, rendered as text, JSON and SARIF (tests/fuzz/render_report.hpp).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/core/resource_limit.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp_reading/plan_reader.hpp"
#include "models/generator.hpp"
#include "tests/fuzz/render_report.hpp"

namespace {

using trivcheck::mscclpp::Plan;

/// Whether checking `plan` stays small enough for a fuzzing run.
bool small_enough(const Plan& plan) {
    std::int64_t chunks = 0;
    std::int64_t operations = 0;
    for (const trivcheck::mscclpp::Gpu& gpu : plan.gpus) {
        chunks += std::int64_t{gpu.input_chunks} + gpu.output_chunks + gpu.scratch_chunks;
        for (const trivcheck::mscclpp::ThreadBlock& block : gpu.thread_blocks)
            operations += static_cast<std::int64_t>(block.operations.size());
    }
    return plan.gpus.size() <= 16 && chunks <= 4096 && operations <= 4096;
}

/// The plan one reader makes of `text`, or nothing when it refuses it (the
/// refusal rendered). Anything else it throws escapes: a crash.
template <typename Reader>
std::optional<Plan> read_or_refuse(Reader reader, const std::string& text) {
    try {
        return reader(text, "fuzz.json");
    } catch (const trivcheck::InputError& error) {
        trivcheck::fuzz::render_refusal(error, text);
    } catch (const trivcheck::NotApplicable&) {
    } catch (const trivcheck::ResourceLimit&) {
    }
    return std::nullopt;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    // A plan declaring billions of chunks is refused by the reader's estimate
    // (ResourceLimit) under this limit, as under --memory-limit 256, rather
    // than made: the fuzzer's own memory limit is 2 GB.
    static const bool limited = (trivcheck::set_run_memory_limit(std::uint64_t{256} << 20), true);
    (void)limited;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const std::optional<Plan> plan = read_or_refuse(trivcheck::mscclpp::parse_plan_json, text);
    const std::optional<Plan> reference =
        read_or_refuse(trivcheck::mscclpp::parse_plan_json_document, text);
    if (plan.has_value() != reference.has_value() || (plan && !(*plan == *reference))) {
        std::cerr << "mscclpp_reader_fuzz: the single pass and the JSON document read this "
                     "input differently ("
                  << (plan ? "read" : "refused") << " and " << (reference ? "read" : "refused")
                  << ")\n";
        std::abort();
    }
    if (plan && small_enough(*plan)) {
        try {
            trivcheck::fuzz::render_report(trivcheck::mscclpp::check_plan(*plan), text, false,
                                           true);
        } catch (const trivcheck::ResourceLimit&) {
        }
    }
    return 0;
}
