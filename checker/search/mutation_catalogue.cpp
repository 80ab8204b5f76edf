// The catalogue of issue 4: the mistakes schedule authors make, in the order
// `trivcheck mutate` reports them.
#include "checker/search/mutation.hpp"

namespace trivcheck {

const std::vector<MutationOperator>& mutation_operators() {
    static const std::vector<MutationOperator> operators = {
        {"peer_sign", "a peer computed with the wrong sign (r - d for r + d)", mutate_peer_sign},
        {"distance_off_by_one", "one step's distance off by one", mutate_distance_off_by_one},
        {"last_step_too_short", "the last distance one too short (both phases)",
         mutate_last_step_too_short},
        {"last_step_too_long", "the last distance one too long (both phases)",
         mutate_last_step_too_long},
        {"block_to_wrong_peer", "a block sent to the wrong peer", mutate_block_to_wrong_peer},
        {"block_dropped", "a block left out of a message", mutate_block_dropped},
        {"block_sent_twice", "a block sent twice", mutate_block_sent_twice},
        {"wrong_block", "block b + 1 sent for block b", mutate_wrong_block},
        {"reduce_as_copy", "a reduction applied as a copy", mutate_reduce_as_copy},
        {"copy_as_reduce", "a copy applied as a reduction", mutate_copy_as_reduce},
        {"allgather_not_reversed", "the all-gather not the time reversal of the reduce-scatter",
         mutate_allgather_not_reversed},
        {"step_split", "a step split in two, losing joint reduction", mutate_step_split},
        {"port_overuse", "a rank sends more messages than it has ports", mutate_port_overuse},
        {"moved_earlier", "a transfer sent one step early", mutate_moved_earlier},
    };
    return operators;
}

const MutationOperator* find_mutation_operator(const std::string& name) {
    for (const MutationOperator& op : mutation_operators())
        if (name == op.name) return &op;
    return nullptr;
}

}  // namespace trivcheck
