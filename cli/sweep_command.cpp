#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <set>

#include "checker/core/address_space_cap.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/core/saturating.hpp"
#include "checker/formats/comma_list.hpp"
#include "checker/formats/ordered_lines.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/formats/topology_spec.hpp"
#include "checker/search/shard.hpp"
#include "checker/search/sweep_summary_line.hpp"
#include "checker/search/sweep_table.hpp"
#include "cli/command.hpp"
#include "cli/command_errors.hpp"
#include "cli/jobs_option.hpp"
#include "cli/number_checks.hpp"
#include "cli/progress_bar.hpp"
#include "cli/sweep_reports.hpp"
#include "library/sweep.hpp"
#include "models/generator.hpp"

namespace trivcheck::cli {

namespace {

struct SweepOptions {
    std::string algos;
    std::string form = "both";
    std::string sizes;
    /// --topo: rings and tori (checker/formats/topology_spec.hpp), instead of --n.
    std::string topologies;
    std::string shard = "1/1";
    std::string table = "summary";
    std::string route = "same";
    std::string last_step = "published";
    std::string tree = "first_come";
    std::string layout = "best";
    bool json = false;
    int jobs = 0;
    std::uint64_t memory_limit_mib = 0;
    bool no_symmetry = false;
    /// --sarif F, --junit F: reports for CI (cli/sweep_reports.hpp); empty: none.
    std::string sarif;
    std::string junit;
};

/// A command-line value that cannot be used; reported as a usage error (exit 2).

/// The catalogue entries named by --algo, sorted by name and distinct, so the
/// output order does not depend on how the list was written.
std::vector<const AlgorithmInfo*> selected_algorithms(const std::string& text) {
    const std::vector<std::string> items = comma_items(text);
    const std::set<std::string> names(items.begin(), items.end());
    std::vector<const AlgorithmInfo*> algorithms;
    std::string known;
    for (const AlgorithmInfo& info : algorithm_catalogue())
        known += (known.empty() ? "" : ", ") + info.name;
    for (const std::string& name : names) {
        if (name == "all") {
            for (const AlgorithmInfo& info : algorithm_catalogue()) algorithms.push_back(&info);
            continue;
        }
        const auto& catalogue = algorithm_catalogue();
        const auto found =
            std::find_if(catalogue.begin(), catalogue.end(),
                         [&](const AlgorithmInfo& info) { return info.name == name; });
        if (found == catalogue.end())
            throw std::invalid_argument("--algo: unknown algorithm '" + name +
                                        "' (known: " + known + ", all)");
        algorithms.push_back(&*found);
    }
    std::sort(algorithms.begin(), algorithms.end(),
              [](const AlgorithmInfo* a, const AlgorithmInfo* b) { return a->name < b->name; });
    algorithms.erase(std::unique(algorithms.begin(), algorithms.end()), algorithms.end());
    return algorithms;
}

/// One row per algorithm and form, sorted (B before L, as `sort` and jq order
/// them), each with a slot per size. `both` means every form the algorithm
/// has; a form named explicitly is swept even where it does not exist, so
/// the output says "not applicable" instead of silently skipping it.
std::vector<SweepRow> planned_rows(const SweepOptions& options,
                                   const std::vector<Topology>& sizes) {
    std::vector<SweepRow> rows;
    for (const AlgorithmInfo* info : selected_algorithms(options.algos)) {
        for (Form form : {Form::B, Form::L}) {
            const bool has_form =
                std::find(info->forms.begin(), info->forms.end(), form) != info->forms.end();
            if (options.form == "both" ? !has_form : options.form != to_string(form)) continue;
            // Every collective the algorithm has (NCCL's several, the others all-reduce).
            for (Collective collective : info->collectives) {
                SweepRow row{info->name, to_string(form), {}, {}};
                if (info->choices.last_step && form == Form::L && options.last_step != "published")
                    row.last_step = options.last_step;
                if (info->choices.tree && form == Form::B && options.tree != "first_come")
                    row.tree = options.tree;
                if (info->choices.layout && form == Form::B && options.layout != "best")
                    row.layout = options.layout;
                if (info->collectives.size() > 1 || collective != Collective::allreduce)
                    row.collective = to_string(collective);
                row.sizes.resize(sizes.size());
                for (std::size_t i = 0; i < sizes.size(); ++i)
                    row.sizes[i] = planned_outcome(sizes[i]);
                rows.push_back(std::move(row));
            }
        }
    }
    return rows;
}

int exit_code_of(const std::vector<SweepRow>& rows) {
    bool unknown = false;
    for (const SweepRow& row : rows) {
        for (const SizeOutcome& outcome : row.sizes) {
            // A proven violation outranks an unknown: it is the stronger finding.
            if (outcome.status == SweepStatus::violated) return exit_violated;
            unknown = unknown || outcome.status == SweepStatus::unknown;
        }
    }
    if (unknown) return exit_unknown;
    // Every size not applicable: nothing was checked, as `check` says of one such size (exit 2).
    const bool checked = std::any_of(rows.begin(), rows.end(), [](const SweepRow& row) {
        return std::any_of(row.sizes.begin(), row.sizes.end(), [](const SizeOutcome& outcome) {
            return outcome.status == SweepStatus::holds;
        });
    });
    const bool no_sizes = rows.empty() || rows.front().sizes.empty();  // an empty shard
    return checked || no_sizes ? exit_holds : exit_usage;
}

/// The rings of --n or the rings and tori of --topo (exactly one given), sorted.
std::vector<Topology> swept_topologies(const SweepOptions& options) {
    if (options.sizes.empty() == options.topologies.empty())
        throw std::invalid_argument(
            "give the sizes with --n (rings) or --topo (rings, tori), "
            "one of them");
    if (!options.topologies.empty()) {
        try {
            return parse_topology_spec(options.topologies);
        } catch (const TopologySpecError& error) {
            throw std::invalid_argument(std::string("--topo: ") + error.what());
        }
    }
    std::vector<Topology> rings;
    for (int n : parse_size_spec(options.sizes)) rings.push_back(Topology::ring(n));
    return rings;
}

/// Shard `shard` of `topologies`, by position as select_shard picks sizes.
std::vector<Topology> shard_of(const std::vector<Topology>& topologies, Shard shard) {
    std::vector<int> positions(topologies.size());
    for (std::size_t i = 0; i < positions.size(); ++i) positions[i] = static_cast<int>(i);
    std::vector<Topology> selected;
    for (int position : select_shard(positions, shard))
        selected.push_back(topologies[static_cast<std::size_t>(position)]);
    return selected;
}

int run_sweep(const SweepOptions& options) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<SweepRow> rows;
    std::vector<Topology> sizes;
    int jobs = 0;
    const int refused = run_reporting_errors([&]() -> int {
        jobs = usable_jobs(options.jobs);
        // An allocation past the limits of all the checks running at once (the
        // limit is per check, so per thread; without --memory-limit, the default
        // limit of the whole run) is bad_alloc (exit 4), not the OOM killer.
        cap_address_space(
            saturating_multiply(options.memory_limit_mib << 20, static_cast<std::uint64_t>(jobs)));
        if (options.json && options.table != "summary")
            throw std::invalid_argument("--json and --table classes both want stdout; give one");
        sizes = shard_of(swept_topologies(options), parse_shard(options.shard));
        rows = planned_rows(options, sizes);
        return exit_holds;
    });
    if (refused != exit_holds) return refused;
    if (sizes.empty()) std::cerr << "note: shard " << options.shard << " selects no sizes\n";

