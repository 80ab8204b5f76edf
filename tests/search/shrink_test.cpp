#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/search/delta_debugging.hpp"
#include "checker/search/schedule_projection.hpp"
#include "checker/search/schedule_shrink.hpp"
#include "proofs/last_step_planner.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using testing::ring_schedule;
using testing::run_trivcheck;

namespace {

/// Trivance B on 27 ranks with transfer 10 of step 1 (rank 5 -> 8) sent
/// again in step 2: rank 8 counts rank 4's contribution twice.
Schedule resent_27() {
    Schedule schedule = ring_schedule("trivance", Form::B, 27);
    schedule.steps[2].transfers.push_back(schedule.steps[1].transfers[10]);
    return schedule;
}

/// Trivance B on 27 ranks with one all-gather transfer left out.
Schedule dropped_27() {
    Schedule schedule = ring_schedule("trivance", Form::B, 27);
    auto& transfers = schedule.steps[4].transfers;
    transfers.erase(transfers.begin() + 7);
    return schedule;
}

}  // namespace

TEST_CASE("ddmin finds the 1-minimal failing subset") {
    std::vector<int> items(20);
    for (int i = 0; i < 20; ++i) items[static_cast<std::size_t>(i)] = i;
    int calls = 0;
    const auto kept = minimise_failing_subset(items, [&](const std::vector<int>& subset) {
        ++calls;
        const bool has3 = std::find(subset.begin(), subset.end(), 3) != subset.end();
        const bool has7 = std::find(subset.begin(), subset.end(), 7) != subset.end();
        return has3 && has7;
    });
    CHECK(kept == std::vector<int>{3, 7});
    CHECK(calls < 60);
    CHECK(minimise_failing_subset(items, [](const std::vector<int>&) { return true; }).empty());
}

TEST_CASE("removing a rank renumbers ranks and the blocks they own") {
    // Ring B on 4 ranks has 8 blocks: q·4 + s belongs to rank s.
    const Schedule ring = ring_schedule("ring", Form::B, 4);
    const Schedule three = keep_ranks(ring, {0, 2, 3});
    CHECK(three.ranks == 3);
    CHECK(three.blocks == 6);
    CHECK(three.topology.describe() == "ring:3");
    for (const Step& step : three.steps)
        for (const Transfer& transfer : step.transfers) {
            CHECK(transfer.src < 3);
            CHECK(transfer.dst < 3);
            CHECK(transfer.src != transfer.dst);
            CHECK(transfer.blocks.modulus() == 6);
        }
}

TEST_CASE("a 27-rank schedule that counts a contribution twice shrinks to 2 ranks, 3 transfers") {
    const Schedule broken = resent_27();
    const FailureSignature signature =
        *signature_of(check_schedule(broken), ViolationKind::double_count, true);
    CHECK(signature.cause == "already_held");
    const ShrinkResult result = shrink_schedule(broken, signature);
    CHECK(result.schedule.ranks == 2);
    CHECK(result.schedule.steps.size() == 3);
    CHECK(result.schedule.blocks == 1);
    CHECK(result.schedule.transfer_count() == 3);
    const Report report = check_schedule(result.schedule);
    CHECK(report.violation_counts.count(ViolationKind::double_count) == 1);
    // Both cells still end right: the double count is the only defect left.
    CHECK(held_share(report) == 1.0);
    // The same message twice: 0 -> 1 in step 0 and again in step 1.
    CHECK(report.violations.front().paths.size() == 2);
}

TEST_CASE("a missing contribution shrinks keeping its cause, not to the empty schedule") {
    const Report before = check_schedule(dropped_27());
    const FailureSignature signature = *signature_of(before, ViolationKind::missing, true);
    CHECK(signature.cause == "stranded");
    const ShrinkResult result = shrink_schedule(dropped_27(), signature);
    // Not the 3 ranks and 1 transfer in which nothing reaches anyone: two
    // thirds of the cells must stay right.
    CHECK(result.schedule.ranks == 9);
    CHECK(result.schedule.transfer_count() == 33);
    CHECK(fails_with(result.schedule, signature));
    CHECK(held_share(check_schedule(result.schedule)) >= non_degenerate_share);
}

TEST_CASE("trivcheck shrink writes a smaller schedule failing the same way") {
    const std::string input = testing::unique_temp_path("trivcheck-shrink-in.json");
    const std::string output = testing::unique_temp_path("trivcheck-shrink-out.json");
    write_schedule_file(resent_27(), input);
    const auto result = run_trivcheck("shrink " + input + " -o " + output);
    CHECK(result.exit_code == 1);
    CHECK(result.out.find("27 ranks, 6 steps, 27 blocks, 325 transfers -> 2 ranks, 3 steps, 1 "
                          "blocks, 3 transfers") != std::string::npos);
    CHECK(result.out.find("cells that meet the postcondition: 100.0% -> 100.0%") !=
          std::string::npos);
    const Schedule small = read_schedule_file(output);
    CHECK(small.ranks == 2);
    CHECK(check_schedule(small).violation_counts.count(ViolationKind::double_count) == 1);
    std::remove(input.c_str());
    std::remove(output.c_str());
}

