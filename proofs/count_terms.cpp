#include "proofs/count_terms.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <tuple>
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
      buffers_(schedule.buffer_count()),
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
    cells_.reserve(cell_of(ranks_, 0, 0));
    for (int r = 0; r < ranks_; ++r) {
        // Rank r's own input: contribution r counted once, in its vector.
        const z3::expr& own = indicators_[static_cast<std::size_t>(r)];
        for (int u = 0; u < buffers_; ++u)
            for (int b = 0; b < blocks_; ++b) {
                // An all-gather input exists only at the block's owner.
                const bool has_input =
                    u == main_buffer && (schedule.collective != Collective::allgather ||
                                         schedule.owner_of_block(b) == r);
                cells_.push_back(has_input ? own : zero);
            }
    }
    for (std::size_t k = 0; k < schedule.steps.size(); ++k)
        apply_step(static_cast<int>(k), schedule.steps[k]);
}

void CountTerms::apply_local(int step_index, const Step& step, std::vector<ReductionTerm>& found) {
    for (std::size_t i = 0; i < step.local.size(); ++i) {
        const LocalOp& operation = step.local[i];
        for (int block : operation.blocks.sorted()) {
            const std::size_t target = cell_of(operation.rank, operation.dst_buffer, block);
            // Each operation sees what the earlier ones of the step left.
            CountInput source{-1, operation.rank, operation.op == Op::copy,
                              cells_[cell_of(operation.rank, operation.src_buffer, block)],
                              static_cast<int>(i)};
            if (operation.op == Op::copy) {  // replaces the value, even with nothing
                cells_[target] = source.count;
                continue;
            }
            std::vector<CountInput> inputs;
            inputs.push_back(CountInput{-1, operation.rank, false, cells_[target], -1});
            inputs.push_back(std::move(source));
            z3::expr count = sum_of(context_, inputs);
            cells_[target] = count;
            found.push_back({step_index, operation.rank, block, std::move(count), std::move(inputs),
                             operation.dst_buffer, static_cast<int>(i)});
        }
    }
}

void CountTerms::apply_step(int step_index, const Step& step) {
    struct Delivery {
        std::optional<CountInput> copy;
        std::vector<CountInput> reduces;
    };
    std::vector<ReductionTerm> found;
    apply_local(step_index, step, found);
    // Keyed by cell, so joint reductions come out in (rank, buffer, block) order.
    std::map<std::size_t, Delivery> deliveries;
    for (std::size_t i = 0; i < step.transfers.size(); ++i) {
        const Transfer& transfer = step.transfers[i];
        for (int block : transfer.blocks.sorted()) {
            // Every send reads the sender's state after the local operations.
            CountInput input{static_cast<int>(i), transfer.src, transfer.op == Op::copy,
                             cells_[cell_of(transfer.src, transfer.src_buffer, block)], -1};
            Delivery& delivery = deliveries[cell_of(transfer.dst, transfer.dst_buffer, block)];
            if (transfer.op == Op::reduce)
                delivery.reduces.push_back(std::move(input));
            else if (!delivery.copy)  // of several copies in one step the first replaces
                delivery.copy = std::move(input);
        }
    }
    std::vector<std::pair<std::size_t, z3::expr>> writes;
    writes.reserve(deliveries.size());
    const auto blocks = static_cast<std::size_t>(blocks_);
    const auto buffers = static_cast<std::size_t>(buffers_);
    for (auto& [cell, delivery] : deliveries) {
        const int rank = static_cast<int>(cell / blocks / buffers);
        const int buffer = static_cast<int>(cell / blocks % buffers);
        const int block = static_cast<int>(cell % blocks);
        std::vector<CountInput> inputs;
        inputs.push_back(delivery.copy ? *delivery.copy
                                       : CountInput{-1, rank, false, cells_[cell], -1});
        for (CountInput& input : delivery.reduces) inputs.push_back(std::move(input));
        z3::expr count = sum_of(context_, inputs);
        if (!delivery.reduces.empty())
            found.push_back({step_index, rank, block, count, std::move(inputs), buffer, -1});
        writes.emplace_back(cell, std::move(count));
    }
    // The receivers' new values become visible only after every send of the step.
    for (auto& [cell, count] : writes) cells_[cell] = std::move(count);
    // Every local reduction of the step before every arrival: the local
    // operations run before the sends, so an arrival can carry a count that a
    // local operation of the same step at another rank made too large, and the
    // first violation must be that cause, not its consequence. Within each
    // group (rank, block) order; local operations keep their list order.
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        return std::tuple(a.local < 0, a.rank, a.block) < std::tuple(b.local < 0, b.rank, b.block);
    });
    for (ReductionTerm& reduction : found) reductions_.push_back(std::move(reduction));
}

}  // namespace trivcheck::proofs
