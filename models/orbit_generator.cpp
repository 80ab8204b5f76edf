#include "models/orbit_generator.hpp"

#include "models/ring.hpp"
#include "models/torus_generator.hpp"
#include "models/trivance.hpp"

namespace trivcheck {

std::optional<RotationOrbit> generate_orbit(const GeneratorRequest& request) {
    if (request.topology.kind == TopologyKind::torus) {
        requested_algorithm(request);  // refuses as generate() does
        return generate_torus_orbit(request);
    }
    if (request.topology.kind != TopologyKind::ring) return std::nullopt;
    if (request.algo == "ring" && request.form == Form::B) return generate_ring_orbit(request);
    if (request.algo == "trivance" && request.form == Form::L && request.last_step == "published")
        return trivance_latency_orbit(request);
    return std::nullopt;
}

}  // namespace trivcheck
