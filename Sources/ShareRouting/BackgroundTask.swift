#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work run on a thread of its own while the caller does something else, its result waited for
/// with ``value``: a folder's many manifest files are parsed by two threads, and under a small
/// `ulimit -s` the command runs on one (its stack is the usual 8 MiB).
///
/// When no thread can be created the work runs on the caller's thread, in ``value``. The task is
/// the thread's one owner: ``value`` and `deinit` join it, so it never outlives the task, and
/// ``value`` is read by the thread that made the task.
package final class BackgroundTask<Value: Sendable>: @unchecked Sendable {
  // @unchecked: `result` is written by the task's thread before it ends and read only after
  // `pthread_join` (or on the caller's thread when no thread was started).
  private var thread = pthread_t()
  private var started = false
  private var joined = false
  private var result: Value?
  private let work: @Sendable () -> Value

  /// The stack of the task's thread: the main thread's usual size, for parsers that recurse.
  package static var stackBytes: Int { 8 << 20 }

  /// Whether the work runs on a thread of its own (else ``value`` runs it on the caller's).
  package var hasThread: Bool { started }

  /// Starts `work` on a new thread.
  package init(_ work: @escaping @Sendable () -> Value) {
    self.work = work
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, Self.stackBytes)
    // The thread is joined before the task goes (``value`` or `deinit`), so it may use `self`.
    let body = Unmanaged.passRetained(ThreadBody { [unowned(unsafe) self] in self.result = self.work() })
    started = pthread_create(&thread, &attributes, { raw in
      Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
      return nil
    }, body.toOpaque()) == 0
    if !started { body.release() }
  }

  deinit {
    if started && !joined { pthread_join(thread, nil) }
  }

  /// The work's result, waiting for its thread to end (or running it here when there is none).
  package var value: Value {
    if started && !joined {
      pthread_join(thread, nil)
      joined = true
    }
    if let result { return result }
    let computed = work()
    result = computed
    return computed
  }
}

/// What a task's thread runs.
private final class ThreadBody {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
