// Uses trivcheck as a library, through its public header only: generates
// Trivance B on a ring of 27 and checks it, checks every file named on the
// command line (schedule JSON, MSCCL-IR, MSCCL++ plan), and sweeps Trivance L
// over rings of 2 to 12, where the published schedule fails off powers of 3.
// Exit 0 when every file named holds, 1 when one does not.
#include <iostream>
#include <trivcheck/trivcheck.hpp>

namespace {

trivcheck::GeneratorRequest trivance(trivcheck::Form form, int n) {
    trivcheck::GeneratorRequest request;
    request.algo = "trivance";
    request.form = form;
    request.topology = trivcheck::Topology::ring(n);
    return request;
}

}  // namespace

int main(int argc, char** argv) {
    const trivcheck::CheckResult generated =
        trivcheck::check(trivcheck::generate(trivance(trivcheck::Form::B, 27)));
    std::cout << "Trivance B on ring:27: " << trivcheck::to_string(generated.report.verdict) << ", "
              << generated.report.steps() << " steps\n";

    bool every_file_holds = true;
    for (int argument = 1; argument < argc; ++argument) {
        try {
            const trivcheck::CheckResult result =
                trivcheck::check(trivcheck::load_input(argv[argument]));
            std::cout << argv[argument] << ": " << trivcheck::to_string(result.report.verdict)
                      << "\n";
            every_file_holds =
                every_file_holds && result.report.verdict == trivcheck::Verdict::holds;
        } catch (const trivcheck::InputError& error) {
            std::cout << argv[argument] << ": refused: " << error.what() << "\n";
            every_file_holds = false;
        }
    }

    std::vector<trivcheck::GeneratorRequest> requests;
    for (int n = 2; n <= 12; ++n) requests.push_back(trivance(trivcheck::Form::L, n));
    std::cout << "Trivance L, n = 2..12:";
    for (const trivcheck::SizeOutcome& outcome : trivcheck::sweep(requests, {}, 2))
        std::cout << " " << outcome.n << " " << trivcheck::to_string(outcome.status) << ";";
    std::cout << "\n";
    return every_file_holds ? 0 : 1;
}
