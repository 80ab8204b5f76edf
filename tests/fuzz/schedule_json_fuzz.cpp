// libFuzzer entry point for the schedule JSON reader (checker/formats/schedule_json.hpp):
// any byte string is read or refused with InputError (exit 3) or ResourceLimit
// (exit 4); nothing else may escape, crash or trip a sanitizer. What is read and
// small is also checked, and the report, or the refusal, rendered as text, JSON
// and SARIF (tests/fuzz/render_report.hpp).
#include <cstddef>
#include <cstdint>
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/core/resource_limit.hpp"
#include "checker/explanations/check.hpp"
#include "checker/formats/schedule_json.hpp"
#include "models/generator.hpp"
#include "tests/fuzz/render_report.hpp"

namespace {

/// Whether checking `schedule` stays small enough for a fuzzing run.
bool small_enough(const trivcheck::Schedule& schedule) {
    return static_cast<std::int64_t>(schedule.ranks) * schedule.blocks * schedule.buffer_count() <=
               4096 &&
           schedule.steps.size() <= 64;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const trivcheck::ScheduleOrOrbit read =
            trivcheck::parse_schedule_or_orbit_json(text, "fuzz.json");
        const auto* orbit = std::get_if<trivcheck::RotationOrbit>(&read);
        const trivcheck::Schedule& schedule =
            orbit ? orbit->model : std::get<trivcheck::Schedule>(read);
        if (!small_enough(schedule)) return 0;
        const trivcheck::Report report =
            orbit ? trivcheck::check_orbit(*orbit, {}) : trivcheck::check_schedule(schedule, {});
        trivcheck::fuzz::render_report(report, text, false);
    } catch (const trivcheck::InputError& error) {
        trivcheck::fuzz::render_refusal(error, text);
    } catch (const trivcheck::ResourceLimit&) {
    } catch (const trivcheck::NotApplicable&) {
    }
    return 0;
}
