#include "cli/app.hpp"

int main(int argc, char** argv) { return trivcheck::cli::run(argc, argv); }
