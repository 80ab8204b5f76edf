#include "cli/size_range_check.hpp"

#include <iostream>

#include "checker/core/exit_code.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/reports/report_text.hpp"

namespace trivcheck::cli {

namespace {

std::string counts(const FailingSizeSearch& search) {
    std::string text = std::to_string(search.checked) + " checked";
    if (search.not_applicable > 0)
        text += ", " + std::to_string(search.not_applicable) + " not applicable";
    if (!search.unknown.empty())
        text += ", " + std::to_string(search.unknown.size()) +
                " too large to check (from n = " + std::to_string(search.unknown.front()) +
                (search.first_unknown_reason.empty() ? "" : ": " + search.first_unknown_reason) +
                ")";
    return text;
}

}  // namespace

std::string failing_size_to_text(const FailingSizeSearch& search, const std::string& scope) {
    if (!search.smallest) return "no failing n (" + scope + "; " + counts(search) + ")\n";
    const Report& report = search.smallest->report;
    std::string text = "smallest failing n (" + scope + "; " + counts(search) +
                       "): n = " + std::to_string(search.smallest->n) + ", " + report.name + "\n";
    if (!search.unknown.empty() && search.unknown.front() < search.smallest->n)
        text += "  (smaller sizes could not be checked, so a smaller n may fail too)\n";
    if (!report.violations.empty()) text += describe_violation(report.violations.front());
    return text;
}

nlohmann::ordered_json failing_size_to_json(const FailingSizeSearch& search,
                                            const std::string& scope) {
    nlohmann::ordered_json json;
    json["scope"] = scope;
    json["checked"] = search.checked;
    json["not_applicable"] = search.not_applicable;
    json["unknown"] = search.unknown;
    if (!search.first_unknown_reason.empty()) json["unknown_reason"] = search.first_unknown_reason;
    json["n"] = search.smallest ? nlohmann::ordered_json(search.smallest->n) : nullptr;
    json["report"] = search.smallest ? report_to_json(search.smallest->report) : nullptr;
    return json;
}

int run_size_range_check(const ScheduleSource& source, const std::string& sizes, bool json,
                         const ExecuteOptions& options) {
    if (!source.file.empty() || !source.topology.empty())
        throw CLI::ValidationError(
            "--n searches generated rings: give --algo and --form, "
            "not a FILE or --topo");
    if (source.algo.empty()) throw CLI::ValidationError("--n needs --algo (and --form)");
    ScheduleSource ring = source;
    ring.topology = "ring:2";
    const GeneratorRequest request = to_request(ring);
    const FailingSizeSearch search =
        find_smallest_failing_size(request, parse_size_spec(sizes), options);
    const std::string scope = "n in " + sizes;
    if (json) {
        nlohmann::ordered_json out;
        out["schema"] = "trivcheck.smallest_failing/1";
        out["algo"] = request.algo;
        out["form"] = to_string(request.form);
        const nlohmann::ordered_json found = failing_size_to_json(search, scope);
        for (auto field = found.begin(); field != found.end(); ++field)
            out[field.key()] = field.value();
        std::cout << json_text(out, 2) << "\n";
    } else {
        std::cout << request.algo << " " << to_string(request.form) << ": "
                  << failing_size_to_text(search, scope);
    }
    if (search.smallest) return exit_violated;
    return search.unknown.empty() ? exit_holds : exit_unknown;
}

}  // namespace trivcheck::cli
