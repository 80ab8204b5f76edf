#include <doctest/doctest.h>

#include <climits>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "checker/execution/executor.hpp"
#include "checker/execution/reference_replay.hpp"
#include "checker/formats/schedule_json.hpp"
#include "checker/search/mutation.hpp"
#include "proofs/last_step_planner.hpp"
#include "proofs/smt_execution.hpp"
#include "tests/test_support.hpp"

using namespace trivcheck;

// The SMT engine (proofs/smt_execution.hpp) against the symbolic executor:
// the same count verdict and the same first violating (step, rank, block,
// contributor), final-state violations counting as step K.

namespace {

/// The fields both engines are compared on.
std::string describe(const std::optional<proofs::CountViolation>& first) {
    if (!first) return "holds";
    return std::string(to_string(first->kind)) + " at step " + std::to_string(first->step) +
           ", rank " + std::to_string(first->rank) + ", block " + std::to_string(first->block) +
           ", contributor " + std::to_string(first->contributor);
}

proofs::CountViolation count_violation(ViolationKind kind, int step, int rank, int block,
                                       int contributor) {
    proofs::CountViolation found;
    found.kind = kind;
    found.step = step;
    found.rank = rank;
    found.block = block;
    found.contributor = contributor;
    return found;
}

/// Which contributions the executor's state holds after every step.
class HeldContributions : public StepObserver {
  public:
    explicit HeldContributions(const Schedule& schedule)
        : ranks_(schedule.ranks), blocks_(schedule.blocks) {
        // Before step 0 (docs/model.md): every rank its own contribution, all-gather only at
        // the owner.
        std::vector<char> initial(cells(), 0);
        for (int r = 0; r < ranks_; ++r)
            for (int b = 0; b < blocks_; ++b)
                if (schedule.collective != Collective::allgather || schedule.owner_of_block(b) == r)
                    initial[index(r, b, r)] = 1;
        states_.push_back(std::move(initial));
    }
    void after_step(int, const ExecutionState& state) override {
        std::vector<char> held(cells(), 0);
        for (int r = 0; r < ranks_; ++r)
            for (int b = 0; b < blocks_; ++b)
                for (int c = 0; c < ranks_; ++c)
                    held[index(r, b, c)] = state.holds_contributor(r, b, c) ? 1 : 0;
        states_.push_back(std::move(held));
    }
    /// Before step k (k = K: the final state).
    bool held_before(int step, int rank, int block, int contributor) const {
        return states_[static_cast<std::size_t>(step)][index(rank, block, contributor)] != 0;
    }

