#include "checker/reports/asynchronous_report_text.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "checker/formats/terminal_text.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/reports/named_checks_text.hpp"
#include "checker/reports/report_text.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck {

namespace {

std::string in_units_of_m(std::int64_t chunks, int buffer_chunks) {
    char text[32];
    std::snprintf(text, sizeof text, "%.4g m",
                  buffer_chunks > 0 ? static_cast<double>(chunks) / buffer_chunks : 0.0);
    return text;
}

std::string range_text(std::int64_t least, std::int64_t most) {
    return least == most ? std::to_string(most)
                         : std::to_string(least) + ".." + std::to_string(most);
}

}  // namespace

std::string describe_point(const ProgramPoint& point) {
    std::string text = "gpu " + std::to_string(point.gpu);
    if (point.thread_block >= 0) text += " tb " + std::to_string(point.thread_block);
    if (point.step >= 0) text += " step " + std::to_string(point.step);
    if (!point.note.empty()) text += " (" + point.note + ")";
    if (point.chunk >= 0) text += " " + point.buffer + "[" + std::to_string(point.chunk) + "]";
    return text;
}

std::string describe_program_points(const Violation& violation) {
    std::ostringstream out;
    if (violation.kind != ViolationKind::double_count)
        for (const ProgramPoint& point : violation.points)
            out << "    " << describe_point(point) << "\n";
    for (std::size_t copy = 0; copy < violation.chains.size(); ++copy) {
        out << "    copy " << copy + 1 << ":";
        for (std::size_t index = 0; index < violation.chains[copy].size(); ++index)
            out << (index ? " -> " : " ") << describe_point(violation.chains[copy][index]);
        out << "\n";
    }
    if (!violation.limit.empty())
        out << "    limit " << violation.limit << ": " << violation.limit_value << ", measured "
            << violation.measured << "\n";
    return out.str();
}

namespace {

/// The violation counts and the violations shown in full.
std::string violations_text(const Report& report) {
    if (report.violation_counts.empty()) return "";
    std::ostringstream out;
    out << "\nviolations:";
    for (const auto& [kind, count] : report.violation_counts)
        out << " " << kind << " " << count << ";";
    out << " first " << report.violations.size() << " shown\n";
    for (const Violation& violation : report.violations) out << describe_violation(violation);
    return out.str();
}

/// The violations `check --allow` accepted: counts, and those recorded in full.
std::string allowed_text(const Report& report) {
    if (report.allowed_counts.empty()) return "";
    std::ostringstream out;
    out << "\nallowed (check --allow, not counted):";
    for (const auto& [kind, count] : report.allowed_counts)
        out << " " << kind << " " << count << ";";
    out << " first " << report.allowed.size() << " shown\n";
    for (const Violation& violation : report.allowed) out << describe_violation(violation);
    return out.str();
}

/// The figures and violations of an MSCCL++ plan's report (no FIFO connections).
std::string mscclpp_figures_text(const Report& report) {
    const AsynchronousFigures& figures = *report.asynchronous;
    const MscclppFigures& plan = *report.mscclpp;
    std::ostringstream out;
    out << "thread blocks " << figures.thread_blocks << " (at most "
        << figures.most_thread_blocks_per_gpu << " per gpu), channels " << figures.channels
        << ", operations run " << figures.steps_total << "\n";
    out << "critical path " << figures.critical_path << " operations; signals " << plan.signals
        << " (+" << plan.relaxed_signals << " relaxed), waits " << plan.waits << ", barriers "
        << plan.barriers << ", semaphore acquires " << plan.semaphore_acquires << ", packet reads "
        << plan.packet_reads << "\n";
    if (plan.reduction_depth > 0) out << "reduction depth " << plan.reduction_depth << "; ";
    out << "remote chunks written " << plan.remote_chunks_written << "; cells per chunk "
        << plan.pieces_per_chunk;
    if (plan.pipeline_iterations > 0)
        out << ", pipelines run " << plan.pipeline_iterations << " iterations";
    out << "\n";
    out << "checks:";
    for (const auto& [name, outcome] : report.checks)
        out << " " << name << " " << to_string(outcome.verdict) << ";";
    out << "\n";
    return out.str() + violations_text(report) + allowed_text(report);
}

}  // namespace

