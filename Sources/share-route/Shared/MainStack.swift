#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the command on a stack of the usual size, so that the nesting bounds of its readers (XML
/// and property lists 256 levels, YAML and JSON 64, predicates 64) hold however small `ulimit -s`
/// makes the main thread's stack: a document 250 levels deep is an error naming it, never a crash.
enum MainStack {
  /// The stack the bounds are measured with: Linux's and macOS's usual 8 MiB.
  static let bytes = 8 << 20

  /// Runs `body` here when the main thread's stack may grow to ``bytes``; else on a thread with a
  /// stack of that size, waiting for it (here again when the system will not start the thread).
  static func run(_ body: @escaping @Sendable () -> Void) {
    var limit = rlimit()
    if getrlimit(Int32(RLIMIT_STACK.rawValue), &limit) != 0 || limit.rlim_cur == rlim_t.max || limit.rlim_cur >= rlim_t(bytes) {
      body()
      return
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, bytes)
    let box = Unmanaged.passRetained(Body(body))
    var thread = pthread_t()
    let started = pthread_create(&thread, &attributes, { raw in
      guard let raw else { return nil }
      Unmanaged<Body>.fromOpaque(raw).takeRetainedValue().run()
      return nil
    }, box.toOpaque())
    guard started == 0 else {
      box.takeRetainedValue().run()
      return
    }
    // The stop signals are the command thread's to take (they interrupt its reads): this thread,
    // which only waits, blocks them, or the kernel would hand them here first.
    var stops = sigset_t()
    sigemptyset(&stops)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGXCPU] { sigaddset(&stops, signal) }
    pthread_sigmask(SIG_BLOCK, &stops, nil)
    pthread_join(thread, nil)
  }

  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }
}
