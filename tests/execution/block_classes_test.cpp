// Block classes (checker/execution/block_classes.hpp): the classes are
// exact (every message carries a class whole or not at all), recursive
// doubling B and Swing B have the 2P classes their fold predicts, and a
// schedule executed through one block per class reports what the plain path
// reports, for schedules that hold and for broken ones (which execute() runs
// again whole to list).
#include "checker/execution/block_classes.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "checker/reports/report_json.hpp"
#include "models/fold.hpp"
#include "models/generator.hpp"
#include "tests/execution/plain_path.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

namespace {

/// Every block set of the schedule holds each class whole or not at all.
void check_exact(const Schedule& schedule, const BlockClasses& classes) {
    std::vector<int> size(static_cast<std::size_t>(classes.count), 0);
    for (const int c : classes.class_of) ++size[static_cast<std::size_t>(c)];
    std::vector<int> held(size.size(), 0);
    for (const Step& step : schedule.steps)
        for (const Transfer& transfer : step.transfers) {
            std::fill(held.begin(), held.end(), 0);
            transfer.blocks.for_each(
                [&](int block) { ++held[classes.class_of[static_cast<std::size_t>(block)]]; });
            for (std::size_t c = 0; c < held.size(); ++c)
                if (held[c] != 0) REQUIRE(held[c] == size[c]);
        }
}

}  // namespace

TEST_CASE("recursive doubling B and Swing B have a class per core owner and copy") {
    for (const char* algo : {"recursive_doubling", "swing"})
        for (int n = 2; n <= 70; ++n) {
            CAPTURE(algo);
            CAPTURE(n);
            const Schedule schedule = generate({algo, Form::B, Topology::ring(n)});
            const BlockClasses classes = block_classes(schedule);
            check_exact(schedule, classes);
            // Block b of copy h travels as its core owner b mod P does: 2P classes.
            const int core = Fold(n).core_size();
            CHECK(classes.count == 2 * core);
            for (int b = 0; b + core < n; ++b) {
                CHECK(classes.class_of[static_cast<std::size_t>(b)] ==
                      classes.class_of[static_cast<std::size_t>(b + core)]);
                CHECK(classes.class_of[static_cast<std::size_t>(n + b)] ==
                      classes.class_of[static_cast<std::size_t>(n + b + core)]);
            }
        }
}

TEST_CASE("the classes of every generated schedule are exact") {
    for (int n = 2; n <= 24; ++n)
        for (const GeneratorRequest& request : testing::every_request(Topology::ring(n))) {
            CAPTURE(testing::request_label(request));
            Schedule schedule;
            try {
                schedule = generate(request);
            } catch (const NotApplicable&) {
                continue;
            }
            check_exact(schedule, block_classes(schedule));
        }
}

TEST_CASE("each class is executed through its first block") {
    // Recursive doubling B on 6 ranks folds onto P = 4: blocks 4, 5 travel as
    // 0, 1 do, and blocks 10, 11 of the mirrored copy as 6, 7.
    const Schedule schedule = generate({"recursive_doubling", Form::B, Topology::ring(6)});
    const BlockClasses classes = block_classes(schedule);
    CHECK(classes.count == 8);
    CHECK(classes.class_of == std::vector<int>{0, 1, 2, 3, 0, 1, 4, 5, 6, 7, 4, 5});
    CHECK(classes.representatives() ==
          std::vector<std::uint8_t>{1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0});
}

TEST_CASE("executing by classes reports what the plain path reports") {
    for (const char* algo : {"recursive_doubling", "swing"})
        for (const int n : {3, 5, 6, 7, 12, 13, 24, 31, 33}) {
            CAPTURE(algo);
            CAPTURE(n);
            const Schedule schedule = generate({algo, Form::B, Topology::ring(n)});
            CHECK(report_to_json(execute(schedule)).dump() == testing::plain_report_json(schedule));
        }
}

TEST_CASE("a broken schedule executed by classes lists the plain path's violations") {
    // One block left out of one reduce-scatter message: that block's class
    // splits off, the copies of its reduction go missing, and the report
    // (from the whole schedule, the classes having found a violation) is the plain one.
    for (const char* algo : {"recursive_doubling", "swing"})
        for (const int n : {6, 12, 13}) {
            CAPTURE(algo);
            CAPTURE(n);
            Schedule schedule = generate({algo, Form::B, Topology::ring(n)});
            const int before = block_classes(schedule).count;
            Step& step = schedule.steps[1];
            REQUIRE(step.phase == "reduce_scatter");
            const int dropped = testing::drop_last_block(step.transfers.front(), schedule.blocks);
            CHECK(block_classes(schedule).count > before);
            const Report report = execute(schedule);
            CHECK(report.verdict == Verdict::violated);
            CHECK(report.violation_counts.count(ViolationKind::missing) == 1);
            CHECK(testing::lists_block(report, dropped));
            CHECK(report_to_json(report).dump() == testing::plain_report_json(schedule));
        }
}
