#include "checker/search/smallest_failing_size.hpp"

#include "checker/core/resource_limit.hpp"
#include "checker/execution/memory_estimate.hpp"
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
    const AlgorithmInfo* info = algorithm_named(algo);
    const int radix = info ? info->radix : 0;
    SizeFamily family{radix, false};
    family.powers = radix != 0 && n >= radix && is_power_of(n, radix);
    return family;
}

FailingSizeSearch find_smallest_failing_size(const GeneratorRequest& base,
                                             const std::vector<int>& sizes,
                                             const ExecuteOptions& options,
                                             const std::function<bool(int)>& keep) {
    FailingSizeSearch search;
    // A size refused by its estimate or by the executor's: unknown, the first reason kept.
    const auto refused_size = [&search](int n, const ResourceLimit& refused) {
        if (search.unknown.empty()) search.first_unknown_reason = refused.what();
        search.unknown.push_back(n);
    };
    for (int n : sizes) {
        if (keep && !keep(n)) continue;
        GeneratorRequest request = base;
        request.topology = Topology::ring(n);
        Schedule schedule;
        try {
            // Refused before the generator builds what does not fit (check --n 10000000).
            refuse_generation_above_limit(
                request,
                "checking " + request.algo + " " + to_string(request.form) + " " +
                    request.topology.describe(),
                options.memory_limit_bytes, {.orbit_allowed = false, .executed = true});
            schedule = generate(request);
        } catch (const ResourceLimit& refused) {
            refused_size(n, refused);
            continue;
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
        } catch (const ResourceLimit& refused) {
            refused_size(n, refused);
        }
    }
    return search;
}

ScopedSearch search_smaller_same_family(const GeneratorRequest& request, const Report& failing,
                                        const ExecuteOptions& options) {
    const int n = request.topology.rank_count();
    const SizeFamily family = size_family_of(request.algo, n);
    // The smallest sizes first, and only so many that the search stays a
    // fraction of a large check: failures show up early when they show up at all.
    constexpr std::size_t most_sizes = 2048;
    std::vector<int> sizes;
    for (int smaller = 2; smaller < n && sizes.size() < most_sizes; ++smaller)
        if (family.contains(smaller)) sizes.push_back(smaller);
    const bool capped = !sizes.empty() && sizes.size() == most_sizes && sizes.back() + 1 < n;
    ScopedSearch result;
    result.scope = family.describe() + ", 2.." +
                   (capped ? std::to_string(sizes.back()) + " and " : "") + std::to_string(n);
    result.search = find_smallest_failing_size(request, sizes, options);
    // Every smaller n of the family holds: n itself is the smallest counterexample.
    if (!result.search.smallest) {
        result.search.smallest = FailingSize{n, failing};
        ++result.search.checked;
    }
    return result;
}

}  // namespace trivcheck
