#include "proofs/count_terms.hpp"

#include <map>
#include <optional>
#include <string>
#include <utility>

namespace trivcheck::proofs {

namespace {

bool is_zero(const z3::expr& term) {
    std::int64_t value = 0;
    return term.is_numeral() && term.is_numeral_i64(value) && value == 0;
}

/// Σ terms, leaving out the zeros so that untouched cells stay small.
z3::expr sum_of(z3::context& context, const std::vector<CountInput>& inputs) {
    z3::expr_vector terms(context);
    for (const CountInput& input : inputs)
        if (!is_zero(input.count)) terms.push_back(input.count);
    if (terms.empty()) return context.int_val(0);
    if (terms.size() == 1) return terms[0];
    return z3::sum(terms);
}

}  // namespace

CountTerms::CountTerms(z3::context& context, const Schedule& schedule)
    : context_(context),
      ranks_(schedule.ranks),
      blocks_(schedule.blocks),
      contributor_(context.int_const("contributor")),
      domain_(context.bool_val(true)) {
    const z3::expr zero = context.int_val(0);
    z3::expr_vector indicators(context);
    z3::expr_vector weighted(context);
    z3::expr_vector bounds(context);
    for (int x = 0; x < ranks_; ++x) {
        indicators_.push_back(context.int_const(("is_contributor_" + std::to_string(x)).c_str()));
        const z3::expr& indicator = indicators_.back();
        indicators.push_back(indicator);
        weighted.push_back(indicator * x);
        bounds.push_back(indicator >= 0 && indicator <= 1);
    }
    domain_ = z3::mk_and(bounds) && z3::sum(indicators) == 1 && contributor_ == z3::sum(weighted);
    cells_.reserve(static_cast<std::size_t>(ranks_) * static_cast<std::size_t>(blocks_));
    for (int r = 0; r < ranks_; ++r) {
        // Rank r's own input: contribution r counted once.
        const z3::expr& own = indicators_[static_cast<std::size_t>(r)];
        for (int b = 0; b < blocks_; ++b) {
            // An all-gather input exists only at the block's owner.
            const bool has_input =
                schedule.collective != Collective::allgather || schedule.owner_of_block(b) == r;
            cells_.push_back(has_input ? own : zero);
        }
    }
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        apply_step(static_cast<int>(k), schedule.steps[k]);
}

void CountTerms::apply_step(int step_index, const Step& step) {
    struct Delivery {
        std::optional<CountInput> copy;
        std::vector<CountInput> reduces;
    };
    auto cell_of = [&](int rank, int block) {
        return static_cast<std::size_t>(rank) * static_cast<std::size_t>(blocks_) +
               static_cast<std::size_t>(block);
    };
    // Keyed by cell, so reductions come out in (rank, block) order.
    std::map<std::size_t, Delivery> deliveries;
    for (std::size_t i = 0; i < step.transfers.size(); ++i) {
        const Transfer& transfer = step.transfers[i];
        for (int block : transfer.blocks.sorted()) {
            // Every send reads the sender's state at the start of the step.
            CountInput input{static_cast<int>(i), transfer.src, transfer.op == Op::copy,
                             cells_[cell_of(transfer.src, block)]};
            Delivery& delivery = deliveries[cell_of(transfer.dst, block)];
            if (transfer.op == Op::reduce)
                delivery.reduces.push_back(std::move(input));
            else if (!delivery.copy)  // of several copies in one step the first replaces
                delivery.copy = std::move(input);
        }
    }
    std::vector<std::pair<std::size_t, z3::expr>> writes;
    writes.reserve(deliveries.size());
    for (auto& [cell, delivery] : deliveries) {
        const int rank = static_cast<int>(cell / static_cast<std::size_t>(blocks_));
        const int block = static_cast<int>(cell % static_cast<std::size_t>(blocks_));
        std::vector<CountInput> inputs;
        inputs.push_back(delivery.copy ? *delivery.copy
                                       : CountInput{-1, rank, false, cells_[cell]});
        for (CountInput& input : delivery.reduces) inputs.push_back(std::move(input));
        z3::expr count = sum_of(context_, inputs);
        if (!delivery.reduces.empty())
            reductions_.push_back({step_index, rank, block, count, std::move(inputs)});
        writes.emplace_back(cell, std::move(count));
    }
    // The receivers' new values become visible only after every send of the step.
    for (auto& [cell, count] : writes) cells_[cell] = std::move(count);
}

}  // namespace trivcheck::proofs
