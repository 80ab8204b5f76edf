#include "checker/reports/report_json.hpp"

#include "checker/explanations/explanation_json.hpp"
#include "checker/reports/torus_report.hpp"

namespace trivcheck {

namespace {

nlohmann::ordered_json hop_json(const Hop& hop) {
    return {{"step", hop.step}, {"transfer", hop.index}, {"src", hop.src}, {"dst", hop.dst}};
}

nlohmann::ordered_json optional_json(int value) {
    return value < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(value);
}

nlohmann::ordered_json point_json(const ProgramPoint& point) {
    nlohmann::ordered_json json = {{"gpu", point.gpu},
                                   {"tb", optional_json(point.thread_block)},
                                   {"step", optional_json(point.step)}};
    if (point.chunk >= 0) {
        json["buffer"] = point.buffer;
        json["chunk"] = point.chunk;
    }
    json["what"] = point.note;
    return json;
}

nlohmann::ordered_json asynchronous_json(const AsynchronousFigures& figures) {
    nlohmann::ordered_json json;
    json["protocol"] = figures.protocol;
    json["buffer_chunks"] = figures.buffer_chunks;
    json["critical_path"] = figures.critical_path;
    json["fifo_depth_needed"] = figures.fifo_depth_needed > 0
                                    ? nlohmann::ordered_json(figures.fifo_depth_needed)
                                    : nlohmann::ordered_json(nullptr);
    json["thread_blocks"] = figures.thread_blocks;
    json["most_thread_blocks_per_gpu"] = figures.most_thread_blocks_per_gpu;
    json["channels"] = figures.channels;
    json["steps_total"] = figures.steps_total;
    json["runtime"] = figures.runtime.empty() ? nlohmann::ordered_json(nullptr)
                                              : nlohmann::ordered_json(figures.runtime);
    if (!figures.runtime_rules.empty()) json["runtime_rules"] = figures.runtime_rules;
    if (!figures.bounded_fifos.empty()) json["bounded_fifos"] = figures.bounded_fifos;
    if (!figures.postcondition.empty()) json["postcondition"] = figures.postcondition;
    if (!figures.postcondition_missing_reason.empty())
        json["postcondition_missing_reason"] = figures.postcondition_missing_reason;
    const double unit = figures.buffer_chunks > 0 ? figures.buffer_chunks : 1;
    json["per_gpu"] = nlohmann::ordered_json::array();
    for (const GpuTraffic& gpu : figures.gpus)
        json["per_gpu"].push_back(
            {{"gpu", gpu.gpu},
             {"sent_chunks", gpu.sent_chunks},
             {"sent_m", static_cast<double>(gpu.sent_chunks) / unit},
             {"received_chunks", gpu.received_chunks},
             {"received_m", static_cast<double>(gpu.received_chunks) / unit}});
    json["connections"] = nlohmann::ordered_json::array();
    for (const ConnectionFigures& connection : figures.connections)
        json["connections"].push_back({{"from", connection.sender},
                                       {"to", connection.receiver},
                                       {"channel", connection.channel},
                                       {"messages", connection.messages},
                                       {"chunks", connection.chunks},
                                       {"most_queued", connection.most_queued}});
    return json;
}

nlohmann::ordered_json mscclpp_json(const MscclppFigures& figures) {
    return {{"signals", figures.signals},
            {"relaxed_signals", figures.relaxed_signals},
            {"waits", figures.waits},
            {"barriers", figures.barriers},
            {"semaphore_acquires", figures.semaphore_acquires},
            {"packet_reads", figures.packet_reads},
            {"remote_chunks_written", figures.remote_chunks_written},
            {"reduction_depth", figures.reduction_depth},
            {"pieces_per_chunk", figures.pieces_per_chunk},
            {"pipeline_iterations", figures.pipeline_iterations}};
}

}  // namespace

nlohmann::ordered_json report_to_json(const Report& report, std::optional<double> message_bytes) {
    const double unit = message_bytes.value_or(1.0);
    auto bytes = [&](std::int64_t blocks) { return report.blocks_to_m(blocks) * unit; };
    nlohmann::ordered_json json;
    json["schema"] = "trivcheck.report/1";
    json["schedule"] = {{"name", report.name},
                        {"algo", report.algo},
                        {"form", report.form},
                        {"collective", report.asynchronous ? report.asynchronous->collective
                                                           : to_string(report.collective)},
                        {"topology", report.topology},
                        {"ranks", report.ranks},
                        {"blocks", report.blocks}};
    json["verdict"] = to_string(report.verdict);
    if (report.verdict == Verdict::not_applicable) json["reason"] = report.not_applicable_reason;
    json["bytes_unit"] = message_bytes ? "bytes" : "m";
    json["steps"] = report.asynchronous ? report.asynchronous->critical_path : report.steps();
    if (report.asynchronous) json["asynchronous"] = asynchronous_json(*report.asynchronous);
    if (report.mscclpp) json["mscclpp"] = mscclpp_json(*report.mscclpp);
    json["per_step"] = nlohmann::ordered_json::array();
    for (const StepFigures& figures : report.per_step) {
        nlohmann::ordered_json step;
        step["step"] = figures.step;
        step["phase"] = figures.phase;
        step["distances"] = figures.distances;
        step["coverage_min"] =
            figures.coverage_min ? nlohmann::ordered_json(*figures.coverage_min) : nullptr;
        step["coverage_max"] =
            figures.coverage_max ? nlohmann::ordered_json(*figures.coverage_max) : nullptr;
        step["messages_max"] = figures.messages_max;
        step["blocks_max"] = figures.blocks_max;
        step["link_chunks_max"] = figures.link_chunks_max;
        step["link_chunks_min"] = figures.link_chunks_min;
        step["link_bytes_max"] = bytes(figures.link_blocks_max);
        step["busiest_link"] = figures.busiest_link;
        json["per_step"].push_back(std::move(step));
    }
    nlohmann::ordered_json per_phase = nlohmann::ordered_json::object();
    for (const auto& [phase, phase_bytes] : report.phase_bytes)
        per_phase[phase] = {{"min", bytes(phase_bytes.min_blocks)},
                            {"max", bytes(phase_bytes.max_blocks)}};
    json["totals"] = {{"bytes_per_rank_per_phase", per_phase},
                      {"bytes_per_rank_total", bytes(report.total_blocks_per_rank_max)}};
    json["theta"] = report.theta;
    if (report.torus) json["torus"] = torus_figures_json(report, bytes);
    json["checks"] = nlohmann::ordered_json::object();
    for (const auto& [name, check] : report.checks) json["checks"][name] = to_string(check.verdict);
    json["check_reasons"] = nlohmann::ordered_json::object();
    for (const auto& [name, check] : report.checks) json["check_reasons"][name] = check.reason;
    if (report.reduction_depth) json["reduction_depth"] = *report.reduction_depth;
    json["violation_counts"] = nlohmann::ordered_json::object();
    for (const auto& [kind, count] : report.violation_counts)
        json["violation_counts"][std::string(to_string(kind))] = count;
    json["violations"] = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < report.violations.size(); ++i) {
        const Violation& violation = report.violations[i];
        nlohmann::ordered_json entry;
        entry["kind"] = to_string(violation.kind);
        entry["step"] = optional_json(violation.step);
        entry["rank"] = optional_json(violation.rank);
        entry["block"] = optional_json(violation.block);
        if (!violation.buffer.empty()) entry["buffer"] = violation.buffer;
        entry["contributor"] = optional_json(violation.contributor);
        if (violation.copies > 0) entry["copies"] = violation.copies;
        entry["transfers"] = nlohmann::ordered_json::array();
        for (const Hop& hop : violation.transfers) entry["transfers"].push_back(hop_json(hop));
        entry["paths"] = nlohmann::ordered_json::array();
        for (const Path& path : violation.paths) {
            nlohmann::ordered_json hops = nlohmann::ordered_json::array();
            for (const Hop& hop : path) hops.push_back(hop_json(hop));
            entry["paths"].push_back(std::move(hops));
        }
        if (violation.thread_block >= 0) entry["tb"] = violation.thread_block;
        if (violation.contributor_chunk >= 0)
            entry["contributor_chunk"] = violation.contributor_chunk;
        if (!violation.points.empty()) {
            entry["points"] = nlohmann::ordered_json::array();
            for (const ProgramPoint& point : violation.points)
                entry["points"].push_back(point_json(point));
        }
        if (!violation.chains.empty()) {
            entry["chains"] = nlohmann::ordered_json::array();
            for (const std::vector<ProgramPoint>& chain : violation.chains) {
                nlohmann::ordered_json points = nlohmann::ordered_json::array();
                for (const ProgramPoint& point : chain) points.push_back(point_json(point));
                entry["chains"].push_back(std::move(points));
            }
        }
        if (!violation.limit.empty())
            entry["limit"] = {{"name", violation.limit},
                              {"value", violation.limit_value},
                              {"measured", violation.measured}};
        entry["detail"] = violation.detail;
        if (!violation.explanation.empty())
            entry["explanation"] = explanation_to_json(violation.explanation);
        json["violations"].push_back(std::move(entry));
    }
    if (!report.allowed_counts.empty()) {
        // check --allow: what was accepted, not counted.
        json["allowed_counts"] = nlohmann::ordered_json::object();
        for (const auto& [kind, count] : report.allowed_counts)
            json["allowed_counts"][std::string(to_string(kind))] = count;
        json["allowed"] = nlohmann::ordered_json::array();
        for (const Violation& violation : report.allowed) {
            nlohmann::ordered_json points = nlohmann::ordered_json::array();
            for (const ProgramPoint& point : violation.points) points.push_back(point_json(point));
            json["allowed"].push_back({{"kind", to_string(violation.kind)},
                                       {"points", std::move(points)},
                                       {"detail", violation.detail}});
        }
    }
    return json;
}

nlohmann::ordered_json unknown_report_json(const std::string& name, const std::string& cause,
                                           const std::string& reason) {
    nlohmann::ordered_json json;
    json["schema"] = "trivcheck.report/1";
    json["schedule"] = {{"name", name}};
    json["verdict"] = "unknown";
    json["cause"] = cause;
    json["reason"] = reason;
    return json;
}

}  // namespace trivcheck
