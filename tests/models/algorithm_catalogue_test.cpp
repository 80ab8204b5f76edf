// The algorithm catalogue (models/generator.cpp) is the one place an
// algorithm's facts live: a test fails when an entry lacks a piece.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "models/generator.hpp"
#include "models/ring_arithmetic.hpp"

using namespace trivcheck;

TEST_CASE("every algorithm has forms, a generator, the paper's formulas and its colours") {
    std::set<std::string> names;
    std::set<std::string> colours;
    for (const AlgorithmInfo& info : algorithm_catalogue()) {
        CAPTURE(info.name);
        CHECK(names.insert(info.name).second);
        CHECK(algorithm_named(info.name) == &info);
        CHECK_FALSE(info.forms.empty());
        CHECK(static_cast<bool>(info.generate));
        CHECK_FALSE(info.summary.empty());
        REQUIRE(static_cast<bool>(info.formulas.ring));
        REQUIRE(static_cast<bool>(info.formulas.torus_factor));
        REQUIRE(static_cast<bool>(info.formulas.torus_steps));
        for (Form form : info.forms) {
            const FormulaCost cost = info.formulas.ring(form, 81);
            CHECK(cost.steps > 0);
            CHECK(cost.theta > 0);
        }
        for (int dimensions = 2; dimensions <= 4; ++dimensions)
            CHECK(info.formulas.torus_factor(dimensions) >= 1.0);
        for (const char* colour : info.colours) CHECK(colours.insert(colour).second);
        CHECK((info.radix == 0 || info.radix == 2 || info.radix == 3));
        CHECK(info.latency_variants.empty() == !info.choices.last_step);
        CHECK(info.options.empty() == !(info.choices.last_step || info.choices.layout ||
                                        info.choices.tree || info.choices.route ||
                                        info.choices.nccl));
    }
    CHECK(algorithm_named("no_such_algorithm") == nullptr);
}

TEST_CASE(
    "an algorithm's radix is the base of its step count: log_radix n steps in L at its powers") {
    for (const AlgorithmInfo& info : algorithm_catalogue()) {
        CAPTURE(info.name);
        if (info.radix == 0) continue;
        GeneratorRequest request;
        request.algo = info.name;
        request.form = Form::L;
        for (int n : {info.radix * info.radix, info.radix * info.radix * info.radix}) {
            CAPTURE(n);
            request.topology = Topology::ring(n);
            CHECK(static_cast<int>(generate(request).steps.size()) ==
                  info.formulas.ring(Form::L, n).steps);
            CHECK(info.formulas.ring(Form::L, n).steps == ceil_log(n, info.radix));
        }
    }
}

TEST_CASE("an entry with a ring orbit gives one for the request it names, nothing otherwise") {
    int with_orbits = 0;
    for (const AlgorithmInfo& info : algorithm_catalogue()) {
        CAPTURE(info.name);
        if (!info.ring_orbit) continue;
        int orbits = 0;
        for (Form form : info.forms) {
            GeneratorRequest request;
            request.algo = info.name;
            request.form = form;
            request.topology = Topology::ring(9);
            request.collective = info.collectives.front();
            if (const auto orbit = info.ring_orbit(request)) {
                ++orbits;
                CHECK(orbit->model.ranks == 9);
            }
        }
        CHECK(orbits == 1);
        ++with_orbits;
    }
    CHECK(with_orbits == 4);  // trivance, ring, nccl_ring, nccl_pat
}
