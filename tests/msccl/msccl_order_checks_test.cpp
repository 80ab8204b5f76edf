#include <filesystem>
#include <set>

#include "checker/core/order_check_names.hpp"
#include "checker/explanations/check.hpp"
#include "checker/lowering/msccl_lowering.hpp"
#include "tests/msccl_test_support.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// A hand-written program of tests/msccl/orders/.
std::string orders_path(const std::string& name) {
    return std::string(TRIVCHECK_SOURCE_DIR) + "/tests/msccl/orders/" + name;
}

std::string orders_text(const std::string& name) { return file_contents(orders_path(name)); }

}  // namespace

TEST_CASE("msccl order checks: a one-pass all-pairs all-reduce, every gpu in its own order") {
    const Report report = check_msccl_text(orders_text("allpairs-own-order.xml"));
    // Every contribution once at every gpu: the contribution sets see nothing wrong.
    CHECK(report.verdict == Verdict::holds);
    const CheckOutcome& consistency = report.checks.at(rank_consistency_check);
    CHECK(consistency.verdict == Verdict::violated);
    CHECK(consistency.reason ==
          "output chunk 0: gpu 0 adds ((0+1)+2)+3, gpu 1 adds 0+((1+2)+3); floating-point "
          "addition is not associative, so the ranks may end with different sums and "
          "data-parallel replicas drift apart");
    CHECK(report.checks.at(determinism_check).verdict == Verdict::holds);
    CHECK(report.reduction_depth == 3);
}

TEST_CASE("msccl order checks: the same all-pairs all-reduce in rank order everywhere holds") {
    const std::string text = orders_text("allpairs-rank-order.xml");
    const Report report = check_msccl_text(text);
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.checks.at(rank_consistency_check).verdict == Verdict::holds);
    CHECK(report.reduction_depth == 3);
    SUBCASE("a mutant that swaps two additions on gpu 2 is not rank-consistent") {
        // gpu 2 adds its own input third: swap it with the fourth (gpu 3's, in scratch 0).
        std::string mutant = replace_in_block(
            text, 2, 3,
            R"(<step s="2" type="re" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1")",
            R"(<step s="2" type="re" srcbuf="s" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="1")");
        mutant = replace_in_block(
            mutant, 2, 3,
            R"(<step s="3" type="re" srcbuf="s" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="0" deps="1")",
            R"(<step s="3" type="re" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1")");
        const Report swapped = check_msccl_text(mutant);
        CHECK(swapped.verdict == Verdict::holds);
        const CheckOutcome& consistency = swapped.checks.at(rank_consistency_check);
        CHECK(consistency.verdict == Verdict::violated);
        CHECK(consistency.reason.starts_with(
            "output chunk 0: gpu 0 adds ((0+1)+2)+3, gpu 2 adds ((0+1)+3)+2;"));
    }
}

TEST_CASE("msccl order checks: a reduce-scatter then an all-gather is rank-consistent") {
    const Report report = check_msccl_text(orders_text("reduce-scatter-allgather.xml"));
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.checks.at(rank_consistency_check).verdict == Verdict::holds);
    CHECK(report.checks.at(determinism_check).verdict == Verdict::holds);
    CHECK(report.reduction_depth == 3);
}

TEST_CASE("msccl order checks: unordered additions into one chunk are not deterministic") {
    const Report report = check_msccl_text(orders_text("allpairs-unordered.xml"));
    // Each pair of unordered additions is also a race.
    CHECK(report.violation_counts.at(ViolationKind::race) > 0);
    const CheckOutcome& determinism = report.checks.at(determinism_check);
    CHECK(determinism.verdict == Verdict::violated);
    CHECK(determinism.reason.find("both add into o[0], unordered") != std::string::npos);
}

