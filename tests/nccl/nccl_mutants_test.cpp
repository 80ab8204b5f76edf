// A mutant of each NCCL schedule is violated with the exact kinds: a ring
// chunk sent to the wrong neighbour, a tree child dropped, a PAT dimension
// skipped (tests/nccl: the schedules themselves hold).
#include <doctest/doctest.h>

#include <algorithm>
#include <map>

#include "checker/core/violation_kind.hpp"
#include "checker/explanations/check.hpp"
#include "models/generator.hpp"

using namespace trivcheck;

namespace {

Schedule nccl_schedule(const char* algo, int n, Collective collective) {
    GeneratorRequest request;
    request.algo = algo;
    request.topology = Topology::ring(n);
    request.collective = collective;
    return generate(request);
}

std::map<ViolationKind, std::int64_t> violation_kinds(const Schedule& schedule) {
    const Report report = check_schedule(schedule);
    CHECK(report.verdict == Verdict::violated);
    return report.violation_counts;
}

}  // namespace

TEST_CASE("nccl_ring with rank 3's first chunk sent to its other neighbour, 2, not to 4") {
    Schedule schedule = nccl_schedule("nccl_ring", 8, Collective::allreduce);
    for (Transfer& transfer : schedule.steps[0].transfers)
        if (transfer.src == 3) transfer.dst = 2;
    // Rank 2 receives two messages in step 0 with one port (one channel). The
    // sums stay exact: x3 reaches chunk 2 at rank 2 instead of through the
    // ring, and the chain from rank 4 round to rank 2 adds every other input
    // once, so the port is the only thing wrong.
    const std::map<ViolationKind, std::int64_t> kinds = violation_kinds(schedule);
    CHECK(kinds.size() == 1);
    CHECK(kinds.at(ViolationKind::port_overuse) == 1);
}

TEST_CASE("nccl_tree with one leaf's partial never sent up") {
    Schedule schedule = nccl_schedule("nccl_tree", 8, Collective::allreduce);
    // Rank 7 is a leaf of tree 0 (its parent is 6); drop its send up.
    for (Step& step : schedule.steps)
        std::erase_if(step.transfers, [](const Transfer& transfer) {
            return transfer.src == 7 && transfer.dst == 6;
        });
    const std::map<ViolationKind, std::int64_t> kinds = violation_kinds(schedule);
    CHECK(kinds.size() == 1);
    // Every rank ends without rank 7's input.
    CHECK(kinds.at(ViolationKind::missing) == 8);
}

TEST_CASE("nccl_pat reduce-scatter with the distance-2 dimension skipped") {
    Schedule schedule = nccl_schedule("nccl_pat", 8, Collective::reduce_scatter);
    schedule.steps.erase(schedule.steps.begin() + 1);
    const std::map<ViolationKind, std::int64_t> kinds = violation_kinds(schedule);
    CHECK(kinds.size() == 1);
    // Every rank's block lacks the offsets 2 and 3 (and 6, 7 folded into them): all 8 blocks.
    CHECK(kinds.at(ViolationKind::missing) == 8);
}
