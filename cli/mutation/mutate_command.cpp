#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "checker/core/exit_code.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/formats/text_table.hpp"
#include "checker/search/mutation_score.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/mutation/msccl_mutate.hpp"
#include "cli/percent.hpp"
#include "cli/schedule_source.hpp"

namespace trivcheck::cli {

namespace {

struct MutateOptions {
    std::string file;
    std::string algo;
    std::string form = "B";
    std::string sizes;
    std::string last_step = "published";
    /// NCCL's algorithms (docs/nccl.md), as `check` reads them.
    NcclChoices nccl;
    int sites = 4;
    bool no_bounds = false;
    bool json = false;
};

std::string kinds_text(const OperatorTally& tally) {
    std::string text;
    for (const auto& [kind, count] : tally.kinds)
        text += (text.empty() ? "" : ", ") + kind + " " + std::to_string(count);
    return text.empty() ? "-" : text;
}

struct Totals {
    int made = 0, caught = 0, correctness = 0, equivalent = 0, valid = 0, survived = 0;
    int false_alarm = 0, unconfirmed = 0;
    /// Mutants the oracle confirms wrong.
    int mistakes() const { return caught + survived; }
    double score() const {
        return mistakes() == 0 ? 1.0 : static_cast<double>(caught) / mistakes();
    }
    double strict_score() const {
        const int relevant = made - equivalent - unconfirmed;
        return relevant == 0 ? 1.0 : static_cast<double>(caught) / relevant;
    }
};

Totals add_up(const std::vector<OperatorTally>& tallies) {
    Totals totals;
    for (const OperatorTally& tally : tallies) {
        totals.made += tally.made;
        totals.caught += tally.caught;
        totals.correctness += tally.caught_by_correctness;
        totals.equivalent += tally.equivalent;
        totals.valid += tally.valid_alternative;
        totals.survived += tally.survived;
        totals.false_alarm += tally.false_alarm;
        totals.unconfirmed += tally.unconfirmed;
    }
    return totals;
}

/// One table row: the counts, the score, the kinds.
std::vector<std::string> row(const std::string& name, const Totals& counts,
                             const std::string& score, const std::string& kinds) {
    return {name,
            std::to_string(counts.made),
            std::to_string(counts.caught),
            std::to_string(counts.correctness),
            std::to_string(counts.equivalent),
            std::to_string(counts.valid),
            std::to_string(counts.survived),
            std::to_string(counts.false_alarm),
            score,
            kinds};
}

void print_text(const MutateOptions& options, const std::vector<OperatorTally>& tallies,
                const std::vector<int>& used, const std::vector<std::string>& skipped) {
    std::cout << "mutants of " << options.algo << " " << options.form << " for " << used.size()
              << " sizes (n in " << options.sizes << "), up to " << options.sites
              << " per operator and n, checked "
              << (options.no_bounds ? "for correctness only"
                                    : "with the original's figures declared as bounds")
              << "\n";
    for (const std::string& note : skipped) std::cout << "  skipped " << note << "\n";
    TextTable table({"operator", "made", "caught", "by corr", "equiv", "valid", "survived", "false",
                     "score", "violation kinds"});
    for (const OperatorTally& tally : tallies)
        table.add_row(row(tally.name, add_up({tally}),
                          tally.made == 0 ? "-" : percent(tally.score()), kinds_text(tally)));
    const Totals totals = add_up(tallies);
    table.add_row(row("all", totals, percent(totals.score()), ""));
    std::cout << "\n" << table.render() << "\n";
    int operators_used = 0;
    for (const OperatorTally& tally : tallies) operators_used += tally.made > 0 ? 1 : 0;
    std::cout << "mutation score " << percent(totals.score()) << ": " << totals.caught
              << " caught of " << totals.mistakes()
              << " mistakes (mutants the reference replay confirms wrong), " << operators_used
              << " operators\n"
              << "  " << totals.false_alarm
              << " false alarms (rejected, but the reference replay finds them correct"
              << (options.no_bounds ? "" : " and within the bounds") << ")";
    if (totals.unconfirmed > 0)
        std::cout << "; " << totals.unconfirmed << " rejected too large to confirm";
    std::cout << "\n"
              << "  " << totals.equivalent << " equivalent (nothing observable changed) and "
              << totals.valid << " valid alternatives (correct"
              << (options.no_bounds ? ", whatever they cost" : ", within the bounds")
              << ") are never counted as caught;\n"
              << "  counting the valid alternatives and false alarms as misses: "
              << percent(totals.strict_score()) << " of "
              << totals.made - totals.equivalent - totals.unconfirmed
              << " non-equivalent mutants\n";
    for (const OperatorTally& tally : tallies) {
        int shown = 0;
        int hidden = 0;
        for (const UncaughtMutant& mutant : tally.uncaught) {
            // Every survivor and false alarm is shown; of the rest, enough to see the pattern.
            const bool always =
                mutant.fate == MutantFate::survived || mutant.fate == MutantFate::false_alarm;
            if (!always && shown >= 5) {
                ++hidden;
                continue;
            }
            ++shown;
            std::cout << "  " << pad_right(to_string(mutant.fate), 18) << tally.name
                      << " n=" << mutant.n << " " << mutant.site << ": " << mutant.reason << "\n";
        }
        if (hidden > 0)
            std::cout << "  " << pad_right("", 18) << tally.name << ": " << hidden
                      << " more (--json lists all)\n";
    }
}

void print_json(const MutateOptions& options, const std::vector<OperatorTally>& tallies,
                const std::vector<int>& used) {
    nlohmann::ordered_json json;
    json["schema"] = "trivcheck.mutation/1";
    json["algo"] = options.algo;
    json["form"] = options.form;
    json["sizes"] = used;
    json["sites_per_operator"] = options.sites;
    json["declared_bounds"] = !options.no_bounds;
    json["operators"] = nlohmann::ordered_json::array();
    for (const OperatorTally& tally : tallies) {
        nlohmann::ordered_json entry = {{"name", tally.name},
                                        {"mistake", tally.mistake},
                                        {"made", tally.made},
                                        {"caught", tally.caught},
                                        {"caught_by_correctness", tally.caught_by_correctness},
                                        {"equivalent", tally.equivalent},
                                        {"valid_alternative", tally.valid_alternative},
                                        {"survived", tally.survived},
                                        {"false_alarm", tally.false_alarm},
                                        {"unconfirmed", tally.unconfirmed},
                                        {"score", tally.score()},
                                        {"strict_score", tally.strict_score()},
                                        {"kinds", tally.kinds}};
        entry["caught_mutants"] = nlohmann::ordered_json::array();
        for (const CaughtMutant& mutant : tally.caught_mutants)
            entry["caught_mutants"].push_back({{"n", mutant.n},
                                               {"site", mutant.site},
                                               {"kind", mutant.kind},
                                               {"cause", mutant.cause},
                                               {"smallest_n", mutant.smallest_n}});
        entry["uncaught"] = nlohmann::ordered_json::array();
        for (const UncaughtMutant& mutant : tally.uncaught)
            entry["uncaught"].push_back({{"n", mutant.n},
                                         {"site", mutant.site},
                                         {"fate", to_string(mutant.fate)},
                                         {"reason", mutant.reason}});
        json["operators"].push_back(std::move(entry));
    }
    const Totals totals = add_up(tallies);
    json["false_alarms"] = totals.false_alarm;
    json["score"] = totals.score();
    json["strict_score"] = totals.strict_score();
    std::cout << json_text(json, 2) << "\n";
}

int run_mutate(const MutateOptions& options) {
    std::vector<OperatorTally> tallies;
    std::vector<int> used;
    std::vector<std::string> skipped;
    if (!options.file.empty()) {
        if (options.sites < 1) {
            std::cerr << "error: --sites: expected 1 or more\n";
            return exit_usage;
        }
        return run_msccl_mutate(options.file, options.sites, options.json);
    }
    return run_reporting_errors([&]() -> int {
        if (options.sites < 1) throw CLI::ValidationError("--sites", "expected 1 or more");
        if (options.algo.empty() || options.sizes.empty())
            throw CLI::ValidationError("mutate", "give --algo and --n, or an MSCCL-IR FILE");
        GeneratorRequest request;
        request.algo = options.algo;
        request.last_step = options.last_step;
        apply_nccl_choices(options.nccl, request);
        parse_form(options.form, request.form);
        for (int n : parse_size_spec(options.sizes)) {
            request.topology = Topology::ring(n);
            Schedule original;
            try {
                original = generate(request);
            } catch (const NotApplicable& error) {
                skipped.push_back("n=" + std::to_string(n) + ": " + error.what());
                continue;
            }
            // Mutants of a schedule that is already wrong say nothing about the checker.
            const Report report = check_schedule(original);
            if (report.verdict != Verdict::holds) {
                skipped.push_back("n=" + std::to_string(n) + ": the original is " +
                                  to_string(report.verdict));
                continue;
            }
            // --json lists every caught mutant with the smallest n its mistake fails at.
            score_mutants(original, options.sites, !options.no_bounds, tallies,
                          options.json ? &request : nullptr);
            used.push_back(n);
        }
        if (options.json)
            print_json(options, tallies, used);
        else
            print_text(options, tallies, used, skipped);
        const Totals totals = add_up(tallies);
        if (totals.survived > 0 || totals.false_alarm > 0) return exit_violated;
        // Exit 0 claims every mistake was caught; a rejection the oracle could not confirm, or
        // no mutant at all, leaves that undecided.
        if (used.empty()) {
            std::cerr << "unknown: no size gave a correct original to mutate\n";
            return exit_unknown;
        }
        if (totals.unconfirmed > 0) {
            std::cerr << "unknown: " << totals.unconfirmed
                      << " rejected mutants were too large for the reference replay to confirm\n";
            return exit_unknown;
        }
        return exit_holds;
    });
}

}  // namespace

void register_mutate_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<MutateOptions>();
    CLI::App* command = app.add_subcommand(
        "mutate",
        "Apply a catalogue of realistic mistakes to correct generated schedules and report, per\n"
        "operator, the mutants made, caught and equivalent, and the mutation score "
        "(docs/counterexamples.md).\n"
        "  trivcheck mutate --algo trivance --form B --n 2..64\n"
        "Or, on an MSCCL-IR file, the MSCCL operators (drop_dependency, drop_send, shift_offset,\n"
        "swap_steps, wrong_buffer, reduce_as_receive, duplicate_reduce), checked asynchronously:\n"
        "  trivcheck mutate ring.xml --sites 8\n"
        "On an MSCCL++ execution plan, its broken copies (drop_wait, relax_signal, drop_release,\n"
        "move_put_before_wait, drop_nop, port_signal_to_memory, drop_flush, swap_get_indexes;\n"
        "docs/mscclpp.md):\n"
        "  trivcheck mutate allreduce.json --sites 8\n"
        "A rejection counts as caught only when the reference replay confirms the mutant wrong;\n"
        "otherwise it is a false alarm.\n"
        "Exit 0 every mistake was caught and no false alarm, 1 some mutant survived or some\n"
        "rejection was a false alarm, 2 usage, 4 some rejection too large to confirm or no\n"
        "correct original to mutate.");
    command->add_option("file", options->file,
                        "An MSCCL-IR file or an MSCCL++ plan (instead of --algo and --n)");
    command->add_option("--algo", options->algo, "Generator (see `trivcheck list`)");
    command->add_option("--form", options->form, "L or B")->check(CLI::IsMember({"L", "B"}));
    command->add_option("--last-step", options->last_step,
                        "Trivance L: published (default) or fold (docs/trivance-fold.md)");
    add_nccl_options(*command, options->nccl);
    command->add_option("--n", options->sizes, "Ring sizes: 2..64, pow3, ... (docs/sweep.md)");
    command->add_option("--sites", options->sites,
                        "Mutants per operator and n, spread over the schedule (default 4)");
    command->add_flag("--no-bounds", options->no_bounds,
                      "Check mutants for correctness only, without the original's figures as "
                      "declared bounds");
    command->add_flag("--json", options->json, "Print trivcheck.mutation/1 JSON");
    command->callback([options, &result] { result.exit_code = run_mutate(*options); });
}

}  // namespace trivcheck::cli
