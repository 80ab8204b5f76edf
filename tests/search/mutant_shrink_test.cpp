// Shrinking that keeps the bug (issue 17, items 1, 2 and 5): for each of
// mutate's operators, a caught mutant of Trivance B (n = 27) and of Trivance
// L (n = 9, fold) is shrunk over n, then delta-debugged; the result fails with
// the mutant's kind and cause and is not degenerate.
#include "checker/search/mutant_shrink.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <set>

#include "checker/execution/executor.hpp"
#include "checker/explanations/check.hpp"
#include "checker/search/generator_difference.hpp"
#include "checker/search/mutation_score.hpp"

using namespace trivcheck;

namespace {

GeneratorRequest trivance(Form form, int n, const std::string& last_step = "published") {
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = form;
    request.last_step = last_step;
    request.topology = Topology::ring(n);
    return request;
}

/// A caught mutant and how it was checked.
struct Chosen {
    Mutant mutant;
    Report report;
    bool bounds = false;
};

/// The first of `op`'s mutants (4 sites) that the checker rejects, preferring
/// one that is not degenerate itself; checked for correctness, or, when no
/// mutant breaks correctness (a split Trivance B step costs only a step),
/// with the original's figures declared as bounds, as `mutate` checks it.
std::optional<Chosen> caught_mutant(const Schedule& original, const MutationOperator& op) {
    for (bool bounds : {false, true}) {
        std::optional<Chosen> degenerate;
        for (Mutant& mutant : op.mutate(original, 4)) {
            if (bounds)
                mutant.schedule.bounds =
                    declared_bounds(execute(original), mutant.schedule.steps.size());
            Report report = check_schedule(mutant.schedule);
            if (report.verdict != Verdict::violated) continue;
            if (held_share(report) >= non_degenerate_share)
                return Chosen{std::move(mutant), std::move(report), bounds};
            if (!degenerate) degenerate = Chosen{std::move(mutant), std::move(report), bounds};
        }
        if (degenerate) return degenerate;
    }
    return std::nullopt;
}

/// Shrinks one caught mutant of every operator; returns the operators that
/// made none.
std::set<std::string> shrink_every_operator(const GeneratorRequest& request) {
    const Schedule original = generate(request);
    std::set<std::string> none;
    for (const MutationOperator& op : mutation_operators()) {
        const std::optional<Chosen> chosen = caught_mutant(original, op);
        if (!chosen) {
            none.insert(op.name);
            continue;
        }
        CAPTURE(op.name);
        CAPTURE(chosen->mutant.site);
        const FailureSignature signature =
            *signature_of(chosen->report, chosen->report.violations.front().kind, true);
        const MutantShrink shrink =
            shrink_mutant(request, original, op, chosen->mutant, signature, chosen->bounds);
        const Schedule& shrunk = shrink.shrunk.schedule;
        const Report after = check_schedule(shrunk);
        // The original's kind and cause, in its first violation.
        REQUIRE(!after.violations.empty());
        CHECK(after.violations.front().kind == signature.kind);
        CHECK(matches(after, signature));
        // Not degenerate by rule 1: two thirds of the cells right, or as many as the mutant had.
        CHECK(held_share(after) >= std::min(non_degenerate_share, held_share(chosen->report)));
        CHECK(shrunk.ranks <= original.ranks);
        if (shrink.search.smallest) CHECK(shrink.search.smallest->n == shrunk.ranks);
        CHECK(!difference_summary(shrunk, request).empty());
    }
    return none;
}

}  // namespace

TEST_CASE("every operator's caught Trivance B mutant (n = 27) shrinks keeping kind and cause") {
    CHECK(shrink_every_operator(trivance(Form::B, 27)).empty());
}

TEST_CASE("every operator's caught Trivance L fold mutant (n = 9) shrinks keeping kind and cause") {
    // One block, no copies, no all-gather: three operators have nothing to change.
    CHECK(shrink_every_operator(trivance(Form::L, 9, "fold")) ==
          std::set<std::string>{"allgather_not_reversed", "copy_as_reduce", "wrong_block"});
}

