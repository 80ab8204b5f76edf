// Every collective RCCL runs besides the four of the corpus: one small
// hand-written program each (tests/msccl/collectives/) that holds, and a
// broken copy derived by a string edit with its exact violation.
#include "checker/core/input_error.hpp"
#include "checker/core/order_check_names.hpp"
#include "tests/msccl_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Checks the program with root `root`.
Report check_with_root(const std::string& text, int root) {
    msccl::AsynchronousOptions options;
    options.root = root;
    return check_msccl_text(text, options);
}

void check_holds(const Report& report, const std::string& postcondition) {
    CHECK(report.verdict == Verdict::holds);
    CHECK(report.violation_counts.empty());
    CHECK(report.asynchronous->postcondition == postcondition);
}

void check_end_value(const Violation& violation, int gpu, int chunk, int contributor,
                     int contributor_chunk, const std::string& detail) {
    CHECK(violation.rank == gpu);
    CHECK(violation.block == chunk);
    CHECK(violation.contributor == contributor);
    CHECK(violation.contributor_chunk == contributor_chunk);
    CHECK(violation.detail == detail);
    REQUIRE(violation.points.size() == 1);
    check_point(violation.points.front(), gpu, -1, -1, "o", chunk, "at the end");
}

}  // namespace

TEST_CASE("msccl collectives: broadcast from root 0 holds; without the root's copy it is missing") {
    const std::string text = collectives_text("broadcast.xml");
    const Report report = check_msccl_text(text);
    check_holds(report, "broadcast from root 0");
    CHECK(report.asynchronous->postcondition_missing_reason.empty());
    // Every gpu ends with the root's chunk, copied, not added: rank-consistent.
    CHECK(report.checks.at(rank_consistency_check).verdict == Verdict::holds);
    SUBCASE("the root does not copy its input into its output") {
        const Report broken =
            check_msccl_text(replace_in_block(text, 0, 2, R"(type="cpy")", R"(type="nop")"));
        check_end_value(only_violation(broken, "missing"), 0, 0, 0, 0,
                        "output chunk 0 of gpu 0 lacks 1 of its 1 contributions, first (gpu 0, "
                        "chunk 0)");
        CHECK(broken.violation_counts.size() == 1);
    }
    SUBCASE("judged from root 1, every output holds a foreign chunk") {
        const Report other_root = check_with_root(text, 1);
        CHECK(other_root.asynchronous->postcondition == "broadcast from root 1");
        CHECK(other_root.violation_counts.at(ViolationKind::missing) == 3);
        CHECK(other_root.violation_counts.at(ViolationKind::unexpected_contribution) == 3);
    }
}

TEST_CASE("msccl collectives: reduce to root 0 holds; a reduction from the input drops gpu 1") {
    const std::string text = collectives_text("reduce.xml");
    const Report report = check_msccl_text(text);
    // The outputs of gpus 1 and 2 stay empty: a reduce asks nothing of them.
    check_holds(report, "reduce to root 0");
    CHECK(report.checks.at(rank_consistency_check).verdict == Verdict::not_applicable);
    // tb 1 adds gpu 2's chunk to i[0] instead of o[0]: it overwrites tb 0's sum.
    const Report broken =
        check_msccl_text(replace_in_block(text, 0, 1, R"(srcbuf="o")", R"(srcbuf="i")"));
    check_end_value(only_violation(broken, "missing"), 0, 0, 1, 0,
                    "output chunk 0 of gpu 0 lacks 1 of its 3 contributions, first (gpu 1, "
                    "chunk 0)");
    CHECK(broken.violation_counts.size() == 1);
}

TEST_CASE("msccl collectives: gather to root 0 holds; two receives swapped misplace both") {
    const std::string text = collectives_text("gather.xml");
    check_holds(check_msccl_text(text), "gather to root 0");
    std::string swapped = replace_in_block(text, 0, 1, R"(dstoff="1")", R"(dstoff="2")");
    swapped = replace_in_block(swapped, 0, 2, R"(dstoff="2")", R"(dstoff="1")");
    const Report broken = check_msccl_text(swapped);
    CHECK(broken.violation_counts.at(ViolationKind::missing) == 2);
    CHECK(broken.violation_counts.at(ViolationKind::unexpected_contribution) == 2);
    REQUIRE(broken.violations.size() == 4);
    check_end_value(broken.violations[0], 0, 1, 1, 0,
                    "output chunk 1 of gpu 0 lacks 1 of its 1 contributions, first (gpu 1, "
                    "chunk 0)");
    check_end_value(broken.violations[1], 0, 1, 2, 0,
                    "output chunk 1 of gpu 0 holds 1 contributions that belong elsewhere, first "
                    "(gpu 2, chunk 0)");
}

TEST_CASE("msccl collectives: scatter from root 0 holds; the wrong chunk sent to gpu 2") {
    const std::string text = collectives_text("scatter.xml");
    check_holds(check_msccl_text(text), "scatter from root 0");
    const Report broken =
        check_msccl_text(replace_in_block(text, 0, 2, R"(srcoff="2")", R"(srcoff="1")"));
    check_end_value(only_violation(broken, "missing"), 2, 0, 0, 2,
                    "output chunk 0 of gpu 2 lacks 1 of its 1 contributions, first (gpu 0, "
                    "chunk 2)");
    check_end_value(only_violation(broken, "unexpected_contribution"), 2, 0, 0, 1,
                    "output chunk 0 of gpu 2 holds 1 contributions that belong elsewhere, first "
                    "(gpu 0, chunk 1)");
}

