#include "proofs/smt2_file.hpp"

#include <z3++.h>

#include <cstdio>
#include <sstream>

#include "checker/formats/file_text.hpp"

namespace trivcheck::proofs {

std::string smt2_file_name(const Query& query) {
    std::string name = query.obligation + "." + query.label;
    if (query.s >= 0) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, ".s%02d", query.s);
        name += suffix;
    }
    return name + ".smt2";
}

const char* smt2_answer(QueryVerdict verdict) {
    switch (verdict) {
        case QueryVerdict::holds:
            return "unsat";
        case QueryVerdict::violated:
            return "sat";
        case QueryVerdict::unknown:
            return "unknown";
    }
    return "unknown";
}

void write_smt2_file(const std::filesystem::path& path, const Query& query,
                     const std::string& benchmark, QueryVerdict z3_verdict,
                     const SolverSettings& settings) {
    std::ostringstream file;
    unsigned major = 0, minor = 0, build = 0, revision = 0;
    Z3_get_version(&major, &minor, &build, &revision);
    file << "; trivcheck prove: " << query.obligation << " (" << query.label << ")\n"
         << "; claim: " << query.claim << "\n"
         << "; range: " << query.range << "\n";
    if (query.expected == Expectation::holds)
        file << "; The last assertion is the negation of the claim: unsat proves the claim\n"
                "; for every n in the range.\n";
    else
        file << "; This query searches for a violation: sat is the expected finding, and a\n"
                "; model is a counterexample.\n";
    file << "; expected: " << expected_answer(query.expected) << "\n"
         << "; z3: " << smt2_answer(z3_verdict) << " (Z3 " << major << "." << minor << "." << build
         << ", timeout " << settings.timeout_ms << " ms, seed " << settings.seed << ")\n"
         << benchmark;
    write_file_text(path.string(), file.str());
}

}  // namespace trivcheck::proofs
