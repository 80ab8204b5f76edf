// Broken copies of the corpus's plans (docs/mscclpp.md, Broken copies): each
// hand-written synchronization mistake, applied at every site of every plan
// that holds, is caught with its kind.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <string>

#include "checker/mscclpp/plan_mutations.hpp"
#include "checker/mscclpp/violation_kinds.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;
using mscclpp::PlanMutation;

namespace {

struct Operator {
    PlanMutation mutation;
    /// The kind every mutant must show.
    ViolationKind expected;
    /// Whether that kind must be the only one (relaxing a signal leaves the
    /// weak order, hence races, deadlocks and counts, as they were; a dropped
    /// release leaves an acquire waiting and nothing else).
    bool only;
};

constexpr Operator operators[] = {
    {PlanMutation::drop_wait, mscclpp::kinds::signal_count_mismatch, false},
    {PlanMutation::relax_signal, mscclpp::kinds::stale_read, true},
    {PlanMutation::drop_release, mscclpp::kinds::deadlock, true},
    {PlanMutation::move_put_before_wait, mscclpp::kinds::race, false},
};

/// The corpus plans that hold, read.
std::vector<std::pair<std::string, mscclpp::Plan>> holding_plans() {
    std::vector<std::pair<std::string, mscclpp::Plan>> plans;
    for (const std::string& name : mscclpp_corpus_files()) {
        try {
            mscclpp::Plan plan = mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + name);
            if (mscclpp::check_plan(plan).verdict == Verdict::holds)
                plans.emplace_back(name, std::move(plan));
        } catch (const std::exception&) {
            // refused plans: mscclpp_corpus_test.cpp
        }
    }
    return plans;
}

}  // namespace

MSCCLPP_CORPUS_TEST_CASE(
    "mscclpp broken copies: every operator caught with its kind at every site") {
    const auto plans = holding_plans();
    REQUIRE(plans.size() >= 30);
    std::map<std::string, int> plans_with_sites;
    for (const auto& [name, plan] : plans) {
        for (const Operator& op : operators) {
            const auto sites = mscclpp::mutation_sites(plan, op.mutation);
            if (!sites.empty())
                ++plans_with_sites[std::string(mscclpp::mutation_name(op.mutation))];
            for (const mscclpp::MutationSite& site : sites) {
                const Report report =
                    mscclpp::check_plan(mscclpp::mutate_plan(plan, op.mutation, site));
                INFO(name << " " << mscclpp::mutation_name(op.mutation) << " at gpu " << site.gpu
                          << " tb " << site.block << " op " << site.operation);
                CHECK(report.violation_counts.contains(op.expected));
                if (op.only) CHECK(report.violation_counts.size() == 1);
            }
        }
    }
    // Each operator applies somewhere: the loop above tested it.
    // 15 plans of the corpus hold and wait (21 more are refused: a gpu of 0
    // chunks; multi_node_send_recv and multi_node_reducescatter race on a
    // port put's source).
    CHECK(plans_with_sites["drop_wait"] >= 15);
    CHECK(plans_with_sites["relax_signal"] >= 10);
    CHECK(plans_with_sites["drop_release"] >= 2);
    CHECK(plans_with_sites["move_put_before_wait"] >= 10);
}

TEST_CASE("mscclpp broken copies: the two-gpu plan's operators") {
    const mscclpp::Plan plan = mscclpp::parse_plan_json(two_gpu_plan_joined(), "pair.json");
    REQUIRE(mscclpp::check_plan(plan).verdict == Verdict::holds);
    for (const Operator& op : operators) {
        for (const mscclpp::MutationSite& site : mscclpp::mutation_sites(plan, op.mutation)) {
            const Report report =
                mscclpp::check_plan(mscclpp::mutate_plan(plan, op.mutation, site));
            INFO(mscclpp::mutation_name(op.mutation)
                 << " at gpu " << site.gpu << " op " << site.operation);
            CHECK(report.violation_counts.contains(op.expected));
        }
    }
    CHECK(mscclpp::mutation_sites(plan, PlanMutation::drop_wait).size() == 4);
    CHECK(mscclpp::mutation_sites(plan, PlanMutation::relax_signal).size() == 2);
    CHECK(mscclpp::mutation_sites(plan, PlanMutation::drop_release).empty());
    CHECK(mscclpp::mutation_sites(plan, PlanMutation::move_put_before_wait).size() == 2);
}
