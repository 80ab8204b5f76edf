// Happens-before with clocks per gpu is exact: on exported programs with
// randomly dropped waits, the clock a thread block holds at each step, for each
// thread block of its gpu, equals the one computed by brute force from the
// graph of the run (program order, message, wait edges).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/scheduler.hpp"
#include "checker/msccl/step_ordering.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

/// Drives HappensBefore through the order side of a run (StepOrdering), and
/// records the run's graph and, per step, the clock its thread block holds
/// after its joins (which sending, signalling and finishing leave alone).
class Recorder : public msccl::StepObserver {
  public:
    explicit Recorder(const msccl::ProgramLayout& layout)
        : layout_(layout), steps_(layout), ordering_(layout, steps_, nullptr) {
        for (int block = 0; block < layout.block_count(); ++block)
            node_of_.emplace_back(layout.block(block).steps.size(), -1);
    }

    void run(const msccl::StepStart& start) override {
        const int node = static_cast<int>(block_of_.size());
        block_of_.push_back(start.block);
        step_of_.push_back(start.step);
        node_of_[start.block][start.step] = node;
        std::vector<int> predecessors;
        if (start.step > 0) predecessors.push_back(node_of_[start.block][start.step - 1]);
        if (start.waited_block >= 0)
            predecessors.push_back(node_of_[start.waited_block][start.waited_step]);
        if (start.received_message >= 0)
            predecessors.push_back(message_node_[start.received_message]);
        ordering_.run(start);
        std::vector<int> seen;
        for (int other = 0; other < layout_.block_count(); ++other)
            if (layout_.gpu_of(other) == layout_.gpu_of(start.block))
                seen.push_back(ordering_.clocks().clock(start.block, other));
        observed_.push_back(std::move(seen));
        predecessors_.push_back(std::move(predecessors));
        if (start.sent_message >= 0) {
            message_node_.resize(start.sent_message + 1);
            message_node_[start.sent_message] = node;
        }
    }

    /// Steps whose recorded clock differs from the brute-force one.
    int disagreements() const {
        const std::size_t nodes = block_of_.size();
        std::vector<std::vector<bool>> before(nodes, std::vector<bool>(nodes, false));
        int wrong = 0;
        for (std::size_t node = 0; node < nodes; ++node) {
            for (int predecessor : predecessors_[node]) {
                before[node][predecessor] = true;
                for (std::size_t earlier = 0; earlier < node; ++earlier)
                    if (before[predecessor][earlier]) before[node][earlier] = true;
            }
            std::vector<int> expected;
            for (int other = 0; other < layout_.block_count(); ++other) {
                if (layout_.gpu_of(other) != layout_.gpu_of(block_of_[node])) continue;
                int clock = other == block_of_[node] ? step_of_[node] + 1 : 0;
                for (std::size_t earlier = 0; earlier < node; ++earlier)
                    if (before[node][earlier] && block_of_[earlier] == other)
                        clock = std::max(clock, step_of_[earlier] + 1);
                expected.push_back(clock);
            }
            wrong += expected == observed_[node] ? 0 : 1;
        }
        return wrong;
    }
    int steps() const { return static_cast<int>(block_of_.size()); }

  private:
    const msccl::ProgramLayout& layout_;
    msccl::FlatSteps steps_;
    msccl::StepOrdering ordering_;
    std::vector<std::vector<int>> node_of_;
    std::vector<int> block_of_, step_of_;
    std::vector<std::vector<int>> predecessors_;
    std::vector<std::vector<int>> observed_;
    std::vector<int> message_node_;
};

}  // namespace

TEST_CASE("msccl happens-before: clocks per gpu equal brute-force reachability") {
    struct Case {
        const char* algo;
        Form form;
        int n;
    };
    for (const Case& entry : {Case{"trivance", Form::B, 10}, Case{"swing", Form::B, 8},
                              Case{"recursive_doubling", Form::B, 8}, Case{"bruck", Form::L, 5}}) {
        for (unsigned seed : {1U, 2U, 3U}) {
            CAPTURE(entry.algo);
            CAPTURE(entry.n);
            CAPTURE(seed);
            msccl::Program program =
                msccl::lower_to_msccl(ring_schedule(entry.algo, entry.form, entry.n));
            std::mt19937 random(seed);
            int dropped = 0;
            for (msccl::Gpu& gpu : program.gpus)
                for (msccl::ThreadBlock& block : gpu.thread_blocks)
                    for (msccl::Step& step : block.steps)
                        if (step.depends_on_block >= 0 && random() % 3 == 0) {
                            step.depends_on_block = -1;
                            step.depends_on_step = -1;
                            ++dropped;
                        }
            CHECK(dropped > 0);
            const msccl::ProgramLayout layout(program);
            Recorder recorder(layout);
            CHECK(msccl::Scheduler(layout, msccl::FlatSteps(layout)).run(&recorder));
            CHECK(recorder.steps() >= 30);
            CHECK(recorder.disagreements() == 0);
        }
    }
}
