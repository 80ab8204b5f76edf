// Fold cores (checker/execution/fold_core.hpp): recursive doubling B and Swing
// B on every n from P + 1 to 2P - 1 fold onto one core, the same schedule for
// all of them; what is not a fold is refused; a schedule whose core holds
// reports what the plain path reports, and a broken one (in its core or in
// its fold) lists the plain path's violations; a core proven once is not
// executed again.
#include "checker/execution/fold_core.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/execution/proven_fold_cores.hpp"
#include "checker/reports/report_json.hpp"
#include "models/fold.hpp"
#include "models/generator.hpp"
#include "tests/execution/plain_path.hpp"

using namespace trivcheck;
using testing::drop_last_block;
using testing::lists_block;
using testing::plain_report_json;

namespace {

Schedule ring_b(const char* algo, int n) { return generate({algo, Form::B, Topology::ring(n)}); }

}  // namespace

TEST_CASE("recursive doubling B and Swing B on P + 1 .. 2P - 1 ranks have one core") {
    for (const char* algo : {"recursive_doubling", "swing"})
        for (const int core_size : {2, 4, 8, 16, 32}) {
            CAPTURE(algo);
            CAPTURE(core_size);
            const Schedule first = ring_b(algo, core_size + 1);
            const std::optional<Schedule> core = fold_core(first);
            REQUIRE(core);
            CHECK(core->ranks == core_size);
            CHECK(core->blocks == 2 * core_size);
            CHECK(core->steps.size() == first.steps.size() - 2);
            CHECK(execute(*core).verdict == Verdict::holds);
            for (int n = core_size + 1; n < 2 * core_size; ++n) {
                CAPTURE(n);
                const Schedule schedule = ring_b(algo, n);
                const std::optional<FoldedSchedule> folded = FoldedSchedule::of(schedule);
                REQUIRE(folded);
                CHECK(folded->has_core(*core));
                CHECK(folded->has_core(folded->core()));
            }
        }
}

TEST_CASE("cores of different algorithms or sizes differ") {
    const Schedule doubling = ring_b("recursive_doubling", 11);
    const Schedule swing = ring_b("swing", 11);
    const std::optional<FoldedSchedule> folded = FoldedSchedule::of(doubling);
    REQUIRE(folded);
    CHECK_FALSE(folded->has_core(*fold_core(swing)));
    CHECK_FALSE(folded->has_core(*fold_core(ring_b("recursive_doubling", 17))));
    // One block fewer in one message of the core is another core.
    Schedule broken = doubling;
    drop_last_block(broken.steps[2].transfers.front(), broken.blocks);
    CHECK_FALSE(folded->has_core(*fold_core(broken)));
}

TEST_CASE("what is not a fold has no fold core") {
    // No extras: a power of two, whose first step is the core's own.
    CHECK_FALSE(fold_core(ring_b("recursive_doubling", 16)));
    // One block: the L forms (their whole execution is cheap).
    CHECK_FALSE(fold_core(generate({"recursive_doubling", Form::L, Topology::ring(6)})));
    // A ring whose steps are not a fold and an unfold.
    CHECK_FALSE(fold_core(ring_b("ring", 6)));
    // An extra that keeps one block back does not hand over its whole vector.
    Schedule partial = ring_b("recursive_doubling", 6);
    drop_last_block(partial.steps.front().transfers.front(), partial.blocks);
    CHECK_FALSE(fold_core(partial));
    // An extra that gets nothing back.
    Schedule unreturned = ring_b("swing", 6);
    unreturned.steps.back().transfers.pop_back();
    CHECK_FALSE(fold_core(unreturned));
    // A middle step that involves an extra.
    Schedule involved = ring_b("recursive_doubling", 6);
    Transfer extra = involved.steps[1].transfers.front();
    extra.dst = 0;  // rank 0 is an extra of the fold of 6 onto 4
    involved.steps[1].transfers.push_back(extra);
    CHECK_FALSE(fold_core(involved));
}

TEST_CASE("a folded schedule whose core holds reports what the plain path reports") {
    for (const char* algo : {"recursive_doubling", "swing"})
        for (const int n : {3, 5, 6, 7, 12, 13, 24, 31, 33, 100}) {
            CAPTURE(algo);
            CAPTURE(n);
            const Schedule schedule = ring_b(algo, n);
            CHECK(report_to_json(execute(schedule)).dump() == plain_report_json(schedule));
        }
}

TEST_CASE("a broken fold or core lists the plain path's violations") {
    for (const char* algo : {"recursive_doubling", "swing"})
        for (const int n : {6, 13}) {
            CAPTURE(algo);
            CAPTURE(n);
            // In the core: a reduce-scatter message one block short leaves that block
            // missing its sender's share at every rank.
            Schedule core_broken = ring_b(algo, n);
            const int dropped =
                drop_last_block(core_broken.steps[1].transfers.front(), core_broken.blocks);
            const Report report = execute(core_broken);
            CHECK(report.verdict == Verdict::violated);
            CHECK(report.violation_counts.count(ViolationKind::missing) == 1);
            CHECK(lists_block(report, dropped));
            CHECK(report_to_json(report).dump() == plain_report_json(core_broken));
            // In the fold: an extra that also reduces into its partner in the last step
            // is no fold (the last step must be copies only): executed whole, double counts.
            Schedule fold_broken = ring_b(algo, n);
            Transfer twice = fold_broken.steps.front().transfers.front();
            fold_broken.steps.back().transfers.push_back(twice);
            CHECK_FALSE(fold_core(fold_broken));
            const Report whole = execute(fold_broken);
            CHECK(whole.violation_counts.count(ViolationKind::double_count) == 1);
            CHECK(report_to_json(whole).dump() == plain_report_json(fold_broken));
        }
}

TEST_CASE("a core proven once is remembered, not executed again") {
    ProvenFoldCores proven;
    const ExecuteOptions options;
    for (int n = 9; n <= 15; ++n) {
        const Schedule schedule = ring_b("swing", n);
        const std::optional<FoldedSchedule> folded = FoldedSchedule::of(schedule);
        REQUIRE(folded);
        CHECK(proven.holds(*folded, options));
    }
    CHECK(proven.reuses() == 6);
    // A core that does not hold is never remembered.
    Schedule broken = ring_b("swing", 9);
    drop_last_block(broken.steps[1].transfers.front(), broken.blocks);
    const std::optional<FoldedSchedule> folded = FoldedSchedule::of(broken);
    REQUIRE(folded);
    CHECK_FALSE(proven.holds(*folded, options));
    CHECK_FALSE(proven.holds(*folded, options));
    CHECK(proven.reuses() == 6);
}

TEST_CASE("a fold needs the memory of its core, not of every rank") {
    // The limit lies between the core's estimate and the whole schedule's: the fold is
    // checked, the plain path refused (exit 4 on the command line).
    const Schedule schedule = ring_b("recursive_doubling", 1023);
    const std::optional<Schedule> core = fold_core(schedule);
    REQUIRE(core);
    const std::uint64_t core_need = estimate_execution_memory(*core);
    const std::uint64_t whole_need = estimate_execution_memory(schedule, false);
    REQUIRE(core_need < whole_need);
    ExecuteOptions options;
    options.memory_limit_bytes = (core_need + whole_need) / 2;
    CHECK(execute(schedule, options).verdict == Verdict::holds);
    options.use_symmetry = false;
    CHECK_THROWS_AS(execute(schedule, options), ResourceLimit);
}
