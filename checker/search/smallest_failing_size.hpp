#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "checker/execution/executor.hpp"
#include "models/generator.hpp"

namespace trivcheck {

/// The ring sizes on which a generated family behaves alike: for Trivance
/// and Bruck the powers of 3 or the other n, for recursive doubling and
/// Swing the powers of 2 or the other n, for the rest every n.
struct SizeFamily {
    /// 3, 2, or 0 when the algorithm's sizes form one family.
    int radix = 0;
    bool powers = false;
    bool contains(int n) const;
    /// "n a power of 3", "n not a power of 3", "every n".
    std::string describe() const;
};

/// The family of `algo` that n belongs to.
SizeFamily size_family_of(const std::string& algo, int n);

/// The smallest size whose generated schedule is violated, with its report.
struct FailingSize {
    int n = 0;
    Report report;
};

/// What a search for the smallest failing size looked at.
struct FailingSizeSearch {
    std::optional<FailingSize> smallest;
    /// Sizes generated and checked, and those the generator refused.
    int checked = 0;
    int not_applicable = 0;
    /// Sizes too large to check (ResourceLimit, refused by the generation
    /// estimate before building or by the executor's): no verdict for them.
    std::vector<int> unknown;
    /// Why the first of them was refused.
    std::string first_unknown_reason;
};

/// Generates and checks (check_schedule) `base` on a ring of each n in
/// `sizes` (ascending) that `keep` accepts, and stops at the first violated
/// one: Alive2's shrinking of a counterexample, over n. Sizes the generator
/// refuses (NotApplicable) are skipped and counted; a size whose generation
/// estimate (refuse_generation_above_limit) passes the memory limit is
/// unknown before anything is built.
FailingSizeSearch find_smallest_failing_size(const GeneratorRequest& base,
                                             const std::vector<int>& sizes,
                                             const ExecuteOptions& options = {},
                                             const std::function<bool(int)>& keep = {});

/// A search for the smallest failing n and what it covered, in words.
struct ScopedSearch {
    /// "n in 2..64", "n not a power of 3, 2..31".
    std::string scope;
    FailingSizeSearch search;
};

/// After the schedule `request` generates (a ring of N ranks) was found
/// violated with report `failing`: the smallest n <= N of the same
/// SizeFamily that fails (N itself when every smaller one holds), so the
/// report names the smallest counterexample of its kind. Searches the 2048
/// smallest sizes of the family at most; the scope says so.
ScopedSearch search_smaller_same_family(const GeneratorRequest& request, const Report& failing,
                                        const ExecuteOptions& options);

}  // namespace trivcheck
