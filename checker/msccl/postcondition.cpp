#include "checker/msccl/postcondition.hpp"

#include <algorithm>

namespace trivcheck::msccl {

namespace {

/// Why a collective without `--expect` has no postcondition; empty when it has one.
std::string reason_for_none(Collective collective) {
    const std::string give = "; give one with --expect FILE";
    switch (collective) {
        case Collective::custom:
            return "a custom collective has none of its own" + give;
        case Collective::alltoallv:
            return "alltoallv's counts and displacements are given at run time, and the file "
                   "states none" +
                   give;
        case Collective::send:
        case Collective::recv:
            return std::string(spelling(collective)) +
                   "'s peer is given at run time, and the file states none" + give;
        default:
            return "";
    }
}

/// `broadcast from root 2`, `reduce to root 0`, or the collective's name.
std::string collective_postcondition_name(Collective collective, int root) {
    const std::string root_text = " root " + std::to_string(root);
    switch (collective) {
        case Collective::broadcast:
        case Collective::scatter:
            return std::string(spelling(collective)) + " from" + root_text;
        case Collective::reduce:
        case Collective::gather:
            return std::string(spelling(collective)) + " to" + root_text;
        default:
            return spelling(collective);
    }
}

/// Contributions in ascending runs.
std::vector<Arc> runs_of(std::vector<int> contributions) {
    std::sort(contributions.begin(), contributions.end());
    std::vector<Arc> runs;
    for (const int contribution : contributions) {
        if (!runs.empty() && runs.back().end == contribution)
            ++runs.back().end;
        else
            runs.push_back({contribution, contribution + 1});
    }
    return runs;
}

}  // namespace

Postcondition::Postcondition(const ProgramLayout& layout, int root,
                             const std::optional<ExpectedOutputs>& expected)
    : layout_(layout), root_(root) {
    if (expected) {
        name_ = "as " + expected->source + " gives it";
        given_.resize(layout.gpu_count());
        for (int gpu = 0; gpu < layout.gpu_count(); ++gpu)
            given_[gpu].resize(layout.logical_chunks(gpu, Buffer::output));
        for (const ExpectedChunk& chunk : expected->chunks) {
            std::vector<int> contributions;
            for (const ContributionName& name : chunk.contributions)
                contributions.push_back(layout.contribution(name.gpu, name.chunk));
            given_[chunk.gpu][chunk.chunk] = runs_of(std::move(contributions));
        }
        return;
    }
    missing_reason_ = reason_for_none(layout.program().collective);
    name_ = missing_reason_.empty()
                ? collective_postcondition_name(layout.program().collective, root)
                : "none given";
}

bool Postcondition::expected(int gpu, int chunk, std::vector<Arc>& arcs) const {
    arcs.clear();
    if (!given_.empty()) {
        const std::optional<std::vector<Arc>>& given = given_[gpu][chunk];
        if (given) arcs = *given;
        return given.has_value();
    }
    const int gpus = layout_.gpu_count();
    const int per_gpu = layout_.input_chunks();
    // Every gpu's contribution of one input chunk: one run (ProgramLayout::contribution).
    auto all_gpus = [&](int input_chunk) {
        arcs.push_back(
            {layout_.contribution(0, input_chunk), layout_.contribution(0, input_chunk) + gpus});
        return true;
    };
    auto one = [&](int from_gpu, int input_chunk) {
        const int contribution = layout_.contribution(from_gpu, input_chunk);
        arcs.push_back({contribution, contribution + 1});
        return true;
    };
    switch (layout_.program().collective) {
        case Collective::allreduce:
            return all_gpus(chunk);
        case Collective::reduce_scatter:
            return all_gpus(gpu * (per_gpu / gpus) + chunk);
        case Collective::allgather:
            return one(chunk / per_gpu, chunk % per_gpu);
        case Collective::alltoall: {
            const int part = per_gpu / gpus;
            return one(chunk / part, gpu * part + chunk % part);
        }
        case Collective::broadcast:
            return one(root_, chunk);
        case Collective::reduce:
            return gpu == root_ && all_gpus(chunk);
        case Collective::gather:
            return gpu == root_ && one(chunk / per_gpu, chunk % per_gpu);
        case Collective::scatter:
            return one(root_, gpu * (per_gpu / gpus) + chunk);
        case Collective::alltoallv:
        case Collective::send:
        case Collective::recv:
        case Collective::custom:
            return false;
    }
    return false;
}

}  // namespace trivcheck::msccl
