#include "cli/app.hpp"
#include "cli/huge_pages.hpp"
#include "cli/interrupt.hpp"

int main(int argc, char** argv) {
    trivcheck::cli::restart_with_huge_pages(argv);
    trivcheck::cli::end_on_interrupt();
    return trivcheck::cli::run(argc, argv);
}
