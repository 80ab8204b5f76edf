#include "library/check.hpp"

#include <stdexcept>

#include "checker/core/required_checks.hpp"
#include "checker/explanations/check.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/mscclpp/plan_check.hpp"

namespace trivcheck {

namespace {

/// `root` when `program`'s collective has a root and the program that gpu.
int checked_root(const msccl::Program& program, int root) {
    if (!msccl::has_root(program.collective))
        throw std::invalid_argument(
            "--root applies to broadcast, reduce, gather and scatter, not to " +
            program.collective_spelling);
    if (root < 0 || root >= program.gpu_count)
        throw std::invalid_argument("--root " + std::to_string(root) + ": the program has " +
                                    std::to_string(program.gpu_count) + " gpus");
    return root;
}

/// The report of `input` alone, before the required checks count.
Report check_unrequired(const Input& input, const CheckSettings& settings) {
    if (const auto* schedule = std::get_if<Schedule>(&input))
        return check_schedule(*schedule, settings.execute);
    if (const auto* orbit = std::get_if<RotationOrbit>(&input))
        return check_orbit(*orbit, settings.execute);
    if (const auto* plan = std::get_if<mscclpp::Plan>(&input))
        return mscclpp::check_plan(*plan, settings.execute.max_recorded_violations,
                                   settings.allowed);
    const auto& program = std::get<msccl::Program>(input);
    msccl::AsynchronousOptions options;
    if (settings.root) options.root = checked_root(program, *settings.root);
    options.expected = settings.expected;
    options.max_recorded_violations = settings.execute.max_recorded_violations;
    options.runtime = settings.runtime;
    options.memory_limit_bytes = settings.execute.memory_limit_bytes;
    return msccl::check_program(program, options);
}

}  // namespace

CheckResult check(const Input& input, const CheckSettings& settings) {
    CheckResult result{check_unrequired(input, settings), false, reader_warnings(input)};
    result.input_violated = result.report.verdict == Verdict::violated;
    count_required_checks(settings.required, result.report);
    return result;
}

}  // namespace trivcheck
