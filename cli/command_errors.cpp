#include "cli/command_errors.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <new>
#include <string>
#include <system_error>

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

int run_reporting_errors(const std::function<int()>& body, const UnknownHandler& on_unknown) {
    try {
        return body();
    } catch (const SizeSpecError& error) {
        return report("error: --n: ", error.what(), exit_usage);
    } catch (const ShardError& error) {
        return report("error: --shard: ", error.what(), exit_usage);
    } catch (const InputError& error) {
        return report("error: ", error.what(), exit_input_error);
    } catch (const NotApplicable& error) {
        return report("not applicable: ", error.what(), exit_usage);
    } catch (const ResourceLimit& error) {
        return unknown("resource limit", error.what(), on_unknown);
    } catch (const GeneratedScheduleTooLarge& error) {
        return unknown("resource limit", error.what(), on_unknown);
    } catch (const std::bad_alloc&) {
        // Memory ran out where no estimate refused the work first: still unknown, never a crash.
        return unknown("resource limit", "out of memory; nothing was decided", on_unknown);
    } catch (const std::invalid_argument& error) {
        return report("error: ", error.what(), exit_usage);
    } catch (const CLI::ValidationError& error) {
        return report("error: ", error.what(), exit_usage);
    } catch (const std::system_error& error) {
        if (is_resource_shortage(error))
            return unknown("resource limit", std::string(error.what()) + "; nothing was decided",
                           on_unknown);
        return report("error: ", error.what(), exit_input_error);
    } catch (const std::runtime_error& error) {
        return report("error: ", error.what(), exit_input_error);
    } catch (const std::exception& error) {
        // A fault of trivcheck's own: reported, never a crash and never a verdict.
        return unknown("internal error", error.what(), on_unknown);
    } catch (...) {
        return unknown("internal error", "an exception of no standard type", on_unknown);
    }
}

}  // namespace trivcheck::cli
