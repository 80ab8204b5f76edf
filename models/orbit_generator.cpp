#include "models/orbit_generator.hpp"

#include "models/ring.hpp"
#include "models/torus_generator.hpp"
#include "models/trivance/trivance.hpp"

namespace trivcheck {

std::optional<RotationOrbit> generate_orbit(const GeneratorRequest& request) {
    if (request.topology.kind == TopologyKind::torus) {
        // refuses as generate() does; a whole-communicator schedule has no torus orbit
        if (requested_algorithm(request).whole_communicator) return std::nullopt;
        return generate_torus_orbit(request);
    }
    if (request.topology.kind != TopologyKind::ring) return std::nullopt;
    const AlgorithmInfo& info = requested_algorithm(request);
    if (!info.ring_orbit) return std::nullopt;
    return info.ring_orbit(request);
}

}  // namespace trivcheck
