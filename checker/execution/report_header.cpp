#include "checker/execution/report_header.hpp"

namespace trivcheck {

Report report_header(const Schedule& schedule) {
    Report report;
    report.name = schedule.name;
    report.algo = schedule.algo;
    report.form = schedule.form;
    report.collective = schedule.collective;
    report.topology = schedule.topology.describe();
    report.ranks = schedule.ranks;
    report.blocks = schedule.blocks;
    return report;
}

}  // namespace trivcheck
