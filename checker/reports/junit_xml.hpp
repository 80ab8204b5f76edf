#pragma once
#include <string>
#include <vector>

namespace trivcheck {

/// One test case of a JUnit XML report: a schedule at one size.
struct JunitCase {
    enum class Outcome { passed, failed, error, skipped };
    std::string class_name;  // "trivance.L"
    std::string name;        // "n=4"
    double seconds = 0;
    Outcome outcome = Outcome::passed;
    /// failed: the violation kind; error: "unknown".
    std::string type;
    /// One line: the first violation, or why it is unknown or skipped.
    std::string message;
};

/// The JUnit XML text (a <testsuites> with one <testsuite> named `suite`) as
/// CI test-report parsers read it: <failure> for a violation, <error> for an
/// undecided case, <skipped> for a size the form does not exist at.
std::string junit_xml(const std::string& suite, const std::vector<JunitCase>& cases);

}  // namespace trivcheck
