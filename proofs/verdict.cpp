#include "proofs/verdict.hpp"

namespace trivcheck::proofs {

const char* to_string(Verdict verdict) {
    switch (verdict) {
        case Verdict::holds:
            return "holds";
        case Verdict::violated:
            return "violated";
        case Verdict::unknown:
            return "unknown";
    }
    return "unknown";
}

const char* expected_answer(Expectation expectation) {
    return expectation == Expectation::holds ? "unsat" : "sat";
}

}  // namespace trivcheck::proofs
