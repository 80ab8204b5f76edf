// SendChains: every send on one chain, each chain ordered by its gpu's own
// order (program order and waits), fewer chains than sending thread blocks on
// exported programs, and a chain of its own for a send no order reaches.
// That clocks over chains stay exact is msccl_happens_before_exact_test's.
#include <doctest/doctest.h>

#include <set>
#include <vector>

#include "checker/lowering/msccl_lowering.hpp"
#include "checker/msccl/flat_steps.hpp"
#include "checker/msccl/send_chains.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;

namespace {

msccl::Step step_of(msccl::StepType type, int waits_for_block = -1, int waits_for_step = -1,
                    bool signals = false) {
    msccl::Step step;
    step.type = type;
    step.depends_on_block = waits_for_block;
    step.depends_on_step = waits_for_step;
    step.signals = signals;
    return step;
}

/// Gpu 0 with two thread blocks sending to gpu 1 (which receives on two),
/// thread block 1's send waiting for `waited_step` of thread block 0.
msccl::Program two_senders(int waited_step) {
    msccl::Program program;
    program.gpu_count = 2;
    msccl::Gpu sender;
    sender.id = 0;
    sender.input_chunks = 1;
    sender.thread_blocks = {{0, 1, -1, 0, {step_of(msccl::StepType::send, -1, -1, true)}},
                            {1, 1, -1, 1, {step_of(msccl::StepType::send, 0, waited_step)}}};
    msccl::Gpu receiver;
    receiver.id = 1;
    receiver.input_chunks = 1;
    receiver.thread_blocks = {{0, -1, 0, 0, {step_of(msccl::StepType::receive)}},
                              {1, -1, 0, 1, {step_of(msccl::StepType::receive)}}};
    program.gpus = {sender, receiver};
    return program;
}

}  // namespace

TEST_CASE("msccl send chains: every send once, in order, fewer chains than senders") {
    const msccl::Program program = msccl::lower_to_msccl(ring_schedule("trivance", Form::B, 27));
    const msccl::ProgramLayout layout(program);
    const msccl::FlatSteps steps(layout);
    const msccl::SendChains chains(layout, steps);
    int sending_blocks = 0;
    std::set<std::pair<int, int>> placed;
    for (int block = 0; block < layout.block_count(); ++block) {
        const std::vector<msccl::Step>& block_steps = layout.block(block).steps;
        bool sends = false;
        int sending_steps = 0;
        for (int step = 0; step < static_cast<int>(block_steps.size()); ++step) {
            if (!msccl::step_sends(block_steps[step].type)) continue;
            sends = true;
            const int ordinal = chains.first_send(block) + (sending_steps++);
            const int chain = chains.chain_of(ordinal);
            REQUIRE(chain >= chains.first_chain(layout.gpu_of(block)));
            REQUIRE(chain < chains.first_chain(layout.gpu_of(block) + 1));
            const msccl::SendChains::Send send = chains.send(chain, chains.position_of(ordinal));
            CHECK(send.block == block);
            CHECK(send.step == step);
            CHECK(send.ordinal == ordinal);
            CHECK(placed.insert({block, step}).second);
        }
        sending_blocks += sends ? 1 : 0;
    }
    // Within a thread block, a chain's sends come in program order.
    for (int chain = 0; chain < chains.count(); ++chain)
        for (int position = 1; position < chains.length(chain); ++position) {
            const msccl::SendChains::Send earlier = chains.send(chain, position - 1);
            const msccl::SendChains::Send later = chains.send(chain, position);
            if (earlier.block == later.block) CHECK(earlier.step < later.step);
        }
    MESSAGE("trivance B on 27 gpus: " << chains.count() << " chains for " << sending_blocks
                                      << " sending thread blocks");
    CHECK(chains.count() < sending_blocks);
}

TEST_CASE("msccl send chains: a wait joins two senders' sends into one chain") {
    // Thread block 1 sends after thread block 0's send has signalled: one chain.
    {
        const msccl::Program program = two_senders(0);
        const msccl::ProgramLayout layout(program);
        const msccl::FlatSteps steps(layout);
        const msccl::SendChains chains(layout, steps);
        CHECK(chains.first_chain(1) - chains.first_chain(0) == 1);
        CHECK(chains.position_of(chains.first_send(1)) == 1);
        CHECK(chains.send(chains.chain_of(chains.first_send(1)), 0).block == 0);
    }
    // It waits for a step thread block 0 does not have: never released, a chain of its own.
    {
        const msccl::Program program = two_senders(5);
        const msccl::ProgramLayout layout(program);
        const msccl::FlatSteps steps(layout);
        CHECK(steps.released_by(1, 0) == -1);
        const msccl::SendChains chains(layout, steps);
        CHECK(chains.first_chain(1) - chains.first_chain(0) == 2);
        CHECK(chains.chain_of(chains.first_send(0)) != chains.chain_of(chains.first_send(1)));
        CHECK(chains.position_of(chains.first_send(1)) == 0);
    }
}