TEST_CASE(
    "a synthesized Trivance L missing one local operation shrinks to 2 ranks, 3 local "
    "operations and the 3 buffers they name") {
    // Rank 3 of n = 10 forgets to replace its vector by its kept piece before the last step.
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    request.topology = Topology::ring(10);
    request.last_step = "synthesized";
    proofs::supply_planner(request);
    Schedule broken = generate(request);
    std::vector<LocalOp>& last = broken.steps.back().local;
    const auto forgotten = std::find_if(last.begin(), last.end(), [](const LocalOp& operation) {
        return operation.rank == 3 && operation.dst_buffer == main_buffer;
    });
    REQUIRE(forgotten != last.end());
    last.erase(forgotten);
    const FailureSignature signature =
        *signature_of(check_schedule(broken), ViolationKind::double_count, true);
    const ShrinkResult result = shrink_schedule(broken, signature);
    const Schedule& shrunk = result.schedule;
    CHECK(shrunk.ranks == 2);
    CHECK(shrunk.steps.size() == 2);
    CHECK(shrunk.transfer_count() == 3);
    CHECK(shrunk.steps[0].local.size() + shrunk.steps[1].local.size() == 3);
    CHECK(shrunk.buffers.size() == 3);
    // Rank 0's own contribution goes out to rank 1's scratch and comes back into its vector.
    const Report report = check_schedule(shrunk);
    REQUIRE(!report.violations.empty());
    const Violation& violation = report.violations.front();
    CHECK(violation.kind == ViolationKind::double_count);
    CHECK(violation.step == 1);
    CHECK(violation.rank == 0);
    CHECK(violation.contributor == 0);
}

TEST_CASE("trivcheck shrink --kind keeps the first violation of that kind and its cause") {
    const std::string input = testing::source_path("docs/examples/trivance-B-27-resent.json");
    const std::string output = testing::unique_temp_path("trivcheck-shrink-kind.json");
    const auto kept = run_trivcheck("shrink " + input + " --kind double_count -o " + output);
    CHECK(kept.exit_code == 1);
    CHECK(kept.out.find("keeping double_count (already_held)") != std::string::npos);
    std::remove(output.c_str());
    const auto none = testing::run_trivcheck_with_errors("shrink " + input + " --kind missing");
    CHECK(none.exit_code == 2);
    CHECK(none.out.find("has no missing violation") != std::string::npos);
}

TEST_CASE("trivcheck shrink --mutation shrinks the generator's n, then says what is left") {
    const std::string output = testing::unique_temp_path("trivcheck-shrink-mutation.json");
    const auto result = run_trivcheck(
        "shrink --algo trivance --form B --topo ring:9 --mutation block_dropped "
        "--site 0 -o " +
        output);
    CHECK(result.exit_code == 1);
    CHECK(result.out.find("mutant trivance-B-9-block_dropped: step 0, 0 -> 1: block 4 left out "
                          "(place 0 of 72, numbered from 0)\n"
                          "smallest n: 4 (block_dropped at step 0, 0 -> 1: block 2 left out; 1 "
                          "smaller size checked)\n") == 0);
    CHECK(result.out.find("  left: differs from trivance-B-4 in 1 place: step 0, 0 -> 1 reduce "
                          "lacks block 2\n") != std::string::npos);
    CHECK(read_schedule_file(output).ranks == 4);
    std::remove(output.c_str());
    const auto beyond = testing::run_trivcheck_with_errors(
        "shrink --algo trivance --form B --topo ring:9 --mutation block_dropped --site 72");
    CHECK(beyond.exit_code == 2);
    CHECK(beyond.out.find("trivance-B-9 has 72 places for block_dropped: 0..71") !=
          std::string::npos);
}

TEST_CASE("trivcheck shrink recognises a generated file with a dropped block and shrinks its n") {
    Schedule dropped = ring_schedule("trivance", Form::B, 9);
    dropped.steps[0].transfers[0].blocks = BlockSet({1, 7}, 9);  // block 4 left out of 0 -> 1
    const std::string input = testing::unique_temp_path("trivcheck-shrink-dropped.json");
    const std::string output = testing::unique_temp_path("trivcheck-shrink-dropped-out.json");
    write_schedule_file(dropped, input);
    const auto result = run_trivcheck("shrink " + input + " -o " + output);
    CHECK(result.exit_code == 1);
    CHECK(result.out.find("recognised trivance-B-9 as trivance-B-9 with block_dropped at step 0, "
                          "0 -> 1: block 4 left out\nsmallest n: 4") == 0);
    CHECK(result.out.find("  left: differs from trivance-B-4 in 1 place: step 0, 0 -> 1 reduce "
                          "lacks block 2\n") != std::string::npos);
    std::remove(input.c_str());
    std::remove(output.c_str());
}
