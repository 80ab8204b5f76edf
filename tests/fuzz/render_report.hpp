// What the fuzz targets do with each input once read or refused: render it as
// every output format does (text, JSON, SARIF), so the writers meet whatever
// bytes the readers let through (names, paths, messages): before issue 32, a
// name that was not UTF-8 aborted the JSON and SARIF writers.
#pragma once
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/core/report.hpp"
#include "checker/formats/json_text.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/reports/report_json.hpp"
#include "checker/reports/report_sarif.hpp"
#include "checker/reports/report_text.hpp"

namespace trivcheck::fuzz {

/// Renders `report` of the input `text` as text, JSON and a SARIF log
/// (`msccl`: an MSCCL-IR program; `mscclpp`: an MSCCL++ plan).
inline void render_report(const Report& report, const std::string& text, bool msccl,
                          bool mscclpp = false) {
    (void)report_to_text(report);
    (void)json_text(report_to_json(report), 2);
    SarifSubject subject;
    subject.uri = "fuzz";
    subject.text = text;
    subject.msccl = msccl;
    subject.mscclpp = mscclpp;
    subject.report = report;
    (void)json_text(sarif_log({subject}), 2);
}

/// Renders a refusal of the input `text` as stderr (its control bytes escaped) and SARIF carry it.
inline void render_refusal(const InputError& error, const std::string& text) {
    SarifSubject subject;
    subject.uri = "fuzz";
    subject.text = text;
    subject.failure_kind = "input_error";
    subject.failure_message = error.what();
    subject.failure_path = error.path;
    subject.failure_line = error.line;
    (void)json_text(sarif_log({subject}), 2);
    (void)terminal_text(error.what());
}

}  // namespace trivcheck::fuzz
