// The single pass over a plan's text (plan_single_pass.hpp) against the
// reading through the JSON document: where it answers, the same plan; where
// the document reading refuses or warns, no answer, so that the document
// reading's own words are what the user sees.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "checker/mscclpp/plan_from_msccl.hpp"
#include "checker/mscclpp/plan_json_writer.hpp"
#include "checker/mscclpp_reading/plan_single_pass.hpp"
#include "models/generator.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Whether the document reading refuses `text` or warns about it.
bool document_objects(const std::string& text) {
    try {
        return !mscclpp::parse_plan_json_document(text, "plan.json").warnings.empty();
    } catch (const InputError&) {
        return true;
    }
}

}  // namespace

TEST_CASE("mscclpp single pass: the plan the document reading gives, or none") {
    const std::string plan = two_gpu_plan();
    const std::optional<mscclpp::Plan> single = mscclpp::read_plan_single_pass(plan);
    REQUIRE(single.has_value());
    CHECK(*single == mscclpp::parse_plan_json_document(plan, "plan.json"));
    const std::string handoff = one_gpu_handoff(R"({"name": "sem_release", "semaphore_ids": [0]})",
                                                R"({"name": "sem_acquire", "semaphore_ids": [0]})");
    REQUIRE(mscclpp::read_plan_single_pass(handoff).has_value());
    CHECK(*mscclpp::read_plan_single_pass(handoff) ==
          mscclpp::parse_plan_json_document(handoff, "plan.json"));
}

TEST_CASE("mscclpp single pass: gives up on what the document reading refuses or warns about") {
    struct Edit {
        const char* from;
        const char* to;
    };
    // Each an edit of two_gpu_plan's first occurrence.
    const Edit edits[] = {
        {R"("id": 0, "input_chunks")", R"("id": 1, "input_chunks")"},
        {R"("id": 0, "input_chunks")", R"("id": 0, "id": 0, "input_chunks")"},
        {R"("input_chunks": 1)", R"("input_chunks": -1)"},
        {R"("input_chunks": 1)", R"("input_chunks": 1.0)"},
        {R"("input_chunks": 1)", R"("input_chunks": 01)"},
        {R"("input_chunks": 1)", R"("input_chunks": 2147483648)"},
        {R"("input_chunks": 1, )", ""},
        {R"("protocol": "Simple")", R"("protocol": "LL128")"},
        {R"("name": "pair")", R"("name": "pair", "extra": 1)"},
        {R"("name": "signal")", R"("name": "signals")"},
        {R"("name": "signal")", R"("name": "signal", "ops": [])"},
        {R"("name": "signal")", R"("name": "pipeline")"},
        {R"("channel_ids": [0], "channel_type": "memory"})",
         R"("channel_ids": [1], "channel_type": "memory"})"},
        {R"("channel_ids": [0], "channel_type": "memory"})", R"("channel_ids": [0]})"},
        {R"("channel_type": "memory", "channel_ids": [0]})",
         R"("channel_type": "memory", "channel_ids": [1]})"},
        {R"("channel_type": "memory", "channel_ids": [0]})",
         R"("channel_type": "switch", "channel_ids": [0]})"},
        {R"("remote_buffer_ids": [0])", R"("remote_buffer_ids": [1])"},
        {R"("dst_buff": [{"buffer_id": 0)", R"("dst_buff": [{"buffer_id": 1)"},
        {R"("dst_buff": [{"buffer_id": 0, "index": 0)",
         R"("dst_buff": [{"buffer_id": 0, "index": 1)"},
        {R"("src_buff": [{"type": "i", "index": 0, "size": 1}])",
         R"("src_buff": [{"type": "i", "index": 0, "size": 2}])"},
        {R"("src_buff": [{"type": "i")", R"("src_buff": [{"type": "x")"},
        {R"("src_buff": [{"type": "i", )", R"("src_buff": [{)"},
        {R"("connected_to": [1])", R"("connected_to": [0])"},
        {R"("connected_to": [1])", R"("connected_to": [2])"},
        {R"("rank": 1)", R"("rank": 2)"},
        {R"("access_channel_types": ["memory"])", R"("access_channel_types": ["mem"])"},
        {R"("threadblocks": [{"id": 0)", R"("threadblocks": [{"id": 1)"},
        {R"("semaphores": [])", R"("semaphores": [], "extra": [])"},
        {R"("inplace": false)", R"("inplace": 0)"},
    };
    for (const Edit& edit : edits) {
        INFO(std::string(edit.from) << " -> " << std::string(edit.to));
        const std::string text = replace_first(two_gpu_plan(), edit.from, edit.to);
        CHECK(document_objects(text));
        CHECK_FALSE(mscclpp::read_plan_single_pass(text).has_value());
    }
    CHECK_FALSE(mscclpp::read_plan_single_pass(two_gpu_plan() + " x").has_value());
    // Valid, but outside plain JSON: read through the document, to the same plan.
    const std::string escaped =
        replace_first(two_gpu_plan(), R"("protocol": "Simple")", R"("protocol": "Simp\u006ce")");
    CHECK_FALSE(mscclpp::read_plan_single_pass(escaped).has_value());
    CHECK(mscclpp::parse_plan_json(escaped, "plan.json") ==
          mscclpp::parse_plan_json(two_gpu_plan(), "plan.json"));
    CHECK_FALSE(mscclpp::read_plan_single_pass("\xEF\xBB\xBF" + two_gpu_plan()).has_value());
}