std::string asynchronous_report_to_text(const Report& report) {
    const AsynchronousFigures& figures = *report.asynchronous;
    std::ostringstream out;
    out << report.name << ": " << figures.collective << " (" << figures.format << ", "
        << figures.protocol << "), " << report.ranks << " gpus, m = " << figures.buffer_chunks
        << " chunks\n";
    out << "verdict: " << to_string(report.verdict) << "\n\n";
    if (report.mscclpp) return terminal_text(out.str() + mscclpp_figures_text(report));
    TextTable traffic({"gpu", "sent chunks", "sent", "received chunks", "received"});
    for (const GpuTraffic& gpu : figures.gpus)
        traffic.add_row({std::to_string(gpu.gpu), std::to_string(gpu.sent_chunks),
                         in_units_of_m(gpu.sent_chunks, figures.buffer_chunks),
                         std::to_string(gpu.received_chunks),
                         in_units_of_m(gpu.received_chunks, figures.buffer_chunks)});
    out << traffic.render();
    struct PairTotals {
        int channels = 0;
        int least_messages = 0, most_messages = 0;
        std::int64_t least_chunks = 0, most_chunks = 0;
    };
    std::map<std::pair<int, int>, PairTotals> pairs;
    for (const ConnectionFigures& connection : figures.connections) {
        PairTotals& pair = pairs[{connection.sender, connection.receiver}];
        const bool first = pair.channels++ == 0;
        pair.least_messages =
            first ? connection.messages : std::min(pair.least_messages, connection.messages);
        pair.most_messages = std::max(pair.most_messages, connection.messages);
        pair.least_chunks =
            first ? connection.chunks : std::min(pair.least_chunks, connection.chunks);
        pair.most_chunks = std::max(pair.most_chunks, connection.chunks);
    }
    out << "\nconnections " << figures.connections.size()
        << " (per connection in --json); by gpu pair:\n";
    TextTable connections(
        {"from", "to", "channels", "messages per connection", "chunks per connection"});
    for (const auto& [pair, totals] : pairs)
        connections.add_row({std::to_string(pair.first), std::to_string(pair.second),
                             std::to_string(totals.channels),
                             range_text(totals.least_messages, totals.most_messages),
                             range_text(totals.least_chunks, totals.most_chunks)});
    out << connections.render();
    out << "\ncritical path " << figures.critical_path << " sending steps";
    out << "; fifo_depth_needed "
        << (figures.fifo_depth_needed > 0 ? std::to_string(figures.fifo_depth_needed)
                                          : std::string("- (does not complete)"));
    out << "\nthread blocks " << figures.thread_blocks << " (at most "
        << figures.most_thread_blocks_per_gpu << " per gpu), channels " << figures.channels
        << ", steps " << figures.steps_total << "\n";
    if (figures.runtime == "none")
        out << "runtime: none (the model alone; --runtime rccl or msccl judges the file as that "
               "runtime runs it)\n";
    else if (!figures.runtime.empty())
        out << "runtime: " << figures.runtime << " (judged as "
            << msccl::rules_of(figures.runtime == "rccl" ? msccl::Runtime::rccl
                                                         : msccl::Runtime::msccl)
                   .source
            << " runs it, its limits included)\n";
    for (const std::string& rule : figures.runtime_rules) out << "runtime rule: " << rule << "\n";
    if (!figures.bounded_fifos.empty())
        out << "bounded FIFOs (" << figures.protocol << "): " << figures.bounded_fifos << "\n";
    out << "postcondition: " << figures.postcondition;
    if (!figures.postcondition_missing_reason.empty())
        out << " (" << figures.postcondition_missing_reason << ")";
    out << "\n";
    out << named_checks_text(report);
    return terminal_text(out.str() + violations_text(report));
}

}  // namespace trivcheck
