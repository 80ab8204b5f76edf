#include "models/orbit_generator.hpp"

#include "models/ring.hpp"
#include "models/torus_generator.hpp"
#include "models/trivance/trivance.hpp"

namespace trivcheck {

std::optional<RotationOrbit> generate_orbit(const GeneratorRequest& request) {
    if (request.topology.kind == TopologyKind::torus) {
        requested_algorithm(request);  // refuses as generate() does
        return generate_torus_orbit(request);
    }
    if (request.topology.kind != TopologyKind::ring) return std::nullopt;
    const AlgorithmInfo& info = requested_algorithm(request);
    if (!info.ring_orbit) return std::nullopt;
    return info.ring_orbit(request);
}

}  // namespace trivcheck
