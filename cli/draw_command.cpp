#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/file_text.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/plan_timeline_svg.hpp"
#include "checker/pictures/coverage_svg.hpp"
#include "checker/pictures/msccl_timeline_svg.hpp"
#include "checker/pictures/ring_step_svg.hpp"
#include "checker/pictures/step_dot.hpp"
#include "checker/pictures/torus_svg.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/number_checks.hpp"
#include "cli/schedule_source.hpp"

namespace trivcheck::cli {

namespace {

struct DrawOptions {
    ScheduleSource source;
    int step = 0;
    int block = 0;
    int violation = -1;
    /// --rank: whose coverage a 2D torus's coverage picture shows.
    int rank = 0;
    bool coverage = false;
    bool dot = false;
    std::string output;
};

/// The violation to highlight: the one asked for, else the first of the drawn step.
const Violation* chosen_violation(const Report& report, const DrawOptions& options) {
    if (options.violation >= 0) {
        if (options.violation >= static_cast<int>(report.violations.size()))
            throw CLI::ValidationError(
                "--violation",
                "the report has " + std::to_string(report.violations.size()) + " violations");
        return &report.violations[static_cast<std::size_t>(options.violation)];
    }
    for (const Violation& violation : report.violations)
        if (violation.step == options.step) return &violation;
    return nullptr;
}

int run_draw(const DrawOptions& options) {
    return run_reporting_errors([&]() -> int {
        if (options.coverage && options.dot)
            throw CLI::ValidationError("give --coverage or --dot, not both");
        ScheduleSource source = options.source;  // keeps the file's text once read
        if (const std::optional<mscclpp::Plan> plan = load_mscclpp_plan(source)) {
            const Report plan_report = mscclpp::check_plan(*plan);
            const Violation* plan_highlight =
                options.violation >= 0           ? chosen_violation(plan_report, options)
                : plan_report.violations.empty() ? nullptr
                                                 : &plan_report.violations.front();
            const std::string picture = mscclpp::plan_timeline_svg(*plan, plan_highlight);
            if (options.output.empty() || options.output == "-")
                std::cout << picture;
            else
                write_file_text(options.output, picture);
            return exit_holds;
        }
        const std::optional<msccl::Program> read = load_msccl_program(source);
        const bool msccl = read.has_value();
        Schedule schedule;
        msccl::Program program;
        Report report;
        if (msccl) {
            program = *read;
            report = msccl::check_program(program);
        } else {
            schedule = load_schedule(source);
            report = check_schedule(schedule);
        }
        const Violation* highlight =
            msccl && options.violation < 0
                ? (report.violations.empty() ? nullptr : &report.violations.front())
                : chosen_violation(report, options);
        // A torus's step: torus_step_svg, which refuses any but a 2D torus; its
        // coverage: on the grid for a 2D torus, else the rank x contributor grid.
        const bool torus = !msccl && schedule.topology.kind == TopologyKind::torus;
        const bool grid = torus && schedule.topology.dims.size() == 2;
        const std::string picture =
            msccl ? msccl_timeline_svg(program, highlight)
            : options.coverage && grid
                ? torus_coverage_svg(schedule, options.step, options.block, options.rank)
            : options.coverage ? coverage_svg(schedule, options.step, options.block,
                                              highlight ? std::vector<Violation>{*highlight}
                                                        : std::vector<Violation>{})
            : options.dot ? step_dot(schedule, options.step, highlight)
            : torus            ? torus_step_svg(schedule, options.step, highlight)
                               : ring_step_svg(schedule, options.step, highlight);
        if (options.output.empty() || options.output == "-") {
            std::cout << picture;
        } else {
            write_file_text(options.output, picture);
        }
        return exit_holds;
    });
}

}  // namespace

void register_draw_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<DrawOptions>();
    CLI::App* command = app.add_subcommand(
        "draw",
        "Draw one step of a ring schedule as SVG (messages, link loads, the violation's paths),\n"
        "a coverage grid after a step, or the step as Graphviz DOT (docs/counterexamples.md).\n"
        "On a 2D torus: the ranks on a grid, the step's messages and link loads, the busiest\n"
        "link outlined; with --coverage, whose contributions --rank holds, on the grid.\n"
        "  trivcheck draw --algo trivance --form L --topo ring:10 --step 2 -o step.svg\n"
        "  trivcheck draw --algo trivance --form L --topo ring:10 --step 2 --coverage -o grid.svg\n"
        "  trivcheck draw --algo trivance --form B --topo torus:9x9 --step 2 -o torus.svg\n"
        "  trivcheck draw schedule.json --step 0 --dot | circo -Tsvg > step.svg\n"
        "An MSCCL++ execution plan is drawn as a timeline too: signal -> wait and release ->\n"
        "acquire arrows, relaxed signals dashed, the first violation's operations in red.\n"
        "An MSCCL-IR file (.xml) is drawn as a timeline: a lane per gpu and thread block, message\n"
        "arrows, waits dashed, the first violation's steps (race, deadlock cycle) in red:\n"
        "  trivcheck draw race.xml -o race.svg\n"
        "Exit 0 drawn (whatever the verdict), 2 usage, 3 bad input file.");
    command->add_option("file", options->source.file,
                        "A trivcheck.schedule/1 JSON file, or an MSCCL-IR .xml file");
    add_generator_options(*command, options->source);
    command->add_option("--step", options->step, "The step to draw (default 0)")
        ->check(at_least(0));
    command->add_flag("--coverage", options->coverage,
                      "Draw the rank x contribution grid after the step instead");
    command->add_option("--block", options->block, "With --coverage: the block (default 0)")
        ->check(at_least(0));
    command
        ->add_option("--rank", options->rank,
                     "With --coverage on a 2D torus: the rank whose holdings are drawn "
                     "(default 0)")
        ->check(at_least(0));
    command->add_flag("--dot", options->dot,
                      "Write the step as Graphviz DOT (Boost.Graph write_graphviz) instead");
    command
        ->add_option("--violation", options->violation,
                     "Highlight this violation of the report (0-based; default: the first "
                     "of the drawn step)")
        ->check(at_least(0));
    command->add_option("-o,--output", options->output, "Output file (default: standard output)");
    command->callback([options, &result] { result.exit_code = run_draw(*options); });
}

}  // namespace trivcheck::cli
