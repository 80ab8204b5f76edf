#include "models/rotation_orbit.hpp"

#include <stdexcept>
#include <vector>

namespace trivcheck {

namespace {

RankTranslations ring_translations(int ranks, int blocks) {
    return RankTranslations::ring(ranks, blocks);
}

RankTranslations translations_of(const Schedule& model) {
    if (model.topology.kind == TopologyKind::ring)
        return ring_translations(model.ranks, model.blocks);
    std::optional<RankTranslations> translations = RankTranslations::of(model);
    if (!translations)
        throw std::invalid_argument(model.name +
                                    ": a rank orbit needs a ring or torus and blocks that "
                                    "stay put or move with the ranks");
    return *translations;
}

}  // namespace

Transfer translated(const Transfer& transfer, int translation,
                    const RankTranslations& translations) {
    Transfer result = transfer;
    result.src = translations.add(transfer.src, translation);
    result.dst = translations.add(transfer.dst, translation);
    result.blocks = translations.translate_blocks(transfer.blocks, translation);
    return result;
}

LocalOp translated(const LocalOp& operation, int translation,
                   const RankTranslations& translations) {
    LocalOp result = operation;
    result.rank = translations.add(operation.rank, translation);
    result.blocks = translations.translate_blocks(operation.blocks, translation);
    return result;
}

Transfer turned(const Transfer& transfer, int shift, int ranks, int blocks) {
    return translated(transfer, shift, ring_translations(ranks, blocks));
}

LocalOp turned(const LocalOp& operation, int shift, int ranks, int blocks) {
    return translated(operation, shift, ring_translations(ranks, blocks));
}

Step expand_step(const Step& model, const RankTranslations& translations) {
    const int symmetries = translations.symmetries();
    Step step;
    step.phase = model.phase;
    step.transfers.reserve(model.transfers.size() * static_cast<std::size_t>(symmetries));
    for (int index = 0; index < symmetries; ++index)
        for (const Transfer& transfer : model.transfers)
            step.transfers.push_back(
                translated(transfer, translations.symmetry(index), translations));
    step.local.reserve(model.local.size() * static_cast<std::size_t>(symmetries));
    for (int index = 0; index < symmetries; ++index)
        for (const LocalOp& operation : model.local)
            step.local.push_back(translated(operation, translations.symmetry(index), translations));
    return step;
}

Step expand_step(const Step& model, int ranks, int blocks) {
    return expand_step(model, ring_translations(ranks, blocks));
}

RankTranslations orbit_translations(const RotationOrbit& orbit) {
    const RankTranslations translations = translations_of(orbit.model);
    return orbit.symmetry_steps.empty() ? translations
                                        : translations.with_symmetry_steps(orbit.symmetry_steps);
}

Schedule expand(const RotationOrbit& orbit) {
    Schedule schedule = orbit.model;
    const RankTranslations translations = orbit_translations(orbit);
    for (Step& step : schedule.steps) step = expand_step(step, translations);
    return schedule;
}

}  // namespace trivcheck
