#include "checker/reports/report_text.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "checker/explanations/explanation_text.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/reports/asynchronous_report_text.hpp"
#include "checker/reports/named_checks_text.hpp"
#include "checker/reports/torus_report.hpp"

namespace trivcheck {

namespace {

std::string format_number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.6g", value);
    return text;
}

std::string join(const std::vector<int>& values) {
    std::string text;
    for (std::size_t i = 0; i < values.size() && i < 6; ++i)
        text += (i ? "," : "") + std::to_string(values[i]);
    if (values.size() > 6) text += ",...";
    return text;
}

}  // namespace

std::string describe_path(const Path& path, int contributor) {
    if (path.empty()) return "its own contribution, never sent";
    std::string text = std::to_string(contributor);
    for (const Hop& hop : path)
        text += " -(step " + std::to_string(hop.step) + ")-> " + std::to_string(hop.dst);
    return text;
}

std::string describe_violation(const Violation& violation, bool explained) {
    std::ostringstream out;
    out << "  " << violation.kind;
    if (violation.step >= 0) out << " at step " << violation.step;
    out << ": " << violation.detail << "\n";
    for (const Hop& hop : violation.transfers)
        out << "    transfer " << hop.index << " of step " << hop.step << ": " << hop.src << " -> "
            << hop.dst << "\n";
    for (std::size_t i = 0; i < violation.paths.size(); ++i)
        out << "    copy " << i + 1 << ": "
            << describe_path(violation.paths[i], violation.contributor) << "\n";
    out << describe_program_points(violation);
    if (explained)
        for (const std::string& line : describe_explanation(violation, violation.explanation))
            out << "    " << line << "\n";
    return out.str();
}

std::string violation_in_one_line(const Violation& violation) {
    std::string text = describe_violation(violation, false);
    text = text.substr(0, text.find('\n'));
    return terminal_text(text.substr(std::min(text.size(), text.find_first_not_of(' '))));
}

std::string report_identity(const Report& report) {
    return terminal_text(report.name) + ": " + to_string(report.collective) + " on " +
           report.topology + ", " + std::to_string(report.ranks) + " ranks, " +
           std::to_string(report.blocks) + (report.blocks == 1 ? " block" : " blocks");
}

std::string report_to_text(const Report& report, std::optional<double> message_bytes) {
    if (report.asynchronous) return asynchronous_report_to_text(report);
    const double unit = message_bytes.value_or(1.0);
    const std::string unit_name = message_bytes ? " B" : " m";
    auto bytes = [&](std::int64_t blocks) {
        return format_number(report.blocks_to_m(blocks) * unit) + unit_name;
    };
    std::ostringstream out;
    out << report_identity(report) << "\n";
    out << "verdict: " << to_string(report.verdict) << "\n\n";
    TextTable steps({"step", "phase", "distances", "coverage", "msgs", "blocks", "link chunks",
                     "link bytes", "busiest link"});
    for (const StepFigures& figures : report.per_step) {
        std::string coverage = figures.coverage_min ? std::to_string(*figures.coverage_min) + ".." +
                                                          std::to_string(*figures.coverage_max)
                                                    : "-";
        steps.add_row({std::to_string(figures.step), figures.phase, join(figures.distances),
                       std::move(coverage), std::to_string(figures.messages_max),
                       std::to_string(figures.blocks_max),
                       std::to_string(figures.link_chunks_min) + ".." +
                           std::to_string(figures.link_chunks_max),
                       bytes(figures.link_blocks_max), figures.busiest_link});
    }
    out << steps.render();
    out << "\nsteps " << report.steps() << ", theta " << format_number(report.theta) << "\n";
    if (report.torus) out << torus_figures_text(report, bytes);
    out << "bytes per rank:";
    for (const auto& [phase, phase_bytes] : report.phase_bytes) {
        out << " " << phase << " ";
        if (phase_bytes.min_blocks == phase_bytes.max_blocks)
            out << bytes(phase_bytes.max_blocks);
        else
            out << bytes(phase_bytes.min_blocks) << ".." << bytes(phase_bytes.max_blocks);
        out << ";";
    }
    out << " total " << bytes(report.total_blocks_per_rank_max) << " (most)\n";
    out << named_checks_text(report);
    if (!report.violation_counts.empty()) {
        out << "\nviolations:";
        for (const auto& [kind, count] : report.violation_counts)
            out << " " << kind << " " << count << ";";
        out << " first " << report.violations.size() << " shown\n";
        for (std::size_t v = 0; v < report.violations.size(); ++v)
            out << describe_violation(report.violations[v]);
    }
    return terminal_text(out.str());
}

}  // namespace trivcheck
