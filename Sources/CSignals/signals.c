// Stop signals for `share-route batch`: the handler only records which signal came; the batch
// loop looks at it between reads and chunks, finishes or drops the lines in flight, and ends on
// a whole line. Written in C because a signal handler may only touch lock-free atomics.
#include "share_route_signals.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>

static atomic_int received = 0;

static void record(int signal_number) {
  int expected = 0;
  atomic_compare_exchange_strong(&received, &expected, signal_number);
}

void share_route_catch_stop_signals(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = record;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking read is interrupted
  sigaction(SIGTERM, &action, 0);
  sigaction(SIGINT, &action, 0);
  sigaction(SIGHUP, &action, 0);
  // The CPU time limit's soft limit (ulimit -S -t) is a request to stop, as the others are. At
  // the hard limit the kernel sends SIGKILL instead, which nothing can answer: bash's ulimit -t
  // sets both, so only a soft limit below the hard one leaves time to stop on a whole line.
  sigaction(SIGXCPU, &action, 0);
  // A parent may have left them blocked (the mask is inherited through exec): unblock them, or
  // they would wait pending forever.
  sigset_t stops;
  sigemptyset(&stops);
  sigaddset(&stops, SIGTERM);
  sigaddset(&stops, SIGINT);
  sigaddset(&stops, SIGHUP);
  sigaddset(&stops, SIGXCPU);
  pthread_sigmask(SIG_UNBLOCK, &stops, 0);
}

int share_route_stop_signal(void) { return atomic_load(&received); }
