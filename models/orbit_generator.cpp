#include "models/orbit_generator.hpp"

#include "models/ring.hpp"

namespace trivcheck {

std::optional<RotationOrbit> generate_orbit(const GeneratorRequest& request) {
    if (request.algo == "ring" && request.form == Form::B &&
        request.topology.kind == TopologyKind::ring)
        return generate_ring_orbit(request);
    return std::nullopt;
}

}  // namespace trivcheck
