#include "cli/mutation/msccl_mutate.hpp"

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checker/core/exit_code.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/msccl/asynchronous_check.hpp"
#include "checker/msccl_xml/msccl_xml_reader.hpp"
#include "checker/mscclpp/plan_check.hpp"
#include "checker/mscclpp/plan_mutations.hpp"
#include "checker/search/msccl_mutation_score.hpp"
#include "cli/command_errors.hpp"
#include "cli/percent.hpp"
#include "cli/schedule_source.hpp"

namespace trivcheck::cli {

namespace {

void print_text(const std::string& file, int sites,
                const std::vector<msccl::ProgramOperatorTally>& tallies) {
    std::cout << "mutants of " << terminal_text(file) << ", up to " << sites
              << " per operator, checked asynchronously\n\n";
    TextTable table({"operator", "made", "caught", "survived", "score", "violation kinds"});
    int made = 0;
    int caught = 0;
    for (const auto& tally : tallies) {
        std::string kinds;
        for (const auto& [kind, count] : tally.kinds)
            kinds += (kinds.empty() ? "" : ", ") + kind + " " + std::to_string(count);
        table.add_row({tally.name, std::to_string(tally.made), std::to_string(tally.caught),
                       std::to_string(tally.survivors.size()),
                       tally.made == 0 ? "-" : percent(tally.score()),
                       kinds.empty() ? "-" : kinds});
        made += tally.made;
        caught += tally.caught;
    }
    std::cout << table.render();
    const double score = made == 0 ? 1.0 : static_cast<double>(caught) / made;
    std::cout << "\nmutation score " << percent(score) << ": " << caught << " caught of " << made
              << " mutants (a survivor may be equivalent: it is never counted as caught)\n";
    for (const auto& tally : tallies)
        for (const auto& survivor : tally.survivors)
            std::cout << "  survived  " << tally.name << " " << survivor.site << "\n";
}

void print_json(const std::string& file, int sites,
                const std::vector<msccl::ProgramOperatorTally>& tallies) {
    nlohmann::ordered_json json;
    json["schema"] = "trivcheck.mutation/1";
    json["file"] = file;
    json["sites_per_operator"] = sites;
    json["operators"] = nlohmann::ordered_json::array();
    int made = 0;
    int caught = 0;
    for (const auto& tally : tallies) {
        nlohmann::ordered_json entry = {{"name", tally.name},     {"mistake", tally.mistake},
                                        {"made", tally.made},     {"caught", tally.caught},
                                        {"score", tally.score()}, {"kinds", tally.kinds}};
        entry["survived"] = nlohmann::ordered_json::array();
        for (const auto& survivor : tally.survivors) entry["survived"].push_back(survivor.site);
        json["operators"].push_back(std::move(entry));
        made += tally.made;
        caught += tally.caught;
    }
    json["score"] = made == 0 ? 1.0 : static_cast<double>(caught) / made;
    std::cout << json_text(json, 2) << "\n";
}

}  // namespace

int run_msccl_mutate(const std::string& file, int sites, bool json) {
    return run_reporting_errors([&]() -> int {
        ScheduleSource source;
        source.file = file;
        const std::optional<mscclpp::Plan> plan = load_mscclpp_plan(source);
        const std::optional<msccl::Program> program =
            plan ? std::nullopt : load_msccl_program(source);
        if (!plan && !program)
            throw std::invalid_argument(
                "mutate FILE takes an MSCCL-IR program or an MSCCL++ plan; mutate a schedule with "
                "--algo and --topo");
        const Report original = plan ? mscclpp::check_plan(*plan) : msccl::check_program(*program);
        if (original.verdict != Verdict::holds) {
            // No correct original to mutate: exit 4, as the help and the generated case say.
            std::cerr << "unknown: " << terminal_text(file) << " is " << to_string(original.verdict)
                      << "; no correct original to mutate (mutants of a wrong program say "
                         "nothing about the checker)\n";
            return exit_unknown;
        }
        const auto tallies = plan ? mscclpp::score_plan_mutants(*plan, sites)
                                  : msccl::score_program_mutants(*program, sites);
        if (json)
            print_json(file, sites, tallies);
        else
            print_text(file, sites, tallies);
        for (const auto& tally : tallies)
            if (!tally.survivors.empty()) return exit_violated;
        return exit_holds;
    });
}

}  // namespace trivcheck::cli
