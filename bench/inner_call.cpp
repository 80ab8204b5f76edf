#include "bench/inner_call.hpp"

#include <stdexcept>

#include "checker/core/parallel_for.hpp"
#include "checker/explanations/check.hpp"
#include "models/generator.hpp"

namespace trivcheck::bench {

namespace {

/// Whether the generated ring schedule gives `verdict` ("holds" or "violated").
bool gives_verdict(const InnerCall& call) {
    Form form = Form::B;
    if (!parse_form(call.form, form)) throw std::runtime_error("unknown form '" + call.form + "'");
    const Verdict expected = call.verdict == "holds" ? Verdict::holds : Verdict::violated;
    const GeneratorRequest request{call.algo, form, Topology::ring(call.n)};
    return check_generated(request).verdict == expected;
}

/// Checks every algorithm in both forms (where the form exists for n) for every
/// n in first..last; published schedules may be violated: only completing counts.
bool every_algorithm_completes(int first, int last, int jobs) {
    std::vector<GeneratorRequest> requests;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        for (Form form : info.forms)
            for (int n = first; n <= last; ++n)
                requests.push_back({info.name, form, Topology::ring(n)});
    parallel_for(static_cast<int>(requests.size()), jobs, [&](int i) {
        try {
            check_generated(requests[static_cast<std::size_t>(i)]);
        } catch (const NotApplicable&) {
            // The form does not exist for this n: nothing to check.
        }
    });
    return true;
}

}  // namespace

bool run_inner(const InnerCall& call, int jobs) {
    if (call.call == "check_generated") return gives_verdict(call);
    return every_algorithm_completes(call.first, call.last, jobs);
}

}  // namespace trivcheck::bench
