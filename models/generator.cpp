#include "models/generator.hpp"

#include <algorithm>

#include "models/bruck.hpp"
#include "models/nccl/nccl_formulas.hpp"
#include "models/nccl/nccl_pat.hpp"
#include "models/nccl/nccl_ring.hpp"
#include "models/nccl/nccl_tree.hpp"
#include "models/recursive_doubling.hpp"
#include "models/ring.hpp"
#include "models/swing.hpp"
#include "models/torus_generator.hpp"
#include "models/trivance/trivance.hpp"

namespace trivcheck {

namespace {

std::optional<RotationOrbit> ring_orbit(const GeneratorRequest& request) {
    if (request.form != Form::B) return std::nullopt;
    return generate_ring_orbit(request);
}

std::optional<RotationOrbit> nccl_ring_orbit(const GeneratorRequest& request) {
    return generate_nccl_ring_orbit(request);
}

std::optional<RotationOrbit> nccl_pat_orbit(const GeneratorRequest& request) {
    return generate_nccl_pat_orbit(request);
}

std::optional<RotationOrbit> trivance_orbit(const GeneratorRequest& request) {
    if (request.form != Form::L || request.last_step != "published") return std::nullopt;
    return trivance_latency_orbit(request);
}

}  // namespace

const std::vector<AlgorithmInfo>& algorithm_catalogue() {
    static const std::vector<AlgorithmInfo> catalogue = {
        {.name = "trivance",
         .forms = {Form::L, Form::B},
         .topologies = "ring, torus",
         .summary = "both ports, peers r-3^k and r+3^k, ceil(log3 n) steps",
         .generate = generate_trivance,
         .options = "L: --last-step published|fold|synthesized; B: --layout "
                    "best|rule|short_last|short_first, --tree first_come|balanced (short_last)",
         .choices = {.last_step = true, .layout = true, .tree = true},
         .radix = 3,
         .formulas = trivance_formulas(),
         .colours = {"#b2182b", "#f4a582"},
         .latency_variants = {"fold", "synthesized"},
         .published_latency_flawed = true,
         .named_checks = true,
         .ring_orbit = trivance_orbit},
        {.name = "ring",
         .forms = {Form::B},
         .topologies = "ring, torus",
         .summary = "two-port bucket ring, two opposite rings on half the vector each",
         .generate = generate_ring,
         .formulas = ring_formulas(),
         .colours = {"#8c510a", "#f6e8c3"},
         .ring_orbit = ring_orbit},
        {.name = "swing",
         .forms = {Form::L, Form::B},
         .topologies = "ring, torus",
         .summary = "one peer r +- rho(s) per step; B: negabinary block sets plus a mirrored copy; "
                    "non-powers of 2 folded",
         .generate = generate_swing,
         .radix = 2,
         .formulas = swing_formulas(),
         .colours = {"#2166ac", "#92c5de"}},
        {.name = "recursive_doubling",
         .forms = {Form::L, Form::B},
         .topologies = "ring, torus",
         .summary = "one peer r XOR 2^s per step; B: recursive halving plus a mirrored copy; "
                    "non-powers of 2 folded",
         .generate = generate_recursive_doubling,
         .radix = 2,
         .formulas = recursive_doubling_formulas(),
         .colours = {"#1b7837", "#a6dba0"}},
        {.name = "bruck",
         .forms = {Form::L, Form::B},
         .topologies = "ring, torus",
         .summary =
             "peers r+3^k and r+2*3^k the same way round (or --route shortest), ceil(log3 n) steps",
         .generate = generate_bruck,
         .options = "--route same|shortest",
         .choices = {.route = true},
         .radix = 3,
         .formulas = bruck_formulas(),
         .colours = {"#762a83", "#c2a5cf"}},
        {.name = "nccl_ring",
         .forms = {Form::B},
         .topologies = "ring, torus (NCCL's rank order, shortest paths)",
         .summary = "NCCL's ring (runRing): all-reduce, all-gather, reduce-scatter on the ring "
                    "0->1->...->n-1 of every channel, loops of n chunks",
         .generate = generate_nccl_ring,
         .options = "--collective allreduce|allgather|reduce_scatter, --channels C, --chunks L",
         .choices = {.nccl = true},
         .formulas = nccl_ring_formulas(),
         .colours = {"#01665e", "#5ab4ac"},
         .ring_orbit = nccl_ring_orbit,
         .whole_communicator = true,
         .collectives = {Collective::allreduce, Collective::allgather, Collective::reduce_scatter}},
        {.name = "nccl_tree",
         .forms = {Form::B},
         .topologies = "ring, torus (NCCL's rank order, shortest paths)",
         .summary = "NCCL's double binary tree all-reduce (runTreeSplit on ncclGetDtree's "
                    "trees), channels split over the two trees",
         .generate = generate_nccl_tree,
         .options = "--channels C, --chunks L",
         .choices = {.nccl = true},
         .formulas = nccl_tree_formulas(),
         .colours = {"#542788", "#d8daeb"},
         .whole_communicator = true},
        {.name = "nccl_pat",
         .forms = {Form::B},
         .topologies = "ring, torus (NCCL's rank order, shortest paths)",
         .summary = "NCCL's PAT (PatRSAlgorithm, PatAGAlgorithm): reduce-scatter and all-gather "
                    "on binomial trees at distances 2^d, aggregated or one block a step",
         .generate = generate_nccl_pat,
         .options = "--collective allgather|reduce_scatter, --pat-aggregation aggregated|step, "
                    "--channels C, --chunks L",
         .choices = {.nccl = true},
         .formulas = nccl_pat_formulas(),
         .colours = {"#b35806", "#fdb863"},
         .ring_orbit = nccl_pat_orbit,
         .whole_communicator = true,
         .collectives = {Collective::allgather, Collective::reduce_scatter}},
    };
    return catalogue;
}

const AlgorithmInfo* algorithm_named(const std::string& name) {
    for (const AlgorithmInfo& info : algorithm_catalogue())
        if (info.name == name) return &info;
    return nullptr;
}

const AlgorithmInfo* schedule_algorithm(const Schedule& schedule) {
    if (const AlgorithmInfo* by_generator = algorithm_named(schedule.algo)) return by_generator;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        if (schedule.name.starts_with(info.name)) return &info;
    return nullptr;
}

const AlgorithmInfo& requested_algorithm(const GeneratorRequest& request) {
    for (const AlgorithmInfo& info : algorithm_catalogue()) {
        if (info.name != request.algo) continue;
        bool has_form = false;
        for (Form form : info.forms) has_form = has_form || form == request.form;
        if (!has_form)
            throw NotApplicable(info.name + " has no " + to_string(request.form) + " form");
        if (std::find(info.collectives.begin(), info.collectives.end(), request.collective) ==
            info.collectives.end())
            throw NotApplicable(info.name + " has no " + to_string(request.collective) +
                                " (it builds " + to_string(info.collectives.front()) +
                                (info.collectives.size() > 1 ? " and others" : "") + ")");
        return info;
    }
    throw std::invalid_argument("unknown algorithm '" + request.algo + "' (see `trivcheck list`)");
}

Schedule generate(const GeneratorRequest& request) {
    const AlgorithmInfo& info = requested_algorithm(request);
    if (request.topology.kind == TopologyKind::torus && !info.whole_communicator)
        return generate_on_torus(request);
    if (request.topology.kind == TopologyKind::switch_) {
        GeneratorRequest on_ring = request;
        on_ring.topology = Topology::ring(request.topology.rank_count());
        Schedule schedule = info.generate(on_ring);
        schedule.topology = request.topology;
        return schedule;
    }
    return info.generate(request);
}

const char* to_string(Form form) { return form == Form::L ? "L" : "B"; }

bool parse_form(const std::string& text, Form& form) {
    if (text == "L")
        form = Form::L;
    else if (text == "B")
        form = Form::B;
    else
        return false;
    return true;
}

}  // namespace trivcheck
