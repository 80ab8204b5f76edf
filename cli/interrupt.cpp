#include "cli/interrupt.hpp"

#include <pthread.h>
#include <unistd.h>

#include <csignal>

#include "checker/formats/atomic_file.hpp"

namespace trivcheck::cli {

namespace {

sigset_t interrupt_signal() {
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGINT);
    return signals;
}

/// The one thread that takes SIGINT. Every other thread has it blocked, so a
/// handler installed by a library cannot take it: Z3 puts its own on SIGINT
/// for each check (scoped_ctrl_c) and takes a Ctrl-C for "cancel this query"
/// (prove ran on with the next one), and restoring it from several threads
/// at once left a handler pointing at a finished check (model: SIGSEGV).
void* wait_for_interrupt(void*) {
    const sigset_t signals = interrupt_signal();
    int received = 0;
    while (sigwait(&signals, &received) != 0) {
    }
    remove_unfinished_files();
    constexpr char message[] = "\ntrivcheck: interrupted (SIGINT): stopped; exit 130\n";
    [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, message, sizeof message - 1);
    // The work of the other threads is dropped where it stands: what standard
    // output holds in its buffer is not printed, and no file is renamed into
    // place (a report is printed when its work is done, so an interrupted
    // command prints none, or the lines it finished: sweep --json).
    ::_exit(130);
}

}  // namespace

void end_on_interrupt() {
    struct sigaction current {};
    if (sigaction(SIGINT, nullptr, &current) != 0 || current.sa_handler == SIG_IGN) return;
    const sigset_t signals = interrupt_signal();
    if (pthread_sigmask(SIG_BLOCK, &signals, nullptr) != 0) return;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    pthread_t waiter;
    const bool started = pthread_create(&waiter, &attributes, wait_for_interrupt, nullptr) == 0;
    pthread_attr_destroy(&attributes);
    if (started) {
        pthread_detach(waiter);
        return;
    }
    // No thread to take it (no memory for a stack): SIGINT ends the process as it would by
    // default, with no message.
    pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
}

}  // namespace trivcheck::cli
