#include "cli/app.hpp"
#include "cli/huge_pages.hpp"

int main(int argc, char** argv) {
    trivcheck::cli::restart_with_huge_pages(argv);
    return trivcheck::cli::run(argc, argv);
}
