// The registry of violation kinds (checker/core/violation_kind.hpp): every
// kind has every piece, and every consumer takes it from there.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "checker/core/order_check_names.hpp"
#include "checker/core/violation_kind.hpp"
#include "checker/reports/report_sarif.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

TEST_CASE("every violation kind has a unique name, SARIF texts and its inputs") {
    std::set<std::string_view> names;
    for (const ViolationKindEntry& kind : violation_kinds()) {
        CAPTURE(kind.name);
        CHECK_FALSE(kind.name.empty());
        CHECK(names.insert(kind.name).second);
        CHECK_FALSE(kind.summary.empty());
        CHECK(kind.help.size() > kind.summary.size());
        CHECK_FALSE(kind.found_in.empty());
        CHECK(violation_kind_named(kind.name) == kind.kind);
        CHECK(to_string(kind.kind) == kind.name);
    }
    CHECK_FALSE(violation_kind_named("not_a_kind").has_value());
}

TEST_CASE("the kinds are in the alphabetical order of their names, as reports list them") {
    const auto kinds = violation_kinds();
    for (std::size_t i = 1; i < kinds.size(); ++i) CHECK(kinds[i - 1].name < kinds[i].name);
}

TEST_CASE("SARIF takes each kind's rule from the registry") {
    for (const ViolationKindEntry& kind : violation_kinds()) {
        CAPTURE(kind.name);
        Report report;
        report.verdict = Verdict::violated;
        Violation violation;
        violation.kind = kind.kind;
        report.violations.push_back(violation);
        report.violation_counts[kind.kind] = 1;
        SarifSubject subject;
        subject.logical_name = "one violation";
        subject.report = report;
        const nlohmann::ordered_json log = sarif_log({subject});
        const nlohmann::ordered_json& rule = log["runs"][0]["tool"]["driver"]["rules"][0];
        CHECK(rule["id"] == std::string(kind.name));
        CHECK(rule["shortDescription"]["text"] == std::string(kind.summary));
        CHECK(rule["help"]["text"] == std::string(kind.help));
    }
}

TEST_CASE("docs/model.md names every violation kind") {
    const std::string model = testing::file_contents(testing::source_path("docs/model.md"));
    for (const ViolationKindEntry& kind : violation_kinds()) {
        CAPTURE(kind.name);
        CHECK(model.find("`" + std::string(kind.name) + "`") != std::string::npos);
    }
}

TEST_CASE("the named checks --require counts are registered kinds, and only they") {
    CHECK(requirable_check_names() ==
          std::vector<std::string>{determinism_check, "postcondition", rank_consistency_check});
    for (const char* name : {rank_consistency_check, determinism_check}) {
        CAPTURE(name);
        const std::optional<ViolationKind> kind = violation_kind_named(name);
        REQUIRE(kind.has_value());
        CHECK(entry(*kind).named_check);
    }
}