TEST_CASE(
    "msccl collectives: alltoallv has no postcondition; a longer receive is a count "
    "mismatch") {
    const std::string text = collectives_text("alltoallv.xml");
    const Report report = check_msccl_text(text);
    check_holds(report, "none given");
    CHECK(report.asynchronous->postcondition_missing_reason ==
          "alltoallv's counts and displacements are given at run time, and the file states "
          "none; give one with --expect FILE");
    // gpu 0 sends both its chunks where gpu 1 receives one.
    const Report broken =
        check_msccl_text(replace_in_block(text, 0, 0, R"(srcoff="1" dstbuf="o" dstoff="0" cnt="1")",
                                          R"(srcoff="0" dstbuf="o" dstoff="0" cnt="2")"));
    const Violation& mismatch = only_violation(broken, "count_mismatch");
    CHECK(mismatch.detail ==
          "gpu 1 tb 0 step 1 receives cnt 1 but the message from gpu 0 tb 0 step 0 has cnt 2");
    REQUIRE(mismatch.points.size() == 2);
    check_point(mismatch.points[0], 0, 0, 0, "", -1, "sends");
    check_point(mismatch.points[1], 1, 0, 1, "", -1, "receives");
    CHECK(broken.violation_counts.size() == 1);
}

TEST_CASE("msccl collectives: send and recv have no postcondition; a second receive deadlocks") {
    const std::string text = collectives_text("send.xml");
    const Report send = check_msccl_text(text);
    check_holds(send, "none given");
    CHECK(send.asynchronous->postcondition_missing_reason ==
          "send's peer is given at run time, and the file states none; give one with --expect "
          "FILE");
    const Report recv = check_msccl_text(replace_once(text, R"(coll="send")", R"(coll="recv")"));
    check_holds(recv, "none given");
    CHECK(recv.asynchronous->postcondition_missing_reason.starts_with("recv's peer"));
    const std::string receive =
        R"(<step s="0" type="r" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>)";
    const Report broken = check_msccl_text(replace_once(
        text, receive,
        receive +
            R"(<step s="1" type="r" srcbuf="i" srcoff="0" dstbuf="o" dstoff="0" cnt="1" depid="-1" deps="-1" hasdep="0"/>)"));
    const Violation& deadlock = only_violation(broken, "deadlock");
    CHECK(deadlock.detail ==
          "gpu 1 tb 0 step 1 receives from gpu 0 on channel 0, but nothing sends it: gpu 0 tb 0 "
          "has finished and all its messages were received");
    REQUIRE(deadlock.points.size() == 1);
    check_point(deadlock.points[0], 1, 0, 1, "", -1, "receives");
    CHECK(broken.violation_counts.size() == 1);
}

TEST_CASE("msccl collectives: sizes that do not fit a rooted collective are malformed") {
    struct Case {
        std::string file, from, to, error;
    };
    const std::vector<Case> cases = {
        {"broadcast.xml", R"(<gpu id="1" i_chunks="1" o_chunks="1")",
         R"(<gpu id="1" i_chunks="1" o_chunks="2")",
         "copy.xml: gpu[1]@o_chunks: 2 output chunks, but broadcast needs as many as input "
         "chunks (1)"},
        {"gather.xml", R"(<gpu id="2" i_chunks="1" o_chunks="3")",
         R"(<gpu id="2" i_chunks="1" o_chunks="2")",
         "copy.xml: gpu[2]@o_chunks: 2 output chunks, but gather needs ngpus x input chunks = 3"},
        {"scatter.xml", R"(<gpu id="1" i_chunks="3" o_chunks="1")",
         R"(<gpu id="1" i_chunks="2" o_chunks="1")",
         "copy.xml: gpu[1]@i_chunks: 2 chunks differ from the 3 of gpu 0"},
    };
    for (const Case& entry : cases) {
        CAPTURE(entry.file);
        CHECK_THROWS_WITH_AS(
            parse_msccl_xml(replace_once(collectives_text(entry.file), entry.from, entry.to),
                            "copy.xml"),
            entry.error.c_str(), InputError);
    }
}

TEST_CASE(
    "msccl collectives: in place, a gather's input is its output part, a scatter's output "
    "its input part") {
    auto in_place = [](std::string text, const std::string& size, const std::string& unused) {
        text = replace_once(text, R"(inplace="0")", R"(inplace="1")");
        for (std::size_t at = text.find(size); at != std::string::npos; at = text.find(size, at))
            text.replace(at, size.size(), unused);
        return text;
    };
    // gpu g's input chunk 0 is o[g]: the root's copy is onto itself, the others send o[g].
    const Report gather = check_msccl_text(
        in_place(collectives_text("gather.xml"), R"(i_chunks="1")", R"(i_chunks="0")"));
    CHECK(gather.verdict == Verdict::holds);
    CHECK(gather.violation_counts.empty());
    // gpu g's output chunk 0 is i[g]: gpu 1 receives into i[1], which holds the root's chunk 1.
    const Report scatter = check_msccl_text(
        in_place(collectives_text("scatter.xml"), R"(o_chunks="1")", R"(o_chunks="0")"));
    CHECK(scatter.verdict == Verdict::holds);
    CHECK(scatter.violation_counts.empty());
}
