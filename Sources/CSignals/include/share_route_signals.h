#ifndef SHARE_ROUTE_SIGNALS_H
#define SHARE_ROUTE_SIGNALS_H

/// Installs handlers for SIGTERM, SIGINT, SIGHUP and SIGXCPU (the CPU time limit) that only record the signal (an atomic store,
/// async-signal-safe), without SA_RESTART, so a blocking read returns EINTR and the program can
/// stop at a line boundary. Call once.
void share_route_catch_stop_signals(void);

/// The first stop signal received since share_route_catch_stop_signals(), or 0.
int share_route_stop_signal(void);

#endif