  private:
    std::size_t cells() const {
        return static_cast<std::size_t>(ranks_) * static_cast<std::size_t>(blocks_) *
               static_cast<std::size_t>(ranks_);
    }
    std::size_t index(int rank, int block, int contributor) const {
        return (static_cast<std::size_t>(rank) * static_cast<std::size_t>(blocks_) +
                static_cast<std::size_t>(block)) *
                   static_cast<std::size_t>(ranks_) +
               static_cast<std::size_t>(contributor);
    }
    int ranks_;
    int blocks_;
    std::vector<std::vector<char>> states_;
};

/// The executor's first count violation: the least (step, rank, block) it
/// reports a double count at, with the least contributor that the inputs of
/// that reduction (read from the executor's state) carry twice; else the least
/// final (rank, block, contributor) the executor's state gets wrong.
std::optional<proofs::CountViolation> executor_first(const Schedule& schedule) {
    HeldContributions held(schedule);
    ExecuteOptions options;
    options.max_recorded_violations = INT_MAX;
    options.max_traced_violations = 0;
    options.observer = &held;
    const Report report = execute(schedule, options);
    // The smt engine's order (docs/engines.md): step, then every local
    // operation's reduction before every arrival, then rank and block. A local
    // operation's double count lists no transfers; an arrival's lists the
    // reduced messages.
    const auto order = [](const Violation& violation) {
        return std::tuple(violation.step, !violation.transfers.empty(), violation.rank,
                          violation.block);
    };
    const Violation* first_double = nullptr;
    for (const Violation& violation : report.violations) {
        if (violation.kind != ViolationKind::double_count) continue;
        if (!first_double || order(violation) < order(*first_double)) first_double = &violation;
    }
    // The state exposed holds buffer 0 only; a schedule with scratch buffers
    // or local operations is compared on the executor's own contributor.
    if (first_double && schedule.uses_buffers())
        return count_violation(ViolationKind::double_count, first_double->step, first_double->rank,
                               first_double->block, first_double->contributor);
    if (first_double) {
        const int k = first_double->step;
        const int dst = first_double->rank;
        const int block = first_double->block;
        const Step& step = schedule.steps[static_cast<std::size_t>(k)];
        std::vector<int> copies(static_cast<std::size_t>(schedule.ranks), 0);
        int base_rank = dst;
        for (const Transfer& transfer : step.transfers)
            if (transfer.dst == dst && transfer.op == Op::copy && transfer.blocks.contains(block)) {
                base_rank = transfer.src;
                break;
            }
        for (int c = 0; c < schedule.ranks; ++c) {
            int count = held.held_before(k, base_rank, block, c) ? 1 : 0;
            for (const Transfer& transfer : step.transfers)
                if (transfer.dst == dst && transfer.op == Op::reduce &&
                    transfer.blocks.contains(block) && held.held_before(k, transfer.src, block, c))
                    ++count;
            copies[static_cast<std::size_t>(c)] = count;
        }
        CHECK(copies[static_cast<std::size_t>(first_double->contributor)] >= 2);
        for (int c = 0; c < schedule.ranks; ++c)
            if (copies[static_cast<std::size_t>(c)] >= 2)
                return count_violation(ViolationKind::double_count, k, dst, block, c);
        FAIL("the executor's double count has no contributor carried twice");
    }
    const int final_step = static_cast<int>(schedule.steps.size());
    std::optional<proofs::CountViolation> first_missing;
    for (int r = 0; r < schedule.ranks && !first_missing; ++r)
        for (int b = 0; b < schedule.blocks && !first_missing; ++b) {
            const int owner = schedule.owner_of_block(b);
            if (schedule.collective == Collective::reduce_scatter && r != owner) continue;
            for (int c = 0; c < schedule.ranks && !first_missing; ++c) {
                const bool required = schedule.collective != Collective::allgather || c == owner;
                if (held.held_before(final_step, r, b, c) != required)
                    first_missing = count_violation(ViolationKind::missing, final_step, r, b, c);
            }
        }
    // The executor's own postcondition check agrees with the state it exposes.
    CHECK(report.violation_counts.count(ViolationKind::missing) == (first_missing ? 1U : 0U));
    return first_missing;
}

std::optional<proofs::CountViolation> smt_first(const Schedule& schedule) {
    // One context for the whole run: creating one costs more than a small check.
    static z3::context context;
    const proofs::SmtExecution execution = proofs::smt_execute(schedule, {}, context);
    REQUIRE_MESSAGE(execution.verdict != proofs::QueryVerdict::unknown, execution.unknown_reason);
    if (execution.verdict == proofs::QueryVerdict::holds) return std::nullopt;
    REQUIRE(execution.first);
    return execution.first;
}

/// Both engines, on one schedule: the same first count violation, or both hold.
/// With scratch buffers the executor's state at a double count (after the
/// step's local operations, before its arrivals) is not observable, so the
/// least contributor cannot be recomputed: there the two engines must agree
/// on kind, step, rank and block, and the reference replay on the verdict.
void check_engines_agree(const Schedule& schedule, const std::string& label) {
    CAPTURE(label);
    const auto smt = smt_first(schedule);
    const auto executor = executor_first(schedule);
    if (schedule.uses_buffers() && smt && executor && smt->kind == ViolationKind::double_count) {
        INFO("smt: ", describe(smt), "; executor: ", describe(executor));
        CHECK(std::tie(smt->kind, smt->step, smt->rank, smt->block) ==
              std::tie(executor->kind, executor->step, executor->rank, executor->block));
        CHECK(reference_violation(schedule).has_value());
        return;
    }
    CHECK(describe(smt) == describe(executor));
}

/// Every generated ring schedule for n in [low, high]: every algorithm of the
/// catalogue in each of its forms, Bruck both routes, Trivance L with each
/// last step (the synthesized one keeps partial sums in scratch buffers).
std::vector<Schedule> generated_schedules(int low, int high) {
    std::vector<Schedule> schedules;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        for (Form form : info.forms)
            for (const char* variant : {"same", "shortest", "fold", "synthesized"}) {
                const std::string name = variant;
                const bool route = name == "same" || name == "shortest";
                if (name == "shortest" && info.name != "bruck") continue;
                if (!route && (info.name != "trivance" || form != Form::L)) continue;
                for (int n = low; n <= high; ++n) {
                    GeneratorRequest request;
                    request.algo = info.name;
                    request.form = form;
                    request.topology = Topology::ring(n);
                    if (route) request.route = name;
                    if (!route) request.last_step = name;
                    proofs::supply_planner(request);
                    try {
                        Schedule schedule = generate(request);
                        schedule.name += std::string(" ") + to_string(form) + " " + name;
                        schedules.push_back(std::move(schedule));
                    } catch (const NotApplicable&) {
                    }
                }
            }
    return schedules;
}

/// Both engines on every mutant each operator makes at up to `sites` places
/// of every generated schedule with n in [low, high]; returns how many.
/// Checks the mutants of schedules n = low..high (`sites` per operator) whose
/// index is `shard` modulo `shards`, so the long run can share them out over
/// processes; returns how many it checked.
int check_mutants_agree(int low, int high, int sites, int shard = 0, int shards = 1) {
    int mutants = 0;
    int index = 0;
    for (const Schedule& original : generated_schedules(low, high))
        for (const MutationOperator& op : mutation_operators())
            for (const Mutant& mutant : op.mutate(original, sites)) {
                if (index++ % shards != shard) continue;
                check_engines_agree(mutant.schedule,
                                    original.name + ", " + op.name + ": " + mutant.site);
                ++mutants;
            }
    return mutants;
}

/// Three ranks, one block, everyone sends its value to both others in one
/// step: a correct allreduce, unless `drop` names a (src, dst) left out.
std::string direct_allreduce_3(std::pair<int, int> drop) {
    std::string transfers;
    for (int src = 0; src < 3; ++src)
        for (int dst = 0; dst < 3; ++dst) {
            if (src == dst || std::pair{src, dst} == drop) continue;
            transfers += std::string(transfers.empty() ? "" : ", ") +
                         "{\"src\": " + std::to_string(src) + ", \"dst\": " + std::to_string(dst) +
                         ", \"blocks\": [0], \"op\": \"reduce\"}";
        }
    return R"({"schema": "trivcheck.schedule/1", "name": "direct-3", "collective": "allreduce",
               "topology": {"kind": "ring", "dims": [3]}, "ranks": 3, "blocks": 1, "ports": 2,
               "steps": [{"phase": "allreduce", "transfers": [)" +
           transfers + "]}]}";
}

}  // namespace

TEST_CASE("smt engine: Trivance L on ring:4 counts contribution 0 twice at rank 0 in step 1") {
    const proofs::SmtExecution execution =
        proofs::smt_execute(testing::ring_schedule("trivance", Form::L, 4), {});
    REQUIRE(execution.verdict == proofs::QueryVerdict::violated);
    REQUIRE(execution.first);
    const proofs::CountViolation& first = *execution.first;
    CHECK(first.kind == ViolationKind::double_count);
    CHECK(first.step == 1);
    CHECK(first.rank == 0);
    CHECK(first.block == 0);
    CHECK(first.contributor == 0);
    CHECK(first.count == 3);
    CHECK(first.base_carried);
    CHECK(first.transfers.size() == 2);
}

TEST_CASE("smt engine: a hand-made allreduce without 2 -> 1 misses contributor 2 at rank 1") {
    const Schedule broken = parse_schedule_json(direct_allreduce_3({2, 1}), "direct-3.json");
    const proofs::SmtExecution execution = proofs::smt_execute(broken, {});
    REQUIRE(execution.verdict == proofs::QueryVerdict::violated);
    REQUIRE(execution.first);
    CHECK(execution.first->kind == ViolationKind::missing);
    CHECK(execution.first->step == 1);
    CHECK(execution.first->rank == 1);
    CHECK(execution.first->block == 0);
    CHECK(execution.first->contributor == 2);
    CHECK(execution.first->count == 0);
    CHECK(execution.first->required == 1);
    const Report report = proofs::smt_report(broken, execution);
    REQUIRE(report.violations.size() == 1);
    CHECK(report.violations[0].step == -1);

    const Schedule correct = parse_schedule_json(direct_allreduce_3({-1, -1}), "direct-3.json");
    CHECK(proofs::smt_execute(correct, {}).verdict == proofs::QueryVerdict::holds);
}

TEST_CASE("smt engine: a local operation's double count comes before its arrival elsewhere") {
    // Trivance L, synthesized last step, n = 5, with step 0's message 0 -> 1
    // sent to 4 instead: rank 4 holds contribution 0 twice, its local
    // operation 24 of step 1 sums both copies into its send buffer, and the
    // same step delivers that buffer to rank 0. The cause is rank 4's local
    // operation; rank 0's arrival, earlier in rank order, is its consequence.
    GeneratorRequest request;
    request.algo = "trivance";
    request.form = Form::L;
    request.topology = Topology::ring(5);
    request.last_step = "synthesized";
    proofs::supply_planner(request);
    Schedule schedule = generate(request);
    bool moved = false;
    for (Transfer& transfer : schedule.steps[0].transfers)
        if (transfer.src == 0 && transfer.dst == 1) {
            transfer.dst = 4;
            moved = true;
        }
    REQUIRE(moved);
    const auto smt = smt_first(schedule);
    REQUIRE(smt);
    CHECK(std::tie(smt->kind, smt->step, smt->rank, smt->block) ==
          std::tuple(ViolationKind::double_count, 1, 4, 0));
    CHECK(smt->local_operations == std::vector<int>{24});
    check_engines_agree(schedule, "trivance L synthesized 5, 0 -> 1 sent to 4");
}

TEST_CASE("smt engine: all-gather, the owner's contribution exactly once") {
    Schedule schedule =
        read_schedule_file(testing::source_path("tests/cases/allgather-ring-3-holds.json"));
    CHECK(describe(smt_first(schedule)) == "holds");
    SUBCASE("block 0 reduced into rank 1 again in step 1") {
        schedule.steps[1].transfers.push_back({0, 1, BlockSet::single(0, 3), Op::reduce});
        CHECK(describe(smt_first(schedule)) ==
              "double_count at step 1, rank 1, block 0, contributor 0");
        check_engines_agree(schedule, "all-gather ring 3, block 0 twice");
    }
    SUBCASE("block 2 never reaches rank 1") {
        schedule.steps[1].transfers.erase(schedule.steps[1].transfers.begin());
        CHECK(describe(smt_first(schedule)) == "missing at step 2, rank 1, block 2, contributor 2");
        check_engines_agree(schedule, "all-gather ring 3, 0 -> 1 dropped in step 1");
    }
}

TEST_CASE("an unheld copy replaces the receiver's value with nothing, in both engines") {
    // docs/model.md: a copy replaces the value, even when the sender holds nothing.
    const Schedule schedule =
        read_schedule_file(testing::source_path("tests/cases/allgather-ring-3-unheld.json"));
    CHECK(describe(smt_first(schedule)) == "missing at step 2, rank 0, block 0, contributor 0");
    check_engines_agree(schedule, "allgather-ring-3-unheld");
}

TEST_CASE("smt engine refuses more than 32 ranks") {
    CHECK_THROWS_AS(proofs::smt_execute(testing::ring_schedule("trivance", Form::L, 33), {}),
                    NotApplicable);
}

TEST_CASE("smt engine and executor agree on every generated schedule, n = 2..16") {
    const std::vector<Schedule> schedules = generated_schedules(2, 16);
    CHECK(schedules.size() > 100);
    for (const Schedule& schedule : schedules) check_engines_agree(schedule, schedule.name);
}

TEST_CASE("smt engine and executor agree on every case file") {
    for (const auto& entry :
         std::filesystem::directory_iterator(testing::source_path("tests/cases"))) {
        const std::string file = entry.path().string();
        if (file.ends_with(".expect.json") || !file.ends_with(".json")) continue;
        check_engines_agree(read_schedule_file(file), file);
    }
}

TEST_CASE("smt engine and executor agree on mutants, two sites per operator, n = 2..12") {
    CHECK(check_mutants_agree(2, 12, 2) > 2000);
}

// 111928 mutants at the time of writing, about 14 minutes in a release build:
// too long for the default run, so in the skipped suite "long", in two shards
// (even and odd mutant indices) that `scripts/test --long` runs side by side as
// the ctest tests long_mutants_1 and long_mutants_2 (tests/CMakeLists.txt); by hand:
//     build/tests/trivcheck_tests --no-skip --test-suite=long -tc="*every mutant*"
TEST_SUITE("long" * doctest::skip()) {
    TEST_CASE("smt engine and executor agree on every mutant, n = 2..16, shard 1/2") {
        CHECK(check_mutants_agree(2, 16, INT_MAX, 0, 2) > 50000);
    }
    TEST_CASE("smt engine and executor agree on every mutant, n = 2..16, shard 2/2") {
        CHECK(check_mutants_agree(2, 16, INT_MAX, 1, 2) > 50000);
    }
}

TEST_CASE("check --engine smt: exit 0 holds, 1 violated, 2 above 32 ranks") {
    const auto holds = testing::run_trivcheck_with_errors(
        "check --engine smt --algo trivance --form L --topo ring:27");
    CHECK(holds.exit_code == 0);
    CHECK(holds.out.find("verdict: holds") != std::string::npos);

    const auto violated =
        testing::run_trivcheck("check --engine smt --algo trivance --form L --topo ring:4 --json");
    CHECK(violated.exit_code == 1);
    const auto report = nlohmann::json::parse(violated.out);
    CHECK(report["engine"] == "smt");
    CHECK(report["verdict"] == "violated");
    CHECK(report["steps"] == 2);
    REQUIRE(report["violations"].size() == 1);
    const auto& violation = report["violations"][0];
    CHECK(violation["kind"] == "double_count");
    CHECK(violation["step"] == 1);
    CHECK(violation["rank"] == 0);
    CHECK(violation["block"] == 0);
    CHECK(violation["contributor"] == 0);

    const auto refused = testing::run_trivcheck_with_errors(
        "check --engine smt --algo ring --form B --topo ring:33");
    CHECK(refused.exit_code == 2);
    CHECK(refused.out.find("the smt engine checks at most 32 ranks") != std::string::npos);
    CHECK(testing::run_trivcheck_with_errors(
              "check --engine nosuch --algo ring --form B --topo ring:4")
              .exit_code == 2);
    CHECK(testing::run_trivcheck_with_errors("check --engine smt --algo ring --form B --n 2..4")
              .exit_code == 2);
}

TEST_CASE("check --engine smt: a solver that gives up is unknown, exit 4, never a verdict") {
    // A resource limit gives up at the same point on every machine, unlike a timeout.
    const auto gave_up = testing::run_trivcheck_with_errors(
        "check --engine smt --algo ring --form B --topo ring:8 --smt-rlimit 1");
    CHECK(gave_up.exit_code == 4);
    CHECK(gave_up.out.find("unknown (solver)") != std::string::npos);
    CHECK(gave_up.out.find("verdict") == std::string::npos);
}
