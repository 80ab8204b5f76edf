#include "checker/mscclpp/run_clocks.hpp"

#include <algorithm>

namespace trivcheck::mscclpp {

int RunClocks::weak_entry(const ProcessClocks& clocks, int self, int process) const {
    return process == self ? clocks.own : clocks.weak.at(pages_, process);
}

int RunClocks::strong_entry(const ProcessClocks& clocks, int self, int process) const {
    return process == self ? clocks.own : clocks.strong.at(pages_, process);
}

void RunClocks::settle(ProcessClocks& clocks, int self) {
    const bool shared = clocks.strong.shares(clocks.weak);
    clocks.weak.raise(pages_, self, clocks.own);
    if (shared)
        clocks.strong = clocks.weak;
    else
        clocks.strong.raise(pages_, self, clocks.own);
}

Token RunClocks::token(ProcessClocks& clocks, int self, bool relaxed) {
    settle(clocks, self);
    Token token;
    token.strong = clocks.strong;
    token.weak = clocks.weak;
    token.fenced = clocks.fenced;
    token.depth = clocks.depth;
    token.relaxed = relaxed;
    token.process = self;
    return token;
}

void RunClocks::join_token(ProcessClocks& clocks, const Token& token) {
    const PagedClock& visible = token.relaxed ? token.fenced : token.strong;
    // Without relaxed signals strong and weak stay one clock: one join for both.
    const bool shared = clocks.strong.shares(clocks.weak) && visible.shares(token.weak);
    clocks.weak.join(pages_, token.weak);
    if (shared)
        clocks.strong = clocks.weak;
    else
        clocks.strong.join(pages_, visible);
    clocks.depth = std::max(clocks.depth, token.depth);
}

void RunClocks::join_all(Token& into, const Token& token) {
    const bool shared = into.strong.shares(into.weak) && token.strong.shares(token.weak);
    into.weak.join(pages_, token.weak);
    if (shared)
        into.strong = into.weak;
    else
        into.strong.join(pages_, token.strong);
    into.depth = std::max(into.depth, token.depth);
}

void RunClocks::fence(ProcessClocks& clocks, int self) {
    settle(clocks, self);
    clocks.fenced = clocks.strong;
}

}  // namespace trivcheck::mscclpp
