#include "checker/reports/report_sarif.hpp"

#include <map>
#include <optional>
#include <pugixml.hpp>
#include <string_view>

#include "checker/formats/json_path_line.hpp"
#include "checker/reports/report_text.hpp"

namespace trivcheck {

namespace {

using ordered_json = nlohmann::ordered_json;

struct RuleText {
    std::string_view summary;
    std::string_view help;
};

/// The rules of outcomes that are not violations; a violation kind's rule is
/// its entry in the registry (checker/core/violation_kind.hpp).
std::optional<RuleText> outcome_rule(const std::string& name) {
    if (name == "input_error")
        return RuleText{"The file cannot be read as a schedule",
                        "Malformed JSON or XML, an unknown field, a rank, block or buffer out of "
                        "range, a self-send: the message names the JSON path. Nothing was checked "
                        "(exit 3)."};
    if (name == "unknown")
        return RuleText{
            "The check could not decide",
            "A resource limit or a solver timeout: nothing was decided, which a gate "
            "must treat as a failure (exit 4). Raise --memory-limit, or check a smaller "
            "schedule."};
    return std::nullopt;
}

std::optional<RuleText> rule_text(const std::string& name) {
    if (const std::optional<ViolationKind> kind = violation_kind_named(name))
        return RuleText{entry(*kind).summary, entry(*kind).help};
    return outcome_rule(name);
}

ordered_json rule_json(const std::string& name) {
    if (const std::optional<RuleText> rule = rule_text(name))
        return {{"id", name},
                {"shortDescription", {{"text", rule->summary}}},
                {"fullDescription", {{"text", rule->help}}},
                {"help", {{"text", rule->help}}},
                {"defaultConfiguration", {{"level", "error"}}}};
    return {{"id", name},
            {"shortDescription", {{"text", name}}},
            {"help", {{"text", "See docs/model.md, violations."}}},
            {"defaultConfiguration", {{"level", "error"}}}};
}

std::string hop_path(const Hop& hop) {
    return "steps[" + std::to_string(hop.step) + "].transfers[" + std::to_string(hop.index) + "]";
}

/// An MSCCL++ plan's operation as a JSON path (thread block ids are positions
/// in the plans the DSL writes); the gpu itself for the caller between launches.
std::string plan_point_path(const ProgramPoint& point) {
    std::string path = "gpus[" + std::to_string(point.gpu) + "]";
    if (point.thread_block < 0) return path;
    return path + ".threadblocks[" + std::to_string(point.thread_block) + "].ops[" +
           std::to_string(point.step) + "]";
}

std::string point_path(const ProgramPoint& point) {
    return "/algo/gpu[@id='" + std::to_string(point.gpu) + "']/tb[@id='" +
           std::to_string(point.thread_block) + "']/step[@s='" + std::to_string(point.step) + "']";
}

/// Line lookups in one subject's text, by JSON path or XPath.
class Lines {
  public:
    explicit Lines(const SarifSubject& subject) : subject_(subject) {
        if (subject.msccl && !subject.text.empty())
            xml_loaded_ =
                static_cast<bool>(xml_.load_buffer(subject.text.data(), subject.text.size()));
    }
    std::optional<int> of(const std::string& path) const {
        if (subject_.text.empty()) return std::nullopt;
        if (!subject_.msccl) return json_path_line(subject_.text, path);
        if (!xml_loaded_) return std::nullopt;
        try {
            const pugi::xpath_node node = xml_.select_node(path.c_str());
            if (!node) return std::nullopt;
            const std::ptrdiff_t offset = node.node().offset_debug();
            if (offset < 0) return std::nullopt;
            int line = 1;
            for (std::ptrdiff_t i = 0; i < offset; ++i)
                if (subject_.text[static_cast<std::size_t>(i)] == '\n') ++line;
            return line;
        } catch (const pugi::xpath_exception&) {
            return std::nullopt;
        }
    }

