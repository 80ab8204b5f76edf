#pragma once
#include <string>
#include <vector>

namespace trivcheck::msccl {

/// Input chunk `chunk` of gpu `gpu`: what every value is made of.
struct ContributionName {
    int gpu = 0;
    int chunk = 0;
};

/// Output chunk `chunk` of gpu `gpu` must hold exactly `contributions`, each once.
struct ExpectedChunk {
    int gpu = 0;
    int chunk = 0;
    std::vector<ContributionName> contributions;
};

/// A postcondition the user gives (`check --expect FILE`, docs/msccl.md): the
/// output chunks it names, each with what it must hold; every other output
/// chunk may hold anything. It replaces the collective's own.
struct ExpectedOutputs {
    /// The file it came from, as the report names the postcondition.
    std::string source;
    std::vector<ExpectedChunk> chunks;
};

}  // namespace trivcheck::msccl
