#include "models/symmetric_orbit.hpp"

#include "models/rotation_symmetry.hpp"

namespace trivcheck {

std::optional<RotationOrbit> symmetric_orbit(const Schedule& schedule) {
    if (schedule.ranks < 2) return std::nullopt;
    RotationOrbit orbit;
    int parts = schedule.ranks;  // how many copies of the model a whole step is
    if (schedule.topology.kind == TopologyKind::ring) {
        const int step = rotation_symmetry_step(schedule);
        if (step == 0) return std::nullopt;
        parts = schedule.ranks / step;
        if (step > 1) orbit.symmetry_steps = {step};
    } else if (schedule.topology.kind != TopologyKind::torus ||
               !is_translation_symmetric(schedule)) {
        return std::nullopt;
    }
    orbit.model = first_share(schedule, parts);
    return orbit;
}

Schedule first_share(const Schedule& schedule, int parts) {
    // The header copied field by field: copying the whole steps first would cost `parts` times
    // the model.
    Schedule model;
    model.name = schedule.name;
    model.algo = schedule.algo;
    model.form = schedule.form;
    model.collective = schedule.collective;
    model.topology = schedule.topology;
    model.ranks = schedule.ranks;
    model.blocks = schedule.blocks;
    model.ports = schedule.ports;
    model.bounds = schedule.bounds;
    model.buffers = schedule.buffers;
    const auto share = [parts](std::size_t size) {
        return static_cast<std::ptrdiff_t>(size / static_cast<std::size_t>(parts));
    };
    for (const Step& step : schedule.steps) {
        Step& part = model.steps.emplace_back();
        part.phase = step.phase;
        part.transfers.assign(step.transfers.begin(),
                              step.transfers.begin() + share(step.transfers.size()));
        part.local.assign(step.local.begin(), step.local.begin() + share(step.local.size()));
    }
    return model;
}

}  // namespace trivcheck