    ExecuteOptions execute_options;
    execute_options.memory_limit_bytes = options.memory_limit_mib << 20;
    execute_options.use_symmetry = !options.no_symmetry;
    const std::size_t per_row = sizes.size();
    const std::size_t total = rows.size() * per_row;
    std::vector<GeneratorRequest> requests;
    requests.reserve(total);
    for (const SweepRow& row : rows)
        for (const SizeOutcome& planned : row.sizes) {
            GeneratorRequest request;
            request.algo = row.algo;
            parse_form(row.form, request.form);
            request.topology = planned.topology();
            request.route = options.route;
            if (!row.last_step.empty()) request.last_step = row.last_step;
            if (!row.tree.empty()) request.tree = row.tree;
            if (!row.layout.empty()) request.layout = row.layout;
            if (!row.collective.empty()) request.collective = *parse_collective(row.collective);
            requests.push_back(std::move(request));
        }
    OrderedLines json_lines([](const std::string& line) { std::cout << line << '\n'; });
    std::vector<SizeOutcome> outcomes;
    {
        ProgressBar progress(total);
        outcomes = sweep(
            std::move(requests), execute_options, jobs,
            [&](std::size_t item, const SizeOutcome& outcome, std::string line) {
                if (options.json) json_lines.add(item, std::move(line));
                const SweepRow& row = rows[item / per_row];
                progress.advance(row.algo + " " + row.form + " " + outcome.size_name());
            },
            options.json);
    }
    for (std::size_t item = 0; item < total; ++item)
        rows[item / per_row].sizes[item % per_row] = std::move(outcomes[item]);
    // The last line says the stream is whole: a cut one lacks it (docs/sweep.md).
    if (options.json) std::cout << sweep_summary_line(rows) << '\n';
    std::cout.flush();
    // Every unknown n by name: in JSON lines it has no report, so this is its only trace.
    for (const SweepRow& row : rows)
        for (const SizeOutcome& outcome : row.sizes)
            if (outcome.status == SweepStatus::unknown)
                std::cerr << "unknown: " << row.algo << " " << row.form << " "
                          << outcome.size_name() << ": " << outcome.reason << "\n";

    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    char timing[160];
    const bool tori = std::any_of(sizes.begin(), sizes.end(), [](const Topology& topology) {
        return topology.kind == TopologyKind::torus;
    });
    std::snprintf(timing, sizeof timing, "%zu schedules (%zu %s) in %.2f s wall\n", total, per_row,
                  tori ? "shapes" : "sizes", wall);
    if (options.table == "classes") {
        std::cout << format_class_table(rows);
        std::cerr << timing;
    } else if (options.json) {
        // stdout carries only the JSON lines; the people watching get the summary.
        std::cerr << format_sweep_summary(rows) << timing;
    } else {
        std::cout << format_sweep_summary(rows) << timing;
    }
    const int reports_failed = run_reporting_errors([&]() -> int {
        if (!options.sarif.empty()) write_sweep_sarif(options.sarif, rows);
        if (!options.junit.empty()) write_sweep_junit(options.junit, rows);
        return exit_holds;
    });
    if (reports_failed != exit_holds) return reports_failed;
    return exit_code_of(rows);
}

}  // namespace

