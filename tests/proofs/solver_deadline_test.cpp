// proofs/solver_deadline.hpp: the timeout kept by a thread of ours. Z3
// 4.8.12's own timer deadlocked once a timer had fired and the next began.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "proofs/solver.hpp"

using namespace trivcheck::proofs;

namespace {

/// Pigeonhole: `holes` + 1 pigeons in `holes` holes, unsatisfiable and slow
/// for resolution, so a 1 ms deadline always interrupts it.
void add_pigeonhole(Solver& solver, int holes, const std::string& name) {
    z3::context& context = solver.context();
    std::vector<std::vector<z3::expr>> in;
    for (int pigeon = 0; pigeon <= holes; ++pigeon) {
        in.emplace_back();
        z3::expr_vector somewhere(context);
        for (int hole = 0; hole < holes; ++hole) {
            const std::string variable =
                name + "_" + std::to_string(pigeon) + "_" + std::to_string(hole);
            in.back().push_back(context.bool_const(variable.c_str()));
            somewhere.push_back(in.back().back());
        }
        solver.add(z3::mk_or(somewhere));
    }
    for (int hole = 0; hole < holes; ++hole)
        for (int first = 0; first <= holes; ++first)
            for (int second = first + 1; second <= holes; ++second)
                solver.add(!in[first][hole] || !in[second][hole]);
}

}  // namespace

TEST_CASE("solver deadline: a hard query times out, and the context answers the next ones") {
    z3::context context;
    const z3::expr x = context.int_const("x");
    for (int round = 0; round < 20; ++round) {
        Solver hard(context, SolverSettings{1, 0, 0});
        add_pigeonhole(hard, 11, "p" + std::to_string(round));
        const Answer gave_up = hard.check();
        REQUIRE(gave_up.verdict() == QueryVerdict::unknown);
        CHECK(gave_up.reason() == "timeout");

        Solver unsatisfiable(context, SolverSettings{60000, 0, 0});
        unsatisfiable.add(x > 3 && x < 2);
        CHECK(unsatisfiable.check().verdict() == QueryVerdict::holds);
        Solver satisfiable(context, SolverSettings{60000, 0, 0});
        satisfiable.add(x > 3 && x < 5);
        const Answer found = satisfiable.check();
        REQUIRE(found.verdict() == QueryVerdict::violated);
        CHECK(model_integer(found.model(), x) == 4);
    }
}
