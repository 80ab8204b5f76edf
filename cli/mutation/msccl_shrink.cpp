#include "cli/mutation/msccl_shrink.hpp"

#include <iostream>
#include <utility>

#include "checker/core/exit_code.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/msccl_xml/msccl_xml_writer.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/plan_json_writer.hpp"
#include "checker/mscclpp/plan_shrink.hpp"
#include "checker/search/failure_signature.hpp"
#include "checker/search/msccl_shrink.hpp"
#include "cli/command_errors.hpp"

namespace trivcheck::cli {

namespace {

/// The shrink both asynchronous inputs share: check, choose the kind, shrink
/// (`shrink(input, kind)` gives the smaller input and the candidates tried),
/// write (`text(input)`), and say how much smaller.
template <class Input, class Check, class Shrink, class Text, class Size>
int shrink_asynchronous(const Input& input, const std::string& file, const std::string& output,
                        std::optional<ViolationKind> kind, Check check, Shrink shrink, Text text,
                        Size size) {
    const Report before = check(input);
    if (before.verdict == Verdict::holds) {
        std::cout << terminal_text(input.name) << " holds: nothing to shrink\n";
        return exit_holds;
    }
    const ViolationKind kept = kind_to_keep(before, kind);
    if (!before.violation_counts.count(kept)) {
        std::cerr << "error: " << terminal_text(file) << " has no " << to_string(kept)
                  << " violation\n";
        return exit_usage;
    }
    const auto [smaller, tests] = shrink(input, kept);
    const bool to_stdout = output.empty() || output == "-";
    if (to_stdout)
        std::cout << text(smaller);
    else
        write_file_text(output, text(smaller));
    (to_stdout ? std::cerr : std::cout)
        << "shrunk " << terminal_text(file) << " keeping " << to_string(kept) << ": " << size(input)
        << " -> " << size(smaller) << " (" << tests << " candidates)\n";
    return exit_violated;
}

}  // namespace

int shrink_msccl_program(const msccl::Program& program, const std::string& file,
                         const std::string& output, std::optional<ViolationKind> kind) {
    return shrink_asynchronous(
        program, file, output, kind,
        [](const msccl::Program& input) { return msccl::check_program(input); },
        [](const msccl::Program& input, ViolationKind kept) {
            msccl::ProgramShrinkResult result = msccl::shrink_program(input, kept);
            return std::pair{std::move(result.program), result.tests};
        },
        write_msccl_xml, msccl::program_size);
}

int shrink_mscclpp_plan(const mscclpp::Plan& plan, const std::string& file,
                        const std::string& output, std::optional<ViolationKind> kind) {
    return shrink_asynchronous(
        plan, file, output, kind,
        [](const mscclpp::Plan& input) { return mscclpp::check_plan(input); },
        [](const mscclpp::Plan& input, ViolationKind kept) {
            mscclpp::PlanShrinkResult result = mscclpp::shrink_plan(input, kept);
            return std::pair{std::move(result.plan), result.tests};
        },
        mscclpp::write_plan_json, mscclpp::plan_size);
}

}  // namespace trivcheck::cli
