#include "models/generator.hpp"

#include "models/bruck.hpp"
#include "models/recursive_doubling.hpp"
#include "models/ring.hpp"
#include "models/swing.hpp"
#include "models/torus_generator.hpp"
#include "models/trivance.hpp"

namespace trivcheck {

const std::vector<AlgorithmInfo>& algorithm_catalogue() {
    static const std::vector<AlgorithmInfo> catalogue = {
        {"trivance",
         {Form::L, Form::B},
         "ring, torus",
         "both ports, peers r-3^k and r+3^k, ceil(log3 n) steps",
         generate_trivance,
         "L: --last-step published|fold|synthesized; B: --layout best|short_last|short_first, "
         "--tree first_come|balanced (short_last)"},
        {"ring",
         {Form::B},
         "ring, torus",
         "two-port bucket ring, two opposite rings on half the vector each",
         generate_ring},
        {"swing",
         {Form::L, Form::B},
         "ring, torus",
         "one peer r +- rho(s) per step; B: negabinary block sets plus a mirrored copy; non-powers "
         "of 2 folded",
         generate_swing},
        {"recursive_doubling",
         {Form::L, Form::B},
         "ring, torus",
         "one peer r XOR 2^s per step; B: recursive halving plus a mirrored copy; non-powers of 2 "
         "folded",
         generate_recursive_doubling},
        {"bruck",
         {Form::L, Form::B},
         "ring, torus",
         "peers r+3^k and r+2*3^k the same way round (or --route shortest), ceil(log3 n) steps",
         generate_bruck,
         "--route same|shortest"},
    };
    return catalogue;
}

const AlgorithmInfo& requested_algorithm(const GeneratorRequest& request) {
    for (const AlgorithmInfo& info : algorithm_catalogue()) {
        if (info.name != request.algo) continue;
        bool has_form = false;
        for (Form form : info.forms) has_form = has_form || form == request.form;
        if (!has_form)
            throw NotApplicable(info.name + " has no " + to_string(request.form) + " form");
        return info;
    }
    throw std::invalid_argument("unknown algorithm '" + request.algo + "' (see `trivcheck list`)");
}

Schedule generate(const GeneratorRequest& request) {
    const AlgorithmInfo& info = requested_algorithm(request);
    if (request.topology.kind == TopologyKind::torus) return generate_on_torus(request);
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
