#include "cli/app.hpp"

#include <CLI/CLI.hpp>

namespace trivcheck::cli {

int run(int argc, char** argv) {
    CLI::App app{"trivcheck: proves collective-communication schedules correct, or shows how they are wrong"};
    CLI11_PARSE(app, argc, argv);
    return 0;
}

}  // namespace trivcheck::cli
