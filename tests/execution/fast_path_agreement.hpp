#pragma once
// The agreement of every symmetry fast path with the plain path, shared by
// the ring (symmetry_agreement_test.cpp) and torus (torus_symmetry_test.cpp) tests.
#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "checker/explanations/check.hpp"
#include "checker/reports/report_json.hpp"
#include "models/orbit_generator.hpp"
#include "models/rotation_symmetry.hpp"
#include "tests/test_support.hpp"

namespace trivcheck::testing {

/// For every request on `topology` that has a schedule: the fast paths
/// (check_generated through the generator's orbit, check_schedule detecting
/// the symmetry) give the plain path's report (ExecuteOptions::use_symmetry
/// false: every rank, no orbit code), and the generator's orbit executed alone
/// (without check_orbit's whole re-run of a violated orbit) the same verdict,
/// counts and figures. `with_orbit(schedule, orbit)` then checks more for each
/// request with an orbit. Returns how many requests were symmetric.
template <class WithOrbit>
int check_fast_paths_agree(const Topology& topology, WithOrbit&& with_orbit) {
    ExecuteOptions plain;
    plain.use_symmetry = false;
    int symmetric = 0;
    for (const auto& [request, schedule] : every_schedule(topology)) {
        CAPTURE(request_label(request));
        const std::string whole = report_to_json(check_schedule(schedule, plain)).dump();
        CHECK(report_to_json(check_generated(request)).dump() == whole);
        CHECK(report_to_json(check_schedule(schedule)).dump() == whole);
        const std::optional<RotationOrbit> orbit = generate_orbit(request);
        if (orbit || has_rank_symmetry(schedule)) ++symmetric;
        if (!orbit) continue;
        with_orbit(schedule, *orbit);
        const Report raw = execute(*orbit);
        const Report reference = execute(schedule, plain);
        CHECK(raw.verdict == reference.verdict);
        CHECK(raw.violation_counts == reference.violation_counts);
        nlohmann::ordered_json raw_json = report_to_json(raw);
        nlohmann::ordered_json reference_json = report_to_json(reference);
        for (const char* key : {"per_step", "totals", "theta"})
            CHECK(raw_json[key] == reference_json[key]);
    }
    return symmetric;
}

}  // namespace trivcheck::testing
