#include "cli/command_errors.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <string>
#include <system_error>

#include "checker/core/address_space_cap.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/execution/executor.hpp"
#include "checker/formats/size_spec.hpp"
#include "checker/formats/terminal_text.hpp"
#include "checker/search/shard.hpp"
#include "models/generator.hpp"

namespace trivcheck::cli {

namespace {

/// The message on stderr, its control bytes escaped (a file's name or content may carry any).
int report(const char* prefix, const std::string& message, int exit_code) {
    std::cerr << prefix << terminal_text(message) << "\n";
    return exit_code;
}

/// An exit 4: handed to `on_unknown` (a JSON report), then said on stderr.
int unknown(const std::string& cause, const std::string& reason, const UnknownHandler& on_unknown) {
    if (on_unknown) on_unknown(cause, reason);
    return report(("unknown (" + cause + "): ").c_str(), reason, exit_unknown);
}

/// A thread the system would not make (pthread_create's EAGAIN): what ran out is a limit.
bool is_resource_shortage(const std::system_error& error) {
    return error.code() == std::errc::resource_unavailable_try_again ||
           error.code() == std::errc::not_enough_memory;
}

}  // namespace

CaughtError describe_current_exception() {
    try {
        throw;
    } catch (const SizeSpecError& error) {
        return {exit_usage, "error: --n: ", error.what()};
    } catch (const ShardError& error) {
        return {exit_usage, "error: --shard: ", error.what()};
    } catch (const InputError& error) {
        return {exit_input_error, "error: ", error.what()};
    } catch (const NotApplicable& error) {
        return {exit_usage, "not applicable: ", error.what()};
    } catch (const ResourceLimit& error) {
        return {exit_unknown, "resource limit", error.what()};
    } catch (const GeneratedScheduleTooLarge& error) {
        return {exit_unknown, "resource limit", error.what()};
    } catch (const std::bad_alloc&) {
        // Memory ran out where no estimate refused the work first: still unknown, never a crash.
        if (const std::uint64_t limit = address_space_cap_limit(); limit != 0)
            return {exit_unknown, "resource limit",
                    "out of memory at the limit of " + std::to_string(limit >> 20) + " MiB (" +
                        (address_space_cap_is_default()
                             ? "the default limit, 80% of the available memory, caps the "
                               "address space; --memory-limit sets another"
                             : "--memory-limit caps the address space") +
                        "); nothing was decided"};
        return {exit_unknown, "resource limit", "out of memory; nothing was decided"};
    } catch (const std::invalid_argument& error) {
        return {exit_usage, "error: ", error.what()};
    } catch (const CLI::ValidationError& error) {
        return {exit_usage, "error: ", error.what()};
    } catch (const std::system_error& error) {
        if (is_resource_shortage(error))
            return {exit_unknown, "resource limit",
                    std::string(error.what()) + "; nothing was decided"};
        return {exit_input_error, "error: ", error.what()};
    } catch (const std::runtime_error& error) {
        return {exit_input_error, "error: ", error.what()};
    } catch (const std::exception& error) {
        // A fault of trivcheck's own: reported, never a crash and never a verdict.
        return {exit_unknown, "internal error", error.what()};
    } catch (...) {
        return {exit_unknown, "internal error", "an exception of no standard type"};
    }
}

int run_reporting_errors(const std::function<int()>& body, const UnknownHandler& on_unknown) {
    try {
        return body();
    } catch (...) {
        const CaughtError error = describe_current_exception();
        if (error.exit_code == exit_unknown) return unknown(error.label, error.message, on_unknown);
        return report(error.label.c_str(), error.message, error.exit_code);
    }
}

}  // namespace trivcheck::cli
