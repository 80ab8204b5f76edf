#include "models/torus_generator.hpp"

#include "models/torus_lift.hpp"

namespace trivcheck {

namespace {

/// The request's schedule on a ring of each dimension's size.
std::vector<Schedule> dimension_rings(const GeneratorRequest& request) {
    std::vector<Schedule> rings;
    for (std::size_t d = 0; d < request.topology.dims.size(); ++d) {
        GeneratorRequest ring_request = request;
        ring_request.topology = Topology::ring(request.topology.dims[d]);
        try {
            rings.push_back(generate(ring_request));
        } catch (const NotApplicable& reason) {
            throw NotApplicable("on " + request.topology.describe() + ", dimension " +
                                std::to_string(d) + " (a ring of " +
                                std::to_string(request.topology.dims[d]) + "): " + reason.what());
        }
    }
    return rings;
}

}  // namespace

Schedule generate_on_torus(const GeneratorRequest& request) {
    return lift_rings_to_torus(dimension_rings(request), request.topology, request.form);
}

std::optional<RotationOrbit> generate_torus_orbit(const GeneratorRequest& request) {
    return lift_rings_to_torus_orbit(dimension_rings(request), request.topology, request.form);
}

}  // namespace trivcheck