void register_sweep_command(CLI::App& app, CommandResult& result) {
    auto options = std::make_shared<SweepOptions>();
    CLI::App* command = app.add_subcommand(
        "sweep",
        "Generate and check every algorithm x form x ring size n (or torus shape); print one\n"
        "summary line per algorithm and form, the verdict table by class of n, or one JSON\n"
        "report per n (docs/sweep.md).\n"
        "  trivcheck sweep --algo trivance,ring --form both --n 2..512\n"
        "  trivcheck sweep --algo all --n 2..1024 --shard 2/8 --json > shard2.jsonl\n"
        "  trivcheck sweep --algo all --topo 'torus:2..16x2..16'\n"
        "  trivcheck sweep --algo trivance --topo torus:4x4x4,8x8x8,3x3x3x3\n"
        "Exit 0 every checked schedule holds, 1 any violated, 2 usage (also: no size "
        "applicable), 4 any too large to check.");
    command
        ->add_option("--algo", options->algos,
                     "Comma-separated generators (see `trivcheck list`), or all")
        ->required();
    command
        ->add_option("--form", options->form,
                     "L, B, or both (every form each algorithm has); default both")
        ->check(CLI::IsMember({"L", "B", "both"}));
    command->add_option("--n", options->sizes,
                        "Ring sizes: comma-separated N, A..B, pow2, pow3 (up to 4096), "
                        "pow3:A..B, pow3:..B (or give --topo)");
    command->add_option("--topo", options->topologies,
                        "Instead of --n: rings and tori, comma-separated: ring:SIZES, "
                        "torus:AxB[xC[xD]] with each extent a --n item (torus:2..16x2..16 is "
                        "every shape of the product), e.g. torus:4x4x4,8x8x8,3x3x3x3");
    command->add_option("--jobs", options->jobs, "Threads (default 0: all cores)");
    command->add_option("--shard", options->shard,
                        "i/k: check only every k-th size of the sorted list, from the i-th "
                        "(1-based); the k shards partition the sweep");
    command->add_flag("--json", options->json,
                      "Print one trivcheck.report/1 per line on stdout, sorted by algo, form, n, "
                      "then a {\"summary\": ...} line of counts (a stream without it was cut); "
                      "the summary table goes to stderr");
    command
        ->add_option("--table", options->table,
                     "summary (one line per algorithm and form) or classes (Markdown verdict "
                     "table by class of n)")
        ->check(CLI::IsMember({"summary", "classes"}));
    command
        ->add_option("--route", options->route,
                     "Bruck only: same (both peers the + way, as published) or shortest")
        ->check(CLI::IsMember({"same", "shortest"}));
    command
        ->add_option("--last-step", options->last_step,
                     "Trivance L only: published (default), fold (exact for every n, one step "
                     "more; docs/trivance-fold.md) or synthesized (Z3's last step, not "
                     "applicable where Z3 proves none exists; docs/synthesis.md); rows are "
                     "labelled with the variant")
        ->check(CLI::IsMember({"published", "fold", "synthesized"}));
    command->add_option(
        "--layout", options->layout,
        "Trivance B only: best (default: the least-byte-factor plan known), "
        "rule, short_last (the published distances) or short_first (docs/trivance-b.md); "
        "rows are labelled with a layout other than best");
    command
        ->add_option("--tree", options->tree,
                     "Trivance B --layout short_last only: first_come (default) or balanced, how "
                     "the reduction tree's free directions are chosen (docs/synthesis.md); rows "
                     "are labelled with a rule other than the default")
        ->check(CLI::IsMember({"first_come", "balanced"}));
    command
        ->add_option("--memory-limit", options->memory_limit_mib,
                     "Refuse a size (unknown, exit 4) above this many MiB per check; default "
                     "80% of free memory, per thread; never more than the address space left under "
                     "ulimit -v")
        ->check(mebibytes());
    command->add_flag("--no-symmetry", options->no_symmetry,
                      "Execute every rank and every block even when a schedule is "
                      "rank-symmetric, folds onto a core (each core proven once per run) or "
                      "its blocks fall into classes (slower)");
    command
        ->add_option("--sarif", options->sarif,
                     "Also write a SARIF 2.1.0 log to this file: one result per violated or "
                     "unknown size (docs/ci.md)")
        ->check(a_path());
    command
        ->add_option("--junit", options->junit,
                     "Also write JUnit XML to this file: one testcase per algorithm, form and "
                     "n, a failure carrying the first violation (docs/ci.md)")
        ->check(a_path());
    command->callback([options, &result] { result.exit_code = run_sweep(*options); });
}

}  // namespace trivcheck::cli