MSCCLPP_CORPUS_TEST_CASE(
    "mscclpp single pass: the corpus, the same plans as the document reading") {
    int read = 0;
    for (const std::string& name : mscclpp_corpus_files()) {
        INFO(name);
        const std::string text = read_file_text(mscclpp_corpus_dir() + "/" + name);
        const std::optional<mscclpp::Plan> single = mscclpp::read_plan_single_pass(text);
        if (!single) continue;
        ++read;
        CHECK(*single == mscclpp::parse_plan_json_document(text, name));
    }
    CHECK(read > 0);
}

TEST_CASE("mscclpp single pass: every exported plan, the same plan as the document reading") {
    struct Export {
        const char* algo;
        Form form;
    };
    const Export exports[] = {{"trivance", Form::B},
                              {"trivance", Form::L},
                              {"ring", Form::B},
                              {"recursive_doubling", Form::B},
                              {"recursive_doubling", Form::L},
                              {"swing", Form::B},
                              {"swing", Form::L},
                              {"bruck", Form::L}};
    for (const auto& [algo, form] : exports)
        for (const int n : {9, 16}) {
            INFO(std::string(algo) << " " << (form == Form::B ? "B" : "L") << " n=" << n);
            GeneratorRequest request;
            request.algo = algo;
            request.form = form;
            request.topology = Topology::ring(n);
            const std::string text = mscclpp::write_plan_json(
                mscclpp::plan_from_msccl(msccl::lower_to_msccl(generate(request))));
            const std::optional<mscclpp::Plan> single = mscclpp::read_plan_single_pass(text);
            REQUIRE(single.has_value());
            CHECK(*single == mscclpp::parse_plan_json_document(text, "export.json"));
        }
}

TEST_CASE(
    "mscclpp single pass: byte edits never make it answer what the document reading does not") {
    // A fixed sequence of edits (replace, delete or repeat one byte) of a
    // valid plan: wherever the single pass still answers, the document
    // reading must accept the text without a warning and read the same plan.
    const std::string plan = two_gpu_plan();
    const std::string bytes = "0123456789\"{}[],:- .eEabsior\\";
    std::uint64_t state = 0x9E3779B97F4A7C15ULL;
    const auto next = [&state](std::size_t bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<std::size_t>(state >> 33) % bound;
    };
    int answered = 0;
    for (int edit = 0; edit < 4000; ++edit) {
        std::string text = plan;
        const std::size_t at = next(text.size());
        switch (next(3)) {
            case 0:
                text[at] = bytes[next(bytes.size())];
                break;
            case 1:
                text.erase(at, 1);
                break;
            default:
                text.insert(at, 1, text[at]);
        }
        const std::optional<mscclpp::Plan> single = mscclpp::read_plan_single_pass(text);
        if (!single) continue;
        ++answered;
        INFO(text);
        REQUIRE_FALSE(document_objects(text));
        CHECK(*single == mscclpp::parse_plan_json_document(text, "plan.json"));
    }
    CHECK(answered > 0);
}
