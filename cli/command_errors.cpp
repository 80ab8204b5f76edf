#include "cli/command_errors.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <new>

#include "checker/execution/executor.hpp"
#include "checker/core/exit_code.hpp"
#include "checker/core/input_error.hpp"
#include "checker/search/shard.hpp"
#include "checker/formats/size_spec.hpp"
#include "models/generator.hpp"

namespace trivcheck::cli {

int run_reporting_errors(const std::function<int()>& body) {
    try {
        return body();
    } catch (const SizeSpecError& error) {
        std::cerr << "error: --n: " << error.what() << "\n";
        return exit_usage;
    } catch (const ShardError& error) {
        std::cerr << "error: --shard: " << error.what() << "\n";
        return exit_usage;
    } catch (const InputError& error) {
        std::cerr << "error: " << error.what() << "\n";
        return exit_input_error;
    } catch (const NotApplicable& error) {
        std::cerr << "not applicable: " << error.what() << "\n";
        return exit_usage;
    } catch (const ResourceLimit& error) {
        std::cerr << "unknown (resource limit): " << error.what() << "\n";
        return exit_unknown;
    } catch (const GeneratedScheduleTooLarge& error) {
        std::cerr << "unknown (resource limit): " << error.what() << "\n";
        return exit_unknown;
    } catch (const std::bad_alloc&) {
        // Memory ran out where no estimate refused the work first: still unknown, never a crash.
        std::cerr << "unknown (resource limit): out of memory; nothing was decided\n";
        return exit_unknown;
    } catch (const std::invalid_argument& error) {
        std::cerr << "error: " << error.what() << "\n";
        return exit_usage;
    } catch (const CLI::ValidationError& error) {
        std::cerr << "error: " << error.what() << "\n";
        return exit_usage;
    } catch (const std::runtime_error& error) {
        std::cerr << "error: " << error.what() << "\n";
        return exit_input_error;
    }
}

}  // namespace trivcheck::cli
