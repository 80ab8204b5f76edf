// `check --expect EXPECT.json`: the user's postcondition (docs/msccl.md),
// holding, violated, replacing a collective's own, and refused when malformed.
#include <filesystem>

#include "checker/core/input_error.hpp"
#include "checker/formats/expected_outputs_json.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// gpu 0 of custom-separate-receives.xml ends with gpu 1's chunk in o[0] and gpu 2's in o[1].
const std::string separate_receives_expect = R"({"gpus": [
  {"id": 0, "output": [[{"gpu": 1, "chunk": 0}], [{"gpu": 2, "chunk": 0}]]}
]})";

/// The same with o[0] and o[1] swapped.
const std::string swapped_expect = R"({"gpus": [
  {"id": 0, "output": [[{"gpu": 2, "chunk": 0}], [{"gpu": 1, "chunk": 0}]]}
]})";

Report check_expecting(const std::string& program_file, const std::string& expect_text) {
    const msccl::Program program = parse_msccl_xml(collectives_text(program_file), "copy.xml");
    msccl::AsynchronousOptions options;
    options.expected = parse_expected_outputs(expect_text, "expect.json", program);
    return msccl::check_program(program, options);
}

}  // namespace

TEST_CASE("msccl expect: a custom collective holds what the expect file gives") {
    const Report report = check_expecting("custom-separate-receives.xml", separate_receives_expect);
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.violation_counts.empty());
    CHECK(report.asynchronous->postcondition == "as expect.json gives it");
    CHECK(report.asynchronous->postcondition_missing_reason.empty());
}

TEST_CASE("msccl expect: swapped outputs violate the expect file") {
    const Report report = check_expecting("custom-separate-receives.xml", swapped_expect);
    CHECK(report.violation_counts.at(ViolationKind::missing) == 2);
    CHECK(report.violation_counts.at(ViolationKind::unexpected_contribution) == 2);
    REQUIRE(report.violations.size() == 4);
    const Violation& first = report.violations.front();
    CHECK(first.kind == ViolationKind::missing);
    CHECK(first.rank == 0);
    CHECK(first.block == 0);
    CHECK(first.detail ==
          "output chunk 0 of gpu 0 lacks 1 of its 1 contributions, first (gpu 2, chunk 0)");
    CHECK(report.violations[1].detail ==
          "output chunk 0 of gpu 0 holds 1 contributions that belong elsewhere, first (gpu 1, "
          "chunk 0)");
}

TEST_CASE("msccl expect: replaces a collective's own postcondition") {
    // The broadcast judged as if gpu 2 were to receive nothing: null leaves a chunk free.
    const std::string nothing_at_gpu_2 = R"({"gpus": [
      {"id": 0, "output": [null]},
      {"id": 2, "output": [[]]}
    ]})";
    const Report report = check_expecting("broadcast.xml", nothing_at_gpu_2);
    CHECK(report.asynchronous->postcondition == "as expect.json gives it");
    const Violation& foreign = only_violation(report, "unexpected_contribution");
    CHECK(foreign.detail ==
          "output chunk 0 of gpu 2 holds 1 contributions that belong "
          "elsewhere, first (gpu 0, chunk 0)");
    CHECK(report.violation_counts.size() == 1);
}

