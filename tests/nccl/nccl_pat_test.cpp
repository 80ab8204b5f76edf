// NCCL's PAT (models/nccl/nccl_pat.hpp): reduce-scatter and all-gather hold
// for every n in 2..64, aggregated and one block a step, and the aggregated
// reduce-scatter posts n/2, n/4, ..., 1 blocks to r+1, r+2, ..., r+n/2.
#include <doctest/doctest.h>

#include <map>
#include <string>

#include "checker/explanations/check.hpp"
#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"

using namespace trivcheck;

namespace {

GeneratorRequest nccl_pat_request(int n, Collective collective, const std::string& aggregation,
                                  int channels = 1, int loops = 1) {
    GeneratorRequest request;
    request.algo = "nccl_pat";
    request.topology = Topology::ring(n);
    request.collective = collective;
    request.pat_aggregation = aggregation;
    request.channels = channels;
    request.loops = loops;
    return request;
}

}  // namespace

TEST_CASE(
    "nccl_pat reduce-scatter at n = 8, aggregated: rank 0 sends 4 blocks to 1, 2 to 2, 1 to 4") {
    const Schedule schedule =
        generate(nccl_pat_request(8, Collective::reduce_scatter, "aggregated"));
    std::vector<std::pair<int, std::vector<int>>> sent;
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers)
            if (transfer.src == 0) sent.emplace_back(transfer.dst, transfer.blocks.sorted());
    // Offsets t with lowbit(t) = 2^d go to 0 + 2^d: the partials for ranks t.
    CHECK(sent ==
          std::vector<std::pair<int, std::vector<int>>>{{1, {1, 3, 5, 7}}, {2, {2, 6}}, {4, {4}}});
}

TEST_CASE("nccl_pat holds for every n in 2..64, both collectives, both forms") {
    for (Collective collective : {Collective::reduce_scatter, Collective::allgather})
        for (const char* aggregation : {"aggregated", "step"})
            for (int n = 2; n <= 64; ++n) {
                CAPTURE(to_string(collective));
                CAPTURE(aggregation);
                CAPTURE(n);
                const Report report =
                    check_generated(nccl_pat_request(n, collective, aggregation, 2, 2));
                REQUIRE(report.verdict == Verdict::holds);
                // Aggregated: one step a distance 2^d < n; a step each block: n - 1.
                const int per_loop =
                    std::string(aggregation) == "aggregated" ? ceil_log(n, 2) : n - 1;
                CHECK(report.steps() == 2 * per_loop);
                // Every rank sends each of the n - 1 other blocks once a loop and channel.
                CHECK(report.total_blocks_per_rank_max == 2 * 2 * (n - 1));
            }
}

TEST_CASE("nccl_pat needs a collective it has") {
    GeneratorRequest request = nccl_pat_request(8, Collective::allreduce, "aggregated");
    CHECK_THROWS_AS(generate(request), NotApplicable);
    request.collective = Collective::reduce_scatter;
    request.pat_aggregation = "sometimes";
    CHECK_THROWS_AS(generate(request), NotApplicable);
}