  private:
    const SarifSubject& subject_;
    pugi::xml_document xml_;
    bool xml_loaded_ = false;
};

ordered_json location(const SarifSubject& subject, const Lines& lines, const std::string& path) {
    ordered_json place = ordered_json::object();
    if (!subject.uri.empty()) {
        place["physicalLocation"]["artifactLocation"]["uri"] = subject.uri;
        if (const std::optional<int> line = lines.of(path))
            place["physicalLocation"]["region"]["startLine"] = *line;
    }
    const std::string name =
        subject.uri.empty() ? subject.logical_name + (path.empty() ? "" : ": " + path) : path;
    place["logicalLocations"] = {
        {{"fullyQualifiedName", name.empty() ? "(document)" : name}, {"kind", "element"}}};
    return place;
}

}  // namespace

std::string violation_json_path(const Violation& violation) {
    if (!violation.transfers.empty()) return hop_path(violation.transfers.front());
    if (violation.step >= 0) return "steps[" + std::to_string(violation.step) + "]";
    if (violation.kind == ViolationKind::bound_exceeded) {
        const std::string bound = violation.detail.substr(0, violation.detail.find_first_of(" :"));
        return bound.empty() ? "bounds" : "bounds." + bound;
    }
    return "steps";
}

ordered_json sarif_log(const std::vector<SarifSubject>& subjects) {
    std::map<std::string, int> rule_index;
    ordered_json rules = ordered_json::array();
    ordered_json results = ordered_json::array();
    auto rule_of = [&](const std::string& kind) {
        const auto [it, added] = rule_index.emplace(kind, static_cast<int>(rules.size()));
        if (added) rules.push_back(rule_json(kind));
        return it->second;
    };
    auto result = [&](const std::string& kind, const std::string& message) {
        ordered_json entry;
        entry["ruleId"] = kind;
        entry["ruleIndex"] = rule_of(kind);
        entry["level"] = "error";
        entry["message"]["text"] = message;
        return entry;
    };
    for (const SarifSubject& subject : subjects) {
        const Lines lines(subject);
        if (!subject.report) {
            ordered_json entry = result(subject.failure_kind, subject.failure_message);
            ordered_json place = location(subject, lines, subject.failure_path);
            if (subject.failure_line > 0 && !subject.uri.empty())
                place["physicalLocation"]["region"]["startLine"] = subject.failure_line;
            entry["locations"] = {place};
            results.push_back(std::move(entry));
            continue;
        }
        for (const Violation& violation : subject.report->violations) {
            ordered_json entry =
                result(std::string(to_string(violation.kind)), violation_in_one_line(violation));
            std::vector<std::pair<std::string, std::string>> related;
            std::string primary;
            const auto path_of = subject.mscclpp ? plan_point_path : point_path;
            if ((subject.msccl || subject.mscclpp) && !violation.points.empty()) {
                primary = path_of(violation.points.front());
                for (std::size_t i = 1; i < violation.points.size(); ++i)
                    related.push_back(
                        {path_of(violation.points[i]), violation.points[i].note.empty()
                                                           ? "also involved"
                                                           : violation.points[i].note});
                // Each copy's last carrier before the reduction itself.
                for (std::size_t i = 0; i < violation.chains.size(); ++i)
                    for (auto point = violation.chains[i].rbegin();
                         point != violation.chains[i].rend(); ++point)
                        if (!(*point == violation.points.front())) {
                            related.push_back(
                                {point_path(*point), "copy " + std::to_string(i + 1) +
                                                         " of the contribution comes from here"});
                            break;
                        }
            } else {
                primary = subject.msccl     ? "/algo"
                          : subject.mscclpp ? ""
                                            : violation_json_path(violation);
                for (std::size_t i = 1; i < violation.transfers.size(); ++i)
                    related.push_back({hop_path(violation.transfers[i]),
                                       violation.kind == ViolationKind::double_count
                                           ? "another copy of the contribution arrives here"
                                           : "also involved"});
            }
            entry["locations"] = {location(subject, lines, primary)};
            if (!related.empty()) {
                entry["relatedLocations"] = ordered_json::array();
                for (std::size_t i = 0; i < related.size(); ++i) {
                    ordered_json place = location(subject, lines, related[i].first);
                    place["id"] = static_cast<int>(i + 1);
                    place["message"]["text"] = related[i].second;
                    entry["relatedLocations"].push_back(std::move(place));
                }
            }
            results.push_back(std::move(entry));
        }
    }
    ordered_json driver = {{"name", "trivcheck"}, {"rules", rules}};
    ordered_json run = {{"tool", {{"driver", driver}}}};
    // Every file checked, with its verdict: one that holds has no result, but is in the log.
    ordered_json artifacts = ordered_json::array();
    for (const SarifSubject& subject : subjects) {
        if (subject.uri.empty()) continue;
        const std::string verdict =
            subject.report ? to_string(subject.report->verdict) : subject.failure_kind;
        artifacts.push_back(
            {{"location", {{"uri", subject.uri}}}, {"properties", {{"verdict", verdict}}}});
    }
    if (!artifacts.empty()) run["artifacts"] = std::move(artifacts);
    run["results"] = std::move(results);
    return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
            {"version", "2.1.0"},
            {"runs", {run}}};
}

}  // namespace trivcheck
