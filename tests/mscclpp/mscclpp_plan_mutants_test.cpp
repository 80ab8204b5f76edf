// The mutants of the kernel's own rules (docs/mscclpp.md, Broken copies):
// drop a nop the threads need, make a port signal a memory signal, drop a
// flush with outputs, swap a get's indexes. Each on a small plan that holds:
// its sites, and every mutant caught with its kind.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "checker/mscclpp/plan_mutations.hpp"
#include "tests/mscclpp/mscclpp_test_support.hpp"

using namespace trivcheck;
using namespace trivcheck::testing;
using mscclpp::PlanMutation;

namespace {

/// Every mutant of `mutation` on `text` (a plan that holds): their count,
/// each required to show `kind`.
std::size_t caught_mutants(const std::string& text, PlanMutation mutation,
                           const std::string& kind) {
    const mscclpp::Plan plan = mscclpp::parse_plan_json(text, "plan.json");
    REQUIRE(mscclpp::check_plan(plan).verdict == Verdict::holds);
    const auto sites = mscclpp::mutation_sites(plan, mutation);
    for (const mscclpp::MutationSite& site : sites) {
        INFO(mscclpp::mutation_name(mutation)
             << " at gpu " << site.gpu << " tb " << site.block << " op " << site.operation);
        CHECK(violated_kinds(mscclpp::check_plan(mscclpp::mutate_plan(plan, mutation, site)))
                  .contains(kind));
    }
    return sites.size();
}

/// Two gpus gather their inputs (allgather, out of place): each copies its
/// input into its output and into its own scratch chunk 1 - g, says so
/// (signal, wait), and gets the peer's scratch chunk g into its output
/// chunk p with a get whose indexes differ, as handleGet addresses them:
/// the local output at src_buff's index (p), the peer's scratch at
/// dst_buff's (g). Then signal and wait: the peer has read its scratch.
std::string gather_by_get() {
    std::string gpus;
    for (int gpu = 0; gpu < 2; ++gpu) {
        const std::string self = std::to_string(gpu);
        const std::string peer = std::to_string(1 - gpu);
        gpus += std::string(gpu ? "," : "") + R"({"id": )" + self +
                R"(, "input_chunks": 1, "output_chunks": 2, "scratch_chunks": 2,
 "threadblocks": [{"id": 0, "ops": [
  {"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 1}], "dst_buff": [{"type": "o", "index": )" +
                self + R"(, "size": 1}]},
  {"name": "copy", "src_buff": [{"type": "i", "index": 0, "size": 1}], "dst_buff": [{"type": "s", "index": )" +
                peer + R"(, "size": 1}]},
  {"name": "nop"},
  {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
  {"name": "wait", "channel_ids": [0], "channel_type": "memory"},
  {"name": "nop"},
  {"name": "get", "channel_ids": [0], "src_buff": [{"buffer_id": 0, "index": )" +
                peer + R"(, "size": 1}],
   "dst_buff": [{"type": "o", "index": )" +
                self + R"(, "size": 1}], "channel_type": "memory"},
  {"name": "nop"},
  {"name": "signal", "channel_ids": [0], "channel_type": "memory"},
  {"name": "wait", "channel_ids": [0], "channel_type": "memory"}])" +
                one_memory_channel_to(peer) + "}";
    }
    return R"({"name": "gather", "collective": "allgather", "protocol": "Simple", "inplace": false,
 "gpus": [)" +
           gpus + "]}";
}

}  // namespace

TEST_CASE("mscclpp mutants: a nop the threads need, dropped") {
    // Per gpu: the nop after the first wait, between put and signal, and
    // between the second wait and re.
    CHECK(caught_mutants(two_gpu_plan_joined(), PlanMutation::drop_nop, "race") == 6);
}

TEST_CASE("mscclpp mutants: a port signal after a port put made a memory signal") {
    // The data signal after the put (not the opening one, which publishes
    // no put), with the peer's wait it pairs with.
    CHECK(caught_mutants(port_plan("port", "", true), PlanMutation::port_signal_to_memory,
                         "race") == 2);
}

TEST_CASE("mscclpp mutants: a flush with outputs dropped, a pwsf made a pws") {
    CHECK(caught_mutants(port_plan("port", flush_with_outputs, false), PlanMutation::drop_flush,
                         "race") == 2);
    // A flush without outputs is no site: it does nothing already.
    const mscclpp::Plan without =
        mscclpp::parse_plan_json(port_plan("port", flush_without_outputs, true), "plan.json");
    CHECK(mscclpp::mutation_sites(without, PlanMutation::drop_flush).empty());
}

TEST_CASE("mscclpp mutants: a get's indexes swapped") {
    CHECK(caught_mutants(gather_by_get(), PlanMutation::swap_get_indexes, "missing") == 2);
}
