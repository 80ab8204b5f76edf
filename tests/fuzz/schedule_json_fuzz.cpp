// libFuzzer entry point for the schedule JSON reader (checker/formats/schedule_json.hpp):
// any byte string is read or refused with InputError (exit 3) or ResourceLimit
// (exit 4); nothing else may escape, crash or trip a sanitizer.
#include <cstddef>
#include <cstdint>
#include <string>

#include "checker/core/input_error.hpp"
#include "checker/core/resource_limit.hpp"
#include "checker/formats/schedule_json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        (void)trivcheck::parse_schedule_or_orbit_json(text, "fuzz.json");
    } catch (const trivcheck::InputError&) {
    } catch (const trivcheck::ResourceLimit&) {
    }
    return 0;
}
