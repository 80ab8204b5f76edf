// The counts a generated schedule is estimated by before it is built
// (checker/execution/generation_estimate.hpp) are a lower bound of what every
// generator builds: each form and choice on rings 2..80 and on small tori,
// whole and as an orbit. A count above the built schedule's would refuse a
// schedule that fits; the counts are also within 6 times of it, so the
// estimate refuses what does not fit (before: Bruck B on ring:1000000 built
// 2.9 GB under --memory-limit 100 before its refusal).
#include "checker/execution/generation_estimate.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "models/generator.hpp"
#include "models/orbit_generator.hpp"

using namespace trivcheck;

namespace {

struct Built {
    std::uint64_t steps = 0;
    std::uint64_t messages = 0;
};

Built built_counts(const Schedule& schedule) {
    Built built;
    built.steps = schedule.steps.size();
    for (const Step& step : schedule.steps) built.messages += step.transfers.size();
    return built;
}

/// Every generator request of rings and tori the test walks: each form,
/// the choices that change what is built, and NCCL's channels and loops.
std::vector<GeneratorRequest> requests_on(const Topology& topology) {
    std::vector<GeneratorRequest> requests;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        for (Form form : info.forms)
            for (Collective collective : info.collectives) {
                GeneratorRequest request;
                request.algo = info.name;
                request.form = form;
                request.topology = topology;
                request.collective = collective;
                requests.push_back(request);
                if (info.choices.nccl) {
                    request.channels = 2;
                    request.loops = 3;
                    requests.push_back(request);
                }
                if (info.choices.route) {
                    request.route = "shortest";
                    requests.push_back(request);
                }
                if (info.choices.last_step && form == Form::L) {
                    request.last_step = "fold";
                    requests.push_back(request);
                }
                if (info.choices.layout && form == Form::B) {
                    request.layout = "short_first";
                    requests.push_back(request);
                }
            }
    return requests;
}

std::string name_of(const GeneratorRequest& request) {
    return request.algo + " " + to_string(request.form) + " " + request.topology.describe() +
           " channels " + std::to_string(request.channels) + " loops " +
           std::to_string(request.loops);
}

/// Checks the counts against what is built, whole and as an orbit; returns
/// the largest ratio of built messages to counted ones.
double check_lower_bound(const GeneratorRequest& request) {
    Schedule whole;
    try {
        whole = generate(request);
    } catch (const NotApplicable&) {
        return 0;
    }
    INFO(name_of(request));
    const Built built = built_counts(whole);
    const GenerationCount counted = count_generation(request, false);
    CHECK(counted.steps <= built.steps);
    CHECK(counted.messages <= built.messages);
    CHECK(counted.messages > 0);
    if (const std::optional<RotationOrbit> orbit = generate_orbit(request)) {
        const Built model = built_counts(orbit->model);
        const GenerationCount as_orbit = count_generation(request, true);
        CHECK(as_orbit.steps <= model.steps);
        CHECK(as_orbit.messages <= model.messages);
    }
    return static_cast<double>(built.messages) / static_cast<double>(counted.messages);
}

}  // namespace

TEST_CASE("generation estimate: a lower bound of every generator on rings 2..80") {
    double loosest = 0;
    std::string loosest_name;
    for (int n = 2; n <= 80; ++n)
        for (const GeneratorRequest& request : requests_on(Topology::ring(n))) {
            const double ratio = check_lower_bound(request);
            if (ratio > loosest) {
                loosest = ratio;
                loosest_name = name_of(request);
            }
        }
    MESSAGE("loosest: " << loosest_name << " builds " << loosest << " times the count");
    // Within a small factor: the estimate refuses what does not fit.
    CHECK(loosest <= 6);
}

TEST_CASE("generation estimate: a lower bound on tori, lifted or whole-communicator") {
    for (const std::vector<int>& dims :
         std::vector<std::vector<int>>{{2, 3}, {3, 3}, {4, 4}, {2, 2, 2}, {3, 4, 5}})
        for (const GeneratorRequest& request : requests_on(Topology{TopologyKind::torus, dims, {}}))
            check_lower_bound(request);
}
