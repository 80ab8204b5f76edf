// A violated rotation orbit lists, traces and explains the violations the
// whole execution lists (checker/execution/executor_listing.cpp,
// trace_copies(orbit)), without expanding: compared with the plain all-rank
// execution of expand(orbit) for broken orbits of every violation kind.
#include <doctest/doctest.h>

#include <climits>
#include <string>
#include <vector>

#include "checker/explanations/check.hpp"
#include "checker/reports/report_json.hpp"
#include "models/orbit_generator.hpp"

using namespace trivcheck;

namespace {

/// Broken copies of `orbit`: in step k, model transfer 0 dropped, duplicated
/// (port overuse and a double count), turned into a copy, sent one rank further.
std::vector<std::pair<std::string, RotationOrbit>> broken(const RotationOrbit& orbit) {
    std::vector<std::pair<std::string, RotationOrbit>> mutants;
    const int n = orbit.model.ranks;
    for (std::size_t k = 0; k < orbit.model.steps.size(); ++k) {
        if (orbit.model.steps[k].transfers.empty()) continue;
        const std::string step = " step " + std::to_string(k);
        RotationOrbit dropped = orbit;
        auto& transfers = dropped.model.steps[k].transfers;
        transfers.erase(transfers.begin());
        mutants.push_back({"drop" + step, dropped});
        RotationOrbit doubled = orbit;
        doubled.model.steps[k].transfers.push_back(doubled.model.steps[k].transfers.front());
        mutants.push_back({"duplicate" + step, doubled});
        RotationOrbit copied = orbit;
        copied.model.steps[k].transfers.front().op = Op::copy;
        mutants.push_back({"copy" + step, copied});
        RotationOrbit further = orbit;
        Transfer& moved = further.model.steps[k].transfers.front();
        moved.dst = (moved.dst + 1) % n;
        if (moved.dst != moved.src) mutants.push_back({"further" + step, further});
    }
    return mutants;
}

void compare(const RotationOrbit& orbit, int max_violations) {
    ExecuteOptions fast;
    fast.max_recorded_violations = max_violations;
    ExecuteOptions plain = fast;
    plain.use_symmetry = false;
    const Schedule whole = expand(orbit);
    // The executor alone: the same list in the same order, paths included.
    CHECK(report_to_json(execute(orbit, fast)).dump() ==
          report_to_json(execute(whole, plain)).dump());
    // Whole schedules detected symmetric list the same.
    CHECK(report_to_json(execute(whole, fast)).dump() ==
          report_to_json(execute(whole, plain)).dump());
    // With explanations (check_orbit explains in the orbit what it can).
    CHECK(report_to_json(check_orbit(orbit, fast)).dump() ==
          report_to_json(check_schedule(whole, plain)).dump());
}

/// Compares every broken orbit of Trivance L and ring B on n ranks, first..last;
/// returns how many were violated.
int compare_broken_orbits(int first, int last) {
    int violated = 0;
    for (int n = first; n <= last; ++n)
        for (const GeneratorRequest& request :
             {GeneratorRequest{"trivance", Form::L, Topology::ring(n)},
              GeneratorRequest{"ring", Form::B, Topology::ring(n)}}) {
            const std::optional<RotationOrbit> orbit = generate_orbit(request);
            REQUIRE(orbit);
            for (const auto& [name, mutant] : broken(*orbit)) {
                CAPTURE(request.algo);
                CAPTURE(n);
                CAPTURE(name);
                if (execute(mutant).verdict == Verdict::violated) ++violated;
                for (int max_violations : {1, 7, 50, INT_MAX}) {
                    CAPTURE(max_violations);
                    compare(mutant, max_violations);
                }
            }
        }
    return violated;
}

}  // namespace

TEST_CASE("a violated orbit lists what the whole execution lists, n = 2..20") {
    CHECK(compare_broken_orbits(2, 20) == 1342);  // broken orbits that are violated
}

// Four fifths of the time of n = 2..30 (7 minutes under the sanitizers):
// with the sweeps, in the release build's run only.
TEST_CASE("a violated orbit lists what the whole execution lists, n = 21..30" *
          doctest::test_suite("slow")) {
    CHECK(compare_broken_orbits(21, 30) == 1612);
}
