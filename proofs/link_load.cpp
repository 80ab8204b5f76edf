#include "proofs/link_load.hpp"

namespace trivcheck::proofs {

LinkLoadWitnesses declare_link_load_witnesses(z3::context& context, const std::string& suffix) {
    auto named = [&](const std::string& name) {
        return context.int_const((name + suffix).c_str());
    };
    return {named("link"), named("source_1"), named("source_2"), named("hop_1"), named("hop_2")};
}

std::vector<std::pair<std::string, z3::expr>> link_load_model_terms(
    const LinkLoadWitnesses& witnesses) {
    return {{"link", witnesses.link},
            {"source_1", witnesses.first_source},
            {"source_2", witnesses.second_source},
            {"hop_1", witnesses.first_hop},
            {"hop_2", witnesses.second_hop}};
}

z3::expr link_load_differs(RingEncoding& ring, const z3::expr& distance,
                           const z3::expr& claimed_load, z3::expr_vector& hypotheses,
                           const LinkLoadWitnesses& witnesses) {
    const z3::expr& n = ring.n();
    const z3::expr& link = witnesses.link;
    const z3::expr& source_1 = witnesses.first_source;
    const z3::expr& source_2 = witnesses.second_source;
    const z3::expr& hop_1 = witnesses.first_hop;
    const z3::expr& hop_2 = witnesses.second_hop;
    hypotheses.push_back(ring.is_rank(link) && ring.is_rank(source_1) && ring.is_rank(source_2));
    // Hops below n suffice once the claim has excluded paths longer than the ring.
    hypotheses.push_back(0 <= hop_1 && hop_1 < n && 0 <= hop_2 && hop_2 < n);

    z3::expr_vector failures(ring.context());
    failures.push_back(distance > n);
    failures.push_back(claimed_load > n);
    for (const int direction : {+1, -1}) {
        // The hop-th link of a message from `source` on this direction's route
        // is the link leaving the rank `hop` steps along that route.
        auto crosses = [&](const z3::expr& source, const z3::expr& hop) {
            const z3::expr tail =
                direction > 0 ? ring.forward(source, hop) : ring.backward(source, hop);
            return hop < distance && tail == link;
        };
        // The message a given hop index maps back to.
        const z3::expr source_of_hop =
            direction > 0 ? ring.backward(link, hop_1) : ring.forward(link, hop_1);
        failures.push_back(crosses(source_1, hop_1) && crosses(source_1, hop_2) && hop_1 != hop_2);
        failures.push_back(crosses(source_1, hop_1) && crosses(source_2, hop_1) &&
                           source_1 != source_2);
        failures.push_back(crosses(source_1, hop_1) && hop_1 >= claimed_load);
        failures.push_back(hop_1 < claimed_load && !crosses(source_of_hop, hop_1));
    }
    return z3::mk_or(failures);
}

}  // namespace trivcheck::proofs
