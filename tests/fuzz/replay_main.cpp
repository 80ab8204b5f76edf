// The default test run's use of a libFuzzer target (docs/ci.md, "Fuzzing"),
// built with any compiler: every file of the corpus is given to the target's
// LLVMFuzzerTestOneInput, then `--mutants N` variants of each, made by a fixed
// pseudo-random sequence of byte edits (the same on every run). A target
// signals a bug by aborting, so a crash fails the test; the sanitizer build
// also catches memory errors.
//
//   TARGET_replay [--mutants N] FILE-OR-DIRECTORY...
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

using Bytes = std::vector<std::uint8_t>;

Bytes read_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// The files named, directories expanded to their regular files, in name order.
std::vector<std::filesystem::path> corpus_files(const std::vector<std::string>& names) {
    std::vector<std::filesystem::path> files;
    for (const std::string& name : names) {
        if (std::filesystem::is_directory(name)) {
            for (const auto& entry : std::filesystem::directory_iterator(name))
                if (entry.is_regular_file()) files.push_back(entry.path());
        } else if (std::filesystem::is_regular_file(name)) {
            files.emplace_back(name);
        } else {
            std::cerr << "fuzz replay: " << name << ": no such file or directory\n";
            std::exit(2);
        }
    }
    std::sort(files.begin(), files.end());
    return files;
}

/// Characters the readers treat specially: digits, separators and markup.
constexpr char kInteresting[] = "0123456789-,:\"{}[]<>/=. \n";

/// One to four byte edits of `seed`: flip, overwrite with an interesting
/// character, insert, delete a range, or duplicate a range.
Bytes mutate(const Bytes& seed, std::mt19937& random) {
    Bytes bytes = seed;
    const int edits = 1 + static_cast<int>(random() % 4);
    for (int edit = 0; edit < edits; ++edit) {
        const std::size_t size = bytes.size();
        const std::size_t at = size == 0 ? 0 : random() % size;
        const std::size_t length =
            size == 0 ? 0 : 1 + random() % std::min<std::size_t>(size - at, 64);
        const auto byte = static_cast<std::uint8_t>(random());
        const auto interesting =
            static_cast<std::uint8_t>(kInteresting[random() % (sizeof kInteresting - 1)]);
        switch (random() % 5) {
            case 0:
                if (size != 0) bytes[at] ^= static_cast<std::uint8_t>(1u << (byte % 8));
                break;
            case 1:
                if (size != 0) bytes[at] = interesting;
                break;
            case 2:
                bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), interesting);
                break;
            case 3:
                bytes.erase(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                            bytes.begin() + static_cast<std::ptrdiff_t>(at + length));
                break;
            default: {
                const Bytes range(bytes.begin() + static_cast<std::ptrdiff_t>(at),
                                  bytes.begin() + static_cast<std::ptrdiff_t>(at + length));
                bytes.insert(bytes.begin() + static_cast<std::ptrdiff_t>(at), range.begin(),
                             range.end());
            }
        }
    }
    return bytes;
}

}  // namespace

int main(int argc, char** argv) {
    int mutants = 0;
    std::vector<std::string> names;
    for (int i = 1; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--mutants" && i + 1 < argc) {
            mutants = std::atoi(argv[++i]);
        } else {
            names.push_back(argument);
        }
    }
    if (names.empty()) {
        std::cerr << "usage: " << argv[0] << " [--mutants N] FILE-OR-DIRECTORY...\n";
        return 2;
    }
    const std::vector<std::filesystem::path> files = corpus_files(names);
    std::mt19937 random(20261204);
    long inputs = 0;
    for (const std::filesystem::path& file : files) {
        const Bytes seed = read_file(file);
        LLVMFuzzerTestOneInput(seed.data(), seed.size());
        ++inputs;
        for (int mutant = 0; mutant < mutants; ++mutant) {
            const Bytes bytes = mutate(seed, random);
            LLVMFuzzerTestOneInput(bytes.data(), bytes.size());
            ++inputs;
        }
    }
    std::cout << std::filesystem::path(argv[0]).filename().string() << ": " << files.size()
              << " corpus files and " << inputs - static_cast<long>(files.size())
              << " mutants run, none crashed\n";
    return 0;
}
