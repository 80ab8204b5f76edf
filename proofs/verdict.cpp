#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

const char* to_string(QueryVerdict verdict) {
    switch (verdict) {
        case QueryVerdict::holds:
            return "holds";
        case QueryVerdict::violated:
            return "violated";
        case QueryVerdict::unknown:
            return "unknown";
    }
    return "unknown";
}

const char* expected_answer(Expectation expectation) {
    return expectation == Expectation::holds ? "unsat" : "sat";
}

}  // namespace trivcheck::proofs