TEST_CASE("msccl expect: malformed expect files are refused with their JSON path") {
    struct Case {
        std::string text, error;
    };
    const std::vector<Case> cases = {
        {"[]", "expect.json: expected an object {\"gpus\": [...]}, got an array"},
        {R"({"gpu": []})", "expect.json: gpu: unknown field (expected one of: gpus)"},
        {R"({})", "expect.json: missing required field \"gpus\""},
        {R"({"gpus": {}})", "expect.json: gpus: expected an array of gpus, got an object"},
        {R"({"gpus": [{"id": 3, "output": []}]})",
         "expect.json: gpus[0].id: gpu 3 out of range [0, 3)"},
        {R"({"gpus": [{"id": 0, "output": [null, null]}, {"id": 0, "output": [null, null]}]})",
         "expect.json: gpus[1].id: gpu 0 is listed twice"},
        {R"({"gpus": [{"id": 1, "output": [null]}]})",
         "expect.json: gpus[0].output: 1 entries, but gpu 1 has 2 output chunks"},
        {R"({"gpus": [{"id": 1, "output": [null, 4]}]})",
         "expect.json: gpus[0].output[1]: expected an array of contributions, or null "
         "(anything), got 4"},
        {R"({"gpus": [{"id": 1, "output": [null, [{"gpu": 1}]]}]})",
         "expect.json: gpus[0].output[1][0]: missing required field \"chunk\""},
        {R"({"gpus": [{"id": 1, "output": [null, [{"gpu": 1, "chunk": 1}]]}]})",
         "expect.json: gpus[0].output[1][0].chunk: input chunk 1 out of range [0, 1)"},
        {R"({"gpus": [{"id": 1, "output": [[{"gpu": "1", "chunk": 0}], null]}]})",
         "expect.json: gpus[0].output[0][0].gpu: expected a gpu in [0, 3), got string \"1\""},
        {R"({"gpus": [{"id": 1, "output": [[{"gpu": 2, "chunk": 0}, {"gpu": 2, "chunk": 0}], null]}]})",
         "expect.json: gpus[0].output[0][1]: (gpu 2, chunk 0) is listed twice for one output "
         "chunk"},
        {R"({"gpus": [)", "expect.json:1:11: malformed JSON: "},
    };
    const msccl::Program program =
        parse_msccl_xml(collectives_text("custom-separate-receives.xml"), "copy.xml");
    for (const Case& entry : cases) {
        CAPTURE(entry.text);
        try {
            parse_expected_outputs(entry.text, "expect.json", program);
            FAIL("accepted");
        } catch (const InputError& error) {
            CHECK(std::string(error.what()).starts_with(entry.error));
            if (!entry.error.ends_with(": ")) CHECK(std::string(error.what()) == entry.error);
        }
    }
}

TEST_CASE("msccl expect: check --expect exits 0 holding, 1 violated, 3 malformed") {
    const std::string program = collectives_path("custom-separate-receives.xml");
    const std::string holding =
        temporary_file("trivcheck-expect-holds", ".json", separate_receives_expect);
    const std::string violated =
        temporary_file("trivcheck-expect-violated", ".json", swapped_expect);
    const std::string malformed = temporary_file("trivcheck-expect-malformed", ".json",
                                                 R"({"gpus": [{"id": 0, "output": [[7], null]}]})");
    const CommandOutput holds = run_trivcheck("check " + program + " --expect " + holding);
    CHECK(holds.exit_code == 0);
    CHECK(holds.out.find("\npostcondition: as " +
                         std::filesystem::path(holding).filename().string() + " gives it\n") !=
          std::string::npos);
    CHECK(run_trivcheck("check " + program + " --expect " + violated).exit_code == 1);
    const CommandOutput refused =
        run_trivcheck_stderr("check " + program + " --expect " + malformed);
    CHECK(refused.exit_code == 3);
    CHECK(refused.out == "error: " + malformed +
                             ": gpus[0].output[0][0]: expected a contribution {\"gpu\", "
                             "\"chunk\"}, got 7\n");
    for (const std::string& path : {holding, violated, malformed}) std::filesystem::remove(path);
}

TEST_CASE("msccl expect: --root and --expect are refused where they mean nothing") {
    const CommandOutput root_of_custom = run_trivcheck_stderr(
        "check " + collectives_path("custom-separate-receives.xml") + " --root 1");
    CHECK(root_of_custom.exit_code == 2);
    CHECK(root_of_custom.out ==
          "error: --root applies to broadcast, reduce, gather and scatter, not to custom\n");
    const CommandOutput root_past =
        run_trivcheck_stderr("check " + collectives_path("broadcast.xml") + " --root 3");
    CHECK(root_past.exit_code == 2);
    CHECK(root_past.out == "error: --root 3: the program has 3 gpus\n");
    CHECK(run_trivcheck("check " + collectives_path("broadcast.xml") + " --root 2").exit_code == 1);
    const CommandOutput generated =
        run_trivcheck_stderr("check --algo ring --form B --topo ring:4 --root 1");
    CHECK(generated.exit_code == 2);
    CHECK(generated.out == "error: --runtime, --root and --expect apply to MSCCL-IR files only\n");
}