TEST_CASE(
    "a dropped block of Trivance B on 9 ranks shrinks to Trivance B on 4, the block still "
    "dropped") {
    const GeneratorRequest request = trivance(Form::B, 9);
    const Schedule original = generate(request);
    const MutationOperator& op = *find_mutation_operator("block_dropped");
    // Place 0: rank 0's first reduce-scatter message to rank 1, blocks 1, 4, 7; 4 is left out.
    const Mutant mutant = op.mutate(original, SiteChoice(MutationPlace{0, 0, 0})).front();
    CHECK(mutant.site == "step 0, 0 -> 1: block 4 left out");
    const Report report = check_schedule(mutant.schedule);
    const FailureSignature signature = *signature_of(report, ViolationKind::missing, true);
    CHECK(signature.cause == "overwritten");
    const MutantShrink shrink = shrink_mutant(request, original, op, mutant, signature, false);
    REQUIRE(shrink.search.smallest);
    CHECK(shrink.search.smallest->n == 4);
    CHECK(shrink.search.smallest->mutant.site == "step 0, 0 -> 1: block 2 left out");
    // Nothing else goes: every other transfer changes some final value.
    const Schedule& shrunk = shrink.shrunk.schedule;
    CHECK(shrunk.transfer_count() == generate(trivance(Form::B, 4)).transfer_count() - 1);
    CHECK(held_share(check_schedule(shrunk)) == 0.75);
    CHECK(difference_summary(shrunk, request) ==
          "differs from trivance-B-4 in 1 place: step 0, 0 -> 1 reduce lacks block 2");
}

TEST_CASE("a mistake is carried to the same step counted from the phase boundary") {
    const Schedule nine = generate(trivance(Form::B, 9));
    const Schedule three = generate(trivance(Form::B, 3));
    // The last reduce-scatter step stays the last; the first all-gather step stays the first.
    CHECK(carry_place(nine, {1, 0, 0}, three) == MutationPlace{0, 0, 0});
    CHECK(carry_place(nine, {2, -1, 1}, three) == MutationPlace{1, -1, 1});
    // Step 0 of 9 ranks is two steps before the boundary: 3 ranks have no such step.
    CHECK(!carry_place(nine, {0, 0, 0}, three));
    // The transfer: sender 7 mod 3 = 1, the same way round.
    const Transfer& from = nine.steps[1].transfers[14];
    const std::optional<MutationPlace> carried = carry_place(nine, {1, 14, 0}, three);
    REQUIRE(carried);
    const Transfer& to = three.steps[0].transfers[static_cast<std::size_t>(carried->transfer)];
    CHECK(to.src == from.src % 3);
}

TEST_CASE(
    "the issue's two schedules are recognised as the generator's with one of mutate's mistakes") {
    // Trivance B on 9 ranks, block 4 left out of rank 0's first message (to rank 1).
    const Schedule nine = generate(trivance(Form::B, 9));
    Schedule dropped = nine;
    dropped.steps[0].transfers[0].blocks = BlockSet({1, 7}, 9);
    const auto found = recognise_mutation(nine, dropped);
    REQUIRE(found);
    CHECK(std::string(found->op->name) == "block_dropped");
    CHECK(found->mutant.place == MutationPlace{0, 0, 0});
    // Trivance B on 27 ranks whose all-gather sends every block the reduce way.
    const Schedule twenty_seven = generate(trivance(Form::B, 27));
    Schedule reduce_way = twenty_seven;
    for (Step& step : reduce_way.steps) {
        if (step.phase != "allgather") continue;
        for (Transfer& transfer : step.transfers) {
            std::swap(transfer.src, transfer.dst);
            transfer.route = transfer.route == Route::plus    ? Route::minus
                             : transfer.route == Route::minus ? Route::plus
                                                              : transfer.route;
        }
    }
    const auto replayed = recognise_mutation(twenty_seven, reduce_way);
    REQUIRE(replayed);
    CHECK(std::string(replayed->op->name) == "allgather_not_reversed");
    CHECK(replayed->mutant.place.variant == 1);
    // The correct schedule itself is no mutant.
    CHECK(!recognise_mutation(nine, nine));
}
