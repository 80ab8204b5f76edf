#include "checker/search/smallest_failing_size.hpp"

#include "checker/explanations/check.hpp"
#include "models/ring_arithmetic.hpp"

namespace trivcheck {

bool SizeFamily::contains(int n) const {
    if (radix == 0) return true;
    return (n >= radix && is_power_of(n, radix)) == powers;
}

std::string SizeFamily::describe() const {
    if (radix == 0) return "every n";
    return std::string(powers ? "n a power of " : "n not a power of ") + std::to_string(radix);
}

SizeFamily size_family_of(const std::string& algo, int n) {
    // The radix is where the algorithm's distances come from (3^k or 2^k):
    // its exact sizes, and the rest, which need a shortened step or a fold.
    int radix = 0;
    if (algo == "trivance" || algo == "bruck") radix = 3;
    if (algo == "swing" || algo == "recursive_doubling") radix = 2;
    SizeFamily family{radix, false};
    family.powers = radix != 0 && n >= radix && is_power_of(n, radix);
    return family;
}

FailingSizeSearch find_smallest_failing_size(const GeneratorRequest& base,
                                             const std::vector<int>& sizes,
                                             const ExecuteOptions& options,
                                             const std::function<bool(int)>& keep) {
    FailingSizeSearch search;
    for (int n : sizes) {
        if (keep && !keep(n)) continue;
        GeneratorRequest request = base;
        request.topology = Topology::ring(n);
        Schedule schedule;
        try {
            schedule = generate(request);
        } catch (const NotApplicable&) {
            ++search.not_applicable;
            continue;
        }
        try {
            Report report = check_schedule(schedule, options);
            ++search.checked;
            if (report.verdict == Verdict::violated) {
                search.smallest = FailingSize{n, std::move(report)};
                return search;
            }
        } catch (const ResourceLimit&) {
            search.unknown.push_back(n);
        }
    }
    return search;
}

}  // namespace trivcheck
