#include "cli/msccl_shrink.hpp"

#include <iostream>

#include "checker/asynchronous/asynchronous_check.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/formats/msccl_xml_reader.hpp"
#include "checker/formats/msccl_xml_writer.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/search/msccl_shrink.hpp"
#include "cli/command_errors.hpp"

namespace trivcheck::cli {

int run_msccl_shrink(const std::string& file, const std::string& output,
                     std::optional<ViolationKind> kind) {
    return run_reporting_errors([&]() -> int {
        const msccl::Program program = read_msccl_file(file);
        const Report before = msccl::check_program(program);
        if (before.verdict == Verdict::holds) {
            std::cout << terminal_text(program.name) << " holds: nothing to shrink\n";
            return exit_holds;
        }
        const ViolationKind kept = kind ? *kind
                                   : !before.violations.empty()
                                       ? before.violations.front().kind
                                       : before.violation_counts.begin()->first;
        if (!before.violation_counts.count(kept)) {
            std::cerr << "error: " << terminal_text(file) << " has no " << to_string(kept)
                      << " violation\n";
            return exit_usage;
        }
        const msccl::ProgramShrinkResult result = msccl::shrink_program(program, kept);
        const bool to_stdout = output.empty() || output == "-";
        if (to_stdout)
            std::cout << write_msccl_xml(result.program);
        else
            write_msccl_file(result.program, output);
        (to_stdout ? std::cerr : std::cout)
            << "shrunk " << terminal_text(file) << " keeping " << to_string(kept) << ": "
            << msccl::program_size(program) << " -> " << msccl::program_size(result.program) << " ("
            << result.tests << " candidates)\n";
        return exit_violated;
    });
}

}  // namespace trivcheck::cli
