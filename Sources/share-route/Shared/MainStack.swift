import ShareRouting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the command on a stack of the usual size, so that the nesting bounds of its readers (XML
/// and property lists 256 levels, YAML and JSON 64, predicates 64) hold however small `ulimit -s`
/// makes the main thread's stack: a document 250 levels deep is an error naming it, never a crash.
enum MainStack {
  /// Runs `body` here when the main thread's stack may grow to ``BackgroundTask``'s (the usual
  /// 8 MiB the bounds are measured with); else on a ``BackgroundTask``, waiting for it.
  static func run(_ body: @escaping @Sendable () -> Void) {
    var limit = rlimit()
    if getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) != 0 || limit.rlim_cur == rlim_t.max
      || limit.rlim_cur >= rlim_t(BackgroundTask<Void>.stackBytes)
    {
      body()
      return
    }
    let task = BackgroundTask(body)
    if task.hasThread {
      // The stop signals are the command thread's to take (they interrupt its reads): this
      // thread, which only waits, blocks them, or the kernel would hand them here first.
      var stops = sigset_t()
      sigemptyset(&stops)
      for signal in [SIGINT, SIGTERM, SIGHUP, SIGXCPU] { sigaddset(&stops, signal) }
      pthread_sigmask(SIG_BLOCK, &stops, nil)
    }
    task.value
  }
}
