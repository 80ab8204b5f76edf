// The cause a shrink keeps (checker/explanations/violation_cause.hpp), on the
// case files whose first violation is known.
#include "checker/explanations/violation_cause.hpp"

#include <doctest/doctest.h>

#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

std::string first_cause(const std::string& case_file) {
    const Report report =
        check_schedule(read_schedule_file(testing::source_path("tests/cases/" + case_file)));
    REQUIRE(!report.violations.empty());
    return std::string(to_string(report.violations.front().kind)) + " " +
           violation_cause(report.violations.front());
}

}  // namespace

TEST_CASE("each kind's first violation in the case files has its cause") {
    const struct {
        const char* file;
        const char* kind_and_cause;
    } cases[] = {
        // Contributor 0 reaches rank 2, which never sends it on towards rank 1.
        {"direct-3-missing.json", "missing stranded"},
        // Rank 2 sends block 0, which never reaches it.
        {"allgather-ring-3-unheld.json", "send_unheld never_held"},
        {"direct-3-theta-bound.json", "bound_exceeded theta"},
        // The same message twice in one step: both copies arrive at once.
        {"direct-3-sent-twice.json", "double_count arrives_twice"},
        // Rank 0 receives two messages with one port (its two sends sort after).
        {"direct-3-one-port.json", "port_overuse too_many_receives"},
    };
    for (const auto& expected : cases) {
        CAPTURE(expected.file);
        CHECK(first_cause(expected.file) == expected.kind_and_cause);
    }
}

TEST_CASE("two copies arriving in the same step are arrives_twice, not already_held") {
    // Two paths of one hop each: arriving in the reducing step, or one step earlier.
    Violation violation;
    violation.kind = ViolationKind::double_count;
    violation.step = 0;
    violation.paths = {{{0, 2, 1, 0}}, {{0, 3, 1, 0}}};
    CHECK(violation_cause(violation) == "arrives_twice");
    violation.step = 1;
    CHECK(violation_cause(violation) == "already_held");
    violation.paths.clear();
    CHECK(violation_cause(violation) == "unexplained");
}
