#pragma once
#include <string>
#include <vector>

#include "models/generator.hpp"

namespace trivcheck {

/// One schedule that competes in the cost model: an algorithm, a form and,
/// for Trivance L, which last step (docs/cost-model.md).
struct Competitor {
    /// "trivance-L", "trivance-L-fold", "swing-B", ...: algo-form[-variant].
    std::string label;
    std::string algo;
    Form form = Form::B;
    /// Trivance L only: published, fold or synthesized.
    std::string last_step = "published";

    /// The request that generates its schedule on `topology`.
    GeneratorRequest request(const Topology& topology) const;
    /// A published L schedule that counts contributions more than once for
    /// every n that is not a power of its radix (Trivance L).
    bool published_latency_flawed() const;
};

/// Every algorithm of the catalogue in every form, and Trivance L with each
/// last step (published, fold, synthesized), in a fixed order (ties go to
/// the earlier one).
const std::vector<Competitor>& all_competitors();

/// The competitors `--algo` names: `all`, or a comma list of algorithm names
/// (every form and variant of it) and labels; in all_competitors() order.
/// `all` is every algorithm, NCCL's included; with `paper_only` (the formula
/// source: the paper's tables have no rows for NCCL's algorithms) the
/// paper's, NCCL's then competing when named.
/// Throws std::invalid_argument naming the unknown item and the known names.
std::vector<Competitor> select_competitors(const std::string& text, bool paper_only = false);

}  // namespace trivcheck
