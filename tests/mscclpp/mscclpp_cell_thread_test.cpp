#include <doctest/doctest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "checker/core/ordered_worker.hpp"
#include "checker/msccl/violation_sink.hpp"
#include "checker/mscclpp/one_sided_run.hpp"
#include "checker/mscclpp/plan_mutations.hpp"
#include "checker/mscclpp/plan_steps.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

namespace trivcheck::testing {

namespace {

/// The items an OrderedWorker handled, pushing 0 .. count - 1; the handler
/// throws at `throw_at` (-1: never).
std::vector<int> handled_items(bool threaded, int count, int throw_at, bool& threw) {
    std::vector<int> handled;
    OrderedWorker<int> worker(
        [&](const int& item) {
            if (item == throw_at) throw std::runtime_error("item " + std::to_string(item));
            handled.push_back(item);
        },
        threaded);
    for (int item = 0; item < count; ++item) worker.push(item);
    threw = false;
    try {
        worker.finish();
    } catch (const std::runtime_error&) {
        threw = true;
    }
    return handled;
}

struct RunOutcome {
    bool completed = false;
    int steps = 0;
    int critical_path = 0;
    std::int64_t remote_chunks = 0;
    std::map<ViolationKind, std::int64_t> counts;
    std::vector<std::string> violations;
    std::vector<int> trees;
};

RunOutcome run_outcome(const mscclpp::Plan& plan, mscclpp::CellThread thread) {
    const mscclpp::CellLayout cells(plan, mscclpp::pieces_per_chunk(plan));
    msccl::ViolationSink sink(1000);
    const mscclpp::RunResult run = mscclpp::run_plan(plan, cells, sink, thread);
    RunOutcome outcome;
    outcome.completed = run.completed;
    outcome.steps = run.figures.steps;
    outcome.critical_path = run.figures.critical_path;
    outcome.remote_chunks = run.figures.synchronization.remote_chunks_written;
    outcome.counts = sink.counts();
    for (const Violation& violation : sink.recorded()) {
        std::string line = std::string(to_string(violation.kind)) + " " + violation.detail;
        for (const ProgramPoint& point : violation.points)
            line += " | " + std::to_string(point.gpu) + " " + std::to_string(point.thread_block) +
                    " " + std::to_string(point.step) + " " + point.buffer + " " +
                    std::to_string(point.chunk) + " " + point.note;
        outcome.violations.push_back(line);
    }
    for (int cell = 0; cell < cells.count(); ++cell) outcome.trees.push_back(run.values.tree(cell));
    return outcome;
}

void check_same_outcome(const mscclpp::Plan& plan) {
    const RunOutcome one = run_outcome(plan, mscclpp::CellThread::same);
    const RunOutcome two = run_outcome(plan, mscclpp::CellThread::separate);
    CHECK(one.completed == two.completed);
    CHECK(one.steps == two.steps);
    CHECK(one.critical_path == two.critical_path);
    CHECK(one.remote_chunks == two.remote_chunks);
    CHECK(one.counts == two.counts);
    CHECK(one.violations == two.violations);
    CHECK(one.trees == two.trees);
}

}  // namespace

TEST_CASE("ordered worker: every item handled once, in order, on a second thread or not") {
    for (const bool threaded : {false, true}) {
        bool threw = true;
        // More items than its ring holds, so that the pushing side waits.
        const std::vector<int> handled = handled_items(threaded, 200'000, -1, threw);
        CHECK_FALSE(threw);
        REQUIRE(handled.size() == 200'000);
        for (int item = 0; item < 200'000; ++item) CHECK_EQ(handled[item], item);
    }
}

TEST_CASE("ordered worker: the handler's exception reaches finish; later items are not handled") {
    bool threw = false;
    const std::vector<int> handled = handled_items(true, 100'000, 70'000, threw);
    CHECK(threw);
    CHECK(handled.size() == 70'000);
    // Without a second thread the exception comes out of push itself.
    OrderedWorker<int> inline_worker([](const int&) { throw std::runtime_error("at once"); },
                                     false);
    CHECK_THROWS_AS(inline_worker.push(1), std::runtime_error);
}

MSCCLPP_CORPUS_TEST_CASE(
    "mscclpp run: checking cells on a second thread reports what one thread does") {
    int compared = 0;
    for (const std::string& name : mscclpp_corpus_files()) {
        std::optional<mscclpp::Plan> plan;
        try {
            plan = mscclpp::read_plan_file(mscclpp_corpus_dir() + "/" + name);
        } catch (const std::exception&) {
            continue;  // refused plans: mscclpp_corpus_test.cpp
        }
        INFO(name);
        check_same_outcome(*plan);
        ++compared;
        // Broken copies, whose races, stale reads and deadlocks are reported
        // from the two threads.
        for (const mscclpp::PlanMutation mutation :
             {mscclpp::PlanMutation::drop_wait, mscclpp::PlanMutation::relax_signal,
              mscclpp::PlanMutation::drop_release, mscclpp::PlanMutation::move_put_before_wait}) {
            const auto sites = mscclpp::mutation_sites(*plan, mutation);
            if (sites.empty()) continue;
            INFO(mscclpp::mutation_name(mutation));
            check_same_outcome(mscclpp::mutate_plan(*plan, mutation, sites.front()));
        }
    }
    CHECK(compared >= 60);
}

}  // namespace trivcheck::testing
