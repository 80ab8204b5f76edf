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

/// A thread the system would not make (pthread_create's EAGAIN): what ran out is a limit.
bool is_resource_shortage(const std::system_error& error) {
    return error.code() == std::errc::resource_unavailable_try_again ||
           error.code() == std::errc::not_enough_memory;
}

}  // namespace

int run_reporting_errors(const std::function<int()>& body) {
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
        return report("unknown (resource limit): ", error.what(), exit_unknown);
    } catch (const GeneratedScheduleTooLarge& error) {
        return report("unknown (resource limit): ", error.what(), exit_unknown);
    } catch (const std::bad_alloc&) {
        // Memory ran out where no estimate refused the work first: still unknown, never a crash.
        return report("unknown (resource limit): ", "out of memory; nothing was decided",
                      exit_unknown);
    } catch (const std::invalid_argument& error) {
        return report("error: ", error.what(), exit_usage);
    } catch (const CLI::ValidationError& error) {
        return report("error: ", error.what(), exit_usage);
    } catch (const std::system_error& error) {
        if (is_resource_shortage(error))
            return report("unknown (resource limit): ",
                          std::string(error.what()) + "; nothing was decided", exit_unknown);
        return report("error: ", error.what(), exit_input_error);
    } catch (const std::runtime_error& error) {
        return report("error: ", error.what(), exit_input_error);
    } catch (const std::exception& error) {
        // A fault of trivcheck's own: reported, never a crash and never a verdict.
        return report("unknown (internal error): ", error.what(), exit_unknown);
    } catch (...) {
        return report("unknown (internal error): ", "an exception of no standard type",
                      exit_unknown);
    }
}

}  // namespace trivcheck::cli
