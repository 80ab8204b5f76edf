// Broken copies of the corpus's plans (docs/mscclpp.md, Broken copies): each
// hand-written synchronization mistake, applied at every site of every plan
// that holds, is caught with its kind.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "checker/mscclpp/plan_mutations.hpp"
#include "checker/mscclpp/violation_kinds.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;
using mscclpp::PlanMutation;

namespace {

struct Tally {
    int sites = 0;
    int caught = 0;
    /// Kinds found at sites that were caught, beyond the expected one.
    std::map<std::string, int> other_kinds;
};

Tally tally(const mscclpp::Plan& plan, PlanMutation mutation, const char* expected) {
    Tally result;
    for (const mscclpp::MutationSite& site : mscclpp::mutation_sites(plan, mutation)) {
        ++result.sites;
        const Report report = mscclpp::check_plan(mscclpp::mutate_plan(plan, mutation, site));
        result.caught += report.violation_counts.contains(expected);
        for (const auto& [kind, count] : report.violation_counts)
            if (kind != expected) ++result.other_kinds[kind];
    }
    return result;
}

}  // namespace

MSCCLPP_CORPUS_TEST_CASE("mscclpp broken copies: every operator caught with its kind") {
    for (const std::string& name : mscclpp_corpus_files()) {
        mscclpp::Plan plan;
        try {
            plan = mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + name);
        } catch (const std::exception&) {
            continue;  // refused plans: mscclpp_corpus_test.cpp
        }
        if (mscclpp::check_plan(plan).verdict != Verdict::holds) continue;
        for (const auto& [mutation, expected] :
             {std::pair{PlanMutation::drop_wait, mscclpp::kinds::count_mismatch},
              std::pair{PlanMutation::relax_signal, mscclpp::kinds::stale_read},
              std::pair{PlanMutation::drop_release, mscclpp::kinds::deadlock},
              std::pair{PlanMutation::move_put_before_wait, mscclpp::kinds::race}}) {
            const Tally result = tally(plan, mutation, expected);
            if (result.sites == 0) continue;
            std::string others;
            for (const auto& [kind, count] : result.other_kinds)
                others += " " + kind + "=" + std::to_string(count);
            MESSAGE(name << " " << mscclpp::mutation_name(mutation) << ": " << result.caught
                         << "/" << result.sites << others);
        }
    }
}
