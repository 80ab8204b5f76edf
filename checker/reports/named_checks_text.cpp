#include "checker/reports/named_checks_text.hpp"

#include "checker/formats/text_table.hpp"

namespace trivcheck {

std::string named_checks_text(const Report& report) {
    std::string out;
    if (!report.checks.empty()) {
        out += "\nchecks:\n";
        TextTable checks = TextTable::headless(3);
        for (const auto& [name, check] : report.checks)
            checks.add_row({"  " + name, to_string(check.verdict), check.reason});
        out += checks.render();
    }
    if (report.reduction_depth)
        out += "reduction depth " + std::to_string(*report.reduction_depth) +
               " (the most additions on one chain behind an output)\n";
    return out;
}

}  // namespace trivcheck
