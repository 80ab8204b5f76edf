#include "models/pairwise_exchange.hpp"

#include "models/fold.hpp"
#include "models/ring_arithmetic.hpp"
#include "models/time_reversal.hpp"

namespace trivcheck {

namespace {

struct Peer {
    int index;
    int rank;
    Route route;
};

class ExchangeBuilder {
  public:
    ExchangeBuilder(const GeneratorRequest& request, const PairwiseExchange& exchange)
        : exchange_(exchange), fold_(request.topology.rank_count()) {
        if (request.topology.kind != TopologyKind::ring)
            throw NotApplicable(exchange.algo + " is generated for rings only");
        if (fold_.ranks() < 2) throw NotApplicable(exchange.algo + " needs at least 2 ranks");
        const int n = fold_.ranks();
        const char* form = to_string(request.form);
        schedule_.name = exchange.algo + "-" + form + "-" + std::to_string(n);
        schedule_.algo = exchange.algo;
        schedule_.form = form;
        schedule_.topology = request.topology;
        schedule_.ranks = n;
    }

    Schedule latency() {
        schedule_.blocks = 1;
        const BlockSet whole = BlockSet::all(1);
        add_fold_in("allreduce", whole);
        for (int s = 0; s < fold_.core_steps(); ++s) {
            Step step{"allreduce", {}};
            step.transfers.reserve(static_cast<std::size_t>(fold_.core_size()));
            for (int c = 0; c < fold_.core_size(); ++c) {
                const Peer peer = peer_of(s, c, +1);
                step.transfers.push_back(
                    {fold_.rank_of(c), peer.rank, whole, Op::reduce, peer.route});
            }
            schedule_.steps.push_back(std::move(step));
        }
        add_fold_out("allreduce", whole);
        return std::move(schedule_);
    }

    Schedule bandwidth() {
        const int n = fold_.ranks();
        schedule_.blocks = checked_block_count(2 * std::int64_t{n}, schedule_.name);
        const BlockSet everything = BlockSet::all(2 * n);
        add_fold_in("reduce_scatter", everything);
        std::vector<Step> reduce_scatter;
        for (int s = 0; s < fold_.core_steps(); ++s) {
            Step step{"reduce_scatter", {}};
            step.transfers.reserve(2 * static_cast<std::size_t>(fold_.core_size()));
            for (int c = 0; c < fold_.core_size(); ++c) {
                for (int half : {0, 1}) {
                    const Peer peer = peer_of(s, c, half == 0 ? +1 : -1);
                    step.transfers.push_back({fold_.rank_of(c), peer.rank,
                                              exchange_.reduce_scatter_blocks(s, peer.index, half),
                                              Op::reduce, peer.route});
                }
            }
            reduce_scatter.push_back(std::move(step));
        }
        std::vector<Step> allgather = time_reversed_copies(reduce_scatter, "allgather");
        for (Step& step : reduce_scatter) schedule_.steps.push_back(std::move(step));
        for (Step& step : allgather) schedule_.steps.push_back(std::move(step));
        add_fold_out("allgather", everything);
        return std::move(schedule_);
    }

  private:
    /// The peer of core index c in step s at sign * offset (sign -1: the mirrored copy).
    Peer peer_of(int step, int index, int sign) const {
        const int offset = sign * exchange_.peer_offset(step, index);
        const int peer = wrap(index + offset, fold_.core_size());
        const int rank = fold_.rank_of(peer);
        if (fold_.folded()) return {peer, rank, Route::shortest};
        return {peer, rank, offset > 0 ? Route::plus : Route::minus};
    }

    void add_fold_in(const char* phase, const BlockSet& blocks) {
        if (!fold_.folded()) return;
        Step step{phase, {}};
        for (int extra : fold_.extra_ranks())
            step.transfers.push_back({extra, extra + 1, blocks, Op::reduce, Route::plus});
        schedule_.steps.push_back(std::move(step));
    }

    void add_fold_out(const char* phase, const BlockSet& blocks) {
        if (!fold_.folded()) return;
        Step step{phase, {}};
        for (int extra : fold_.extra_ranks())
            step.transfers.push_back({extra + 1, extra, blocks, Op::copy, Route::minus});
        schedule_.steps.push_back(std::move(step));
    }

    const PairwiseExchange& exchange_;
    Fold fold_;
    Schedule schedule_;
};

}  // namespace

Schedule generate_pairwise_exchange(const GeneratorRequest& request,
                                    const PairwiseExchange& exchange) {
    ExchangeBuilder builder(request, exchange);
    return request.form == Form::L ? builder.latency() : builder.bandwidth();
}

}  // namespace trivcheck
