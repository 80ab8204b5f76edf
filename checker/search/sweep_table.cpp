#include "checker/search/sweep_table.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "checker/formats/text_table.hpp"
#include "checker/search/size_class.hpp"

namespace trivcheck {

namespace {

/// Counts of one row or cell, by status.
struct Tally {
    std::array<int, 4> by_status{};
    int total = 0;
    const SizeOutcome* first_violated = nullptr;
    const SizeOutcome* first_not_applicable = nullptr;
    const SizeOutcome* first_unknown = nullptr;
    const SizeOutcome* slowest = nullptr;
    double seconds = 0;

    explicit Tally(const std::vector<SizeOutcome>& outcomes) {
        for (const SizeOutcome& outcome : outcomes) add(outcome);
    }
    int count(SweepStatus status) const { return by_status[static_cast<std::size_t>(status)]; }

  private:
    void add(const SizeOutcome& outcome) {
        ++by_status[static_cast<std::size_t>(outcome.status)];
        ++total;
        seconds += outcome.seconds;
        auto keep_first = [&](const SizeOutcome*& first) {
            if (!first) first = &outcome;
        };
        if (outcome.status == SweepStatus::violated) keep_first(first_violated);
        if (outcome.status == SweepStatus::not_applicable) keep_first(first_not_applicable);
        if (outcome.status == SweepStatus::unknown) keep_first(first_unknown);
        // A size that was never checked has no time worth showing.
        if (outcome.status == SweepStatus::not_applicable) return;
        if (!slowest || outcome.seconds > slowest->seconds) slowest = &outcome;
    }
};

std::string format(const char* pattern, auto... values) {
    std::array<char, 256> buffer{};
    std::snprintf(buffer.data(), buffer.size(), pattern, values...);
    return buffer.data();
}

/// "n" for a sweep over rings, "shapes" when it has a torus.
std::string size_unit(const std::vector<SizeOutcome>& outcomes) {
    const bool tori = std::any_of(outcomes.begin(), outcomes.end(), [](const SizeOutcome& outcome) {
        return !outcome.torus_dims.empty();
    });
    return tori ? "shapes" : "n";
}

/// "violated for 29 of 31 n" or "violated for all 31 n" ("... shapes" on tori).
std::string share(const char* verdict, int count, int total, const std::string& unit) {
    return std::string(verdict) + " for " +
           (count == total ? "all " + std::to_string(total)
                           : std::to_string(count) + " of " + std::to_string(total)) +
           " " + unit;
}

/// "n = 7" on a ring, "5x7" on a torus: the first size in a note.
std::string first_named(const SizeOutcome& outcome) {
    return outcome.torus_dims.empty() ? "n = " + outcome.size_label() : outcome.size_label();
}

std::string first_failures(const std::vector<SizeOutcome>& sizes, int shown) {
    std::string text;
    int listed = 0;
    for (const SizeOutcome& outcome : sizes) {
        if (outcome.status != SweepStatus::violated) continue;
        if (listed == shown) return text + ", ...";
        if (listed++ > 0) text += ", ";
        text += outcome.size_label() + " " + outcome.violation_kind;
    }
    return text;
}

}  // namespace

std::string format_sweep_summary(const std::vector<SweepRow>& rows, int failures_shown) {
    std::vector<SizeOutcome> all;
    for (const SweepRow& row : rows) all.insert(all.end(), row.sizes.begin(), row.sizes.end());
    const std::string unit = size_unit(all);
    const std::string one = unit == "n" ? "n" : "shape";
    TextTable table({"algorithm", "form", unit == "n" ? "sizes" : "shapes", "holds", "violated",
                     "n/a", "unknown", "slowest " + one, "seconds", "total s",
                     "first failing " + one});
    std::string notes;
    for (const SweepRow& row : rows) {
        const Tally tally(row.sizes);
        const std::string slowest_n = tally.slowest ? tally.slowest->size_label() : "-";
        const double slowest_seconds = tally.slowest ? tally.slowest->seconds : 0.0;
        table.add_row({row.label(), row.form, std::to_string(tally.total),
                       std::to_string(tally.count(SweepStatus::holds)),
                       std::to_string(tally.count(SweepStatus::violated)),
                       std::to_string(tally.count(SweepStatus::not_applicable)),
                       std::to_string(tally.count(SweepStatus::unknown)), slowest_n,
                       format("%.3f", slowest_seconds), format("%.2f", tally.seconds),
                       first_failures(row.sizes, failures_shown)});
        for (const SizeOutcome* first : {tally.first_not_applicable, tally.first_unknown}) {
            if (!first) continue;
            notes +=
                row.label() + " " + row.form + ": " +
                share(to_string(first->status), tally.count(first->status), tally.total, unit) +
                " (first: " + first_named(*first) + ", " + first->reason + ")\n";
        }
    }
    const std::string text = table.render();
    return notes.empty() ? text : text + "\n" + notes;
}

std::string describe_outcomes(const std::vector<SizeOutcome>& outcomes) {
    const Tally tally(outcomes);
    if (tally.total == 0) return "—";
    const std::string unit = size_unit(outcomes);
    std::vector<std::string> parts;
    if (const SizeOutcome* first = tally.first_violated)
        parts.push_back(share("violated", tally.count(SweepStatus::violated), tally.total, unit) +
                        " (first: " + first->size_label() + " " + first->violation_kind + ")");
    if (const SizeOutcome* first = tally.first_not_applicable) {
        const int count = tally.count(SweepStatus::not_applicable);
        parts.push_back(share("not applicable", count, tally.total, unit) + " (" +
                        (count == tally.total ? "" : "first: " + first->size_label() + ", ") +
                        first->reason + ")");
    }
    if (const SizeOutcome* first = tally.first_unknown)
        parts.push_back(share("unknown", tally.count(SweepStatus::unknown), tally.total, unit) +
                        " (first: " + first->size_label() + ", " + first->reason + ")");
    if (tally.count(SweepStatus::holds) > 0)
        parts.push_back(share("holds", tally.count(SweepStatus::holds), tally.total, unit));
    std::string cell;
    for (const std::string& part : parts) cell += (cell.empty() ? "" : "; ") + part;
    return cell;
}

namespace {

SizeClass size_class_of(const SizeOutcome& outcome) {
    return outcome.torus_dims.empty() ? classify_size(outcome.n)
                                      : classify_shape(outcome.torus_dims);
}

}  // namespace

std::string format_class_table(const std::vector<SweepRow>& rows) {
    constexpr std::array classes{SizeClass::power_of_3, SizeClass::power_of_2, SizeClass::other};
    std::string text = "| algorithm | form |";
    for (SizeClass size_class : classes) text += std::string(" ") + to_string(size_class) + " |";
    text += "\n| --- | --- | --- | --- | --- |\n";
    for (const SweepRow& row : rows) {
        text += "| " + row.label() + " | " + row.form + " |";
        for (SizeClass size_class : classes) {
            std::vector<SizeOutcome> in_class;
            for (const SizeOutcome& outcome : row.sizes)
                if (size_class_of(outcome) == size_class) in_class.push_back(outcome);
            // A reason could hold '|', which would split the Markdown cell.
            std::string cell = describe_outcomes(in_class);
            for (std::size_t at = cell.find('|'); at != std::string::npos;
                 at = cell.find('|', at + 2))
                cell.replace(at, 1, "\\|");
            text += " " + cell + " |";
        }
        text += "\n";
    }
    return text;
}

}  // namespace trivcheck
