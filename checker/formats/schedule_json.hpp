#pragma once
#include <string>
#include <variant>

#include "checker/core/input_error.hpp"
#include "models/rotation_orbit.hpp"
#include "models/schedule.hpp"

namespace trivcheck {

/// The `schema` value every native schedule file carries (docs/schedule-format.md).
inline constexpr const char* kScheduleSchema = "trivcheck.schedule/1";

/// A file as read: the rotation orbit it stands for when every step is given
/// with `"every_rank": true`, else the whole schedule (any such steps expanded).
using ScheduleOrOrbit = std::variant<Schedule, RotationOrbit>;

/// Reads and fully validates a `trivcheck.schedule/1` file (docs/schedule-
/// format.md). Throws InputError, labelled with `path`, for a file that cannot
/// be read, malformed JSON, or any field that is unknown, mistyped or out of
/// range; never returns a half-checked schedule.
Schedule read_schedule_file(const std::string& path);

/// As read_schedule_file, but a file whose every step is given for all ranks
/// at once comes back as its rotation orbit, never expanded: what `check`
/// executes one rank of.
ScheduleOrOrbit read_schedule_or_orbit_file(const std::string& path);

/// As read_schedule_file, for text already in memory; `file_label` names the
/// source in error messages. Transfers whose block sets are rotations of one
/// another share one pattern, as generated schedules do.
Schedule parse_schedule_json(const std::string& text, const std::string& file_label);
/// The whole schedule `read` stands for (an orbit expanded).
Schedule whole_schedule(ScheduleOrOrbit read);

/// As read_schedule_or_orbit_file, for text already in memory.
ScheduleOrOrbit parse_schedule_or_orbit_json(const std::string& text,
                                             const std::string& file_label);

/// The schedule as `trivcheck.schedule/1` text: deterministic (fixed field
/// order, blocks ascending), one transfer per line; block sets of up to 8
/// blocks as a list, larger ones as the shortest block-set string; empty
/// labels, shortest-path routes, main transfer buffers and empty `buffers` and
/// `local` lists left out. parse_schedule_json reads back an equal schedule
/// whenever the schedule is valid.
std::string write_schedule_json(const Schedule& schedule);

/// The orbit as `trivcheck.schedule/1` text, each step marked `"every_rank":
/// true` with only its model transfers: n times smaller than the whole
/// schedule. read_schedule_or_orbit_file reads back an equal orbit.
std::string write_orbit_json(const RotationOrbit& orbit);
void write_orbit_file(const RotationOrbit& orbit, const std::string& path);

/// Writes write_schedule_json(schedule) to `path`; throws std::runtime_error
/// naming the path and the system's reason when it cannot.
void write_schedule_file(const Schedule& schedule, const std::string& path);

}  // namespace trivcheck
