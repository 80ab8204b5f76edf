#pragma once
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "checker/formats/schedule_json.hpp"
#include "checker/mscclpp/plan.hpp"
#include "models/msccl_program.hpp"

namespace trivcheck {

/// Every kind of input trivcheck checks, as its reader returns it.
using Input = std::variant<Schedule, RotationOrbit, msccl::Program, mscclpp::Plan>;

/// A file on its way in: its path and, once read, its text (a FIFO or a pipe
/// has no second reading, so the loaders below read a file at most once and
/// keep its text here for the next one).
struct InputFile {
    std::string path;
    std::optional<std::string> text;
};

/// The input at `path`, told by its content (and its name where that decides:
/// `.xml` is MSCCL-IR, `.json` is a schedule or an MSCCL++ plan): an MSCCL++
/// execution plan, an MSCCL-IR program (read as RCCL reads it, with warnings,
/// unless `strict`), or a trivcheck.schedule/1 file (a rotation orbit when its
/// steps are given for every rank at once). Throws InputError for a file its
/// reader refuses, NotApplicable for what no checker takes.
Input load_input(const std::string& path, bool strict = false);

/// As above, for a file whose text may already be read (file.text).
Input load_input(InputFile& file, bool strict = false);

/// What the reader of `input` accepted but warns about, one line each
/// (MSCCL-IR, MSCCL++); none for a trivcheck schedule.
const std::vector<std::string>& reader_warnings(const Input& input);

/// The MSCCL++ execution plan in `file` when its content is one (never for a
/// name ending in .xml); nothing otherwise.
std::optional<mscclpp::Plan> load_mscclpp_plan(InputFile& file);

/// The MSCCL-IR program in `file` when it is one (name ending in .xml, or
/// content whose first element is `<algo`); nothing otherwise.
std::optional<msccl::Program> load_msccl_program(InputFile& file, bool strict = false);

/// The schedule or rotation orbit in `file` (trivcheck.schedule/1).
ScheduleOrOrbit load_schedule_or_orbit(const InputFile& file);

}  // namespace trivcheck