TEST_CASE("msccl order checks: check --require rank_consistency") {
    SUBCASE("every gpu in its own order: exit 1, a violation of that kind") {
        const CommandOutput output = run_trivcheck(
            "check " + orders_path("allpairs-own-order.xml") + " --require rank_consistency");
        CHECK(output.exit_code == 1);
        CHECK(output.out.find("violations: rank_consistency 1;") != std::string::npos);
        CHECK(output.out.find("rank_consistency  violated  output chunk 0: gpu 0 adds "
                              "((0+1)+2)+3, gpu 1 adds 0+((1+2)+3)") != std::string::npos);
    }
    SUBCASE("without --require it is reported, not counted") {
        const CommandOutput output =
            run_trivcheck("check " + orders_path("allpairs-own-order.xml") + " --json");
        CHECK(output.exit_code == 0);
        CHECK(output.out.find(R"("rank_consistency": "violated")") != std::string::npos);
        CHECK(output.out.find(R"("reduction_depth": 3)") != std::string::npos);
    }
    SUBCASE("a reduce-scatter then an all-gather: exit 0") {
        const CommandOutput output = run_trivcheck(
            "check " + orders_path("reduce-scatter-allgather.xml") + " --require rank_consistency");
        CHECK(output.exit_code == 0);
    }
    SUBCASE("--require determinism on unordered additions: a violation of that kind") {
        const CommandOutput output = run_trivcheck(
            "check " + orders_path("allpairs-unordered.xml") + " --require determinism --json");
        CHECK(output.exit_code == 1);
        CHECK(output.out.find(R"("determinism": 1)") != std::string::npos);
    }
    SUBCASE("where the checks are not made, --require is a usage error, never a pass") {
        CHECK(run_trivcheck("check --algo ring --form B --topo ring:4 --engine smt --require "
                            "rank_consistency")
                  .exit_code == 2);
        CHECK(run_trivcheck("check --algo ring --form B --n 2..4 --require rank_consistency")
                  .exit_code == 2);
    }
    SUBCASE("an unknown name is a usage error") {
        CHECK(run_trivcheck("check " + orders_path("reduce-scatter-allgather.xml") +
                            " --require lemma_4_1")
                  .exit_code == 2);
    }
}

MSCCL_CORPUS_TEST_CASE("msccl corpus: the real programs under --require rank_consistency") {
    // The published all-reduce programs (a ring and a hierarchical one) give every gpu the
    // owner's sum; the all-gathers copy inputs: none fails (docs/msccl.md names the count).
    std::set<std::string> failing;
    int checked = 0;
    for (const auto& entry : std::filesystem::directory_iterator(msccl_corpus_dir())) {
        if (entry.path().extension() != ".xml") continue;
        ++checked;
        const CommandOutput output =
            run_trivcheck("check " + entry.path().string() + " --require rank_consistency");
        if (output.exit_code != 0) failing.insert(entry.path().filename().string());
    }
    CHECK(checked == 5);
    CHECK(failing.empty());
}

TEST_CASE("msccl order checks: an exported schedule is as rank-consistent as the schedule") {
    // Two engines, two tree builders: the synchronous replay and the asynchronous run of
    // the lowered program agree on every generator and form.
    for (int n : {4, 8, 9}) {
        for (const char* algo : {"ring", "trivance", "recursive_doubling", "swing", "bruck"}) {
            for (const Form form : {Form::L, Form::B}) {
                if (std::string(algo) == "ring" && form == Form::L) continue;
                const Schedule schedule = ring_schedule(algo, form, n);
                CAPTURE(schedule.name);
                const Report synchronous = check_schedule(schedule);
                if (synchronous.verdict != Verdict::holds) continue;
                const Report asynchronous = msccl::check_program(msccl::lower_to_msccl(schedule));
                CHECK(asynchronous.verdict == Verdict::holds);
                CHECK(asynchronous.checks.at(rank_consistency_check).verdict ==
                      synchronous.checks.at(rank_consistency_check).verdict);
                // Not the depth: the lowering orders a joint reduction's additions its own
                // way (Trivance B on 4: (0+(2+3))+1 where the replay adds (0+1)+(2+3)).
            }
        }
    }
}
