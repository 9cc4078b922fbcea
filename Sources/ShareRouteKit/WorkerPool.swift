#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Threads that run one job at a time together, the calling thread being worker 0.
///
/// `batch` used libdispatch's `concurrentPerform`, which waits forever for a worker thread the
/// system cannot create (under an address-space limit, `ulimit -v`), with the main thread
/// blocked and signals unanswered. Here each thread is created once, up front, and one that
/// cannot be created is simply not there: the pool says how many it has, and runs with them.
final class WorkerPool: @unchecked Sendable {
  // @unchecked: every field below `lock` is read and written under it.
  private var lock = pthread_mutex_t()
  private var wake = pthread_cond_t()
  private var done = pthread_cond_t()
  private var job: ((Int) -> Void)?
  private var generation = 0
  private var running = 0
  private var stopping = false
  private var threads: [pthread_t] = []

  /// The stack of each worker thread (the main thread keeps its own).
  static let stackBytes = 4 << 20

  /// The workers, the calling thread included: at least 1, at most what was asked.
  private(set) var count = 1

  /// Starts up to `workers - 1` threads; `count` says how many workers there are.
  init(workers: Int) {
    pthread_mutex_init(&lock, nil)
    pthread_cond_init(&wake, nil)
    pthread_cond_init(&done, nil)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, Self.stackBytes)
    for index in 1..<max(1, workers) {
      let context = Unmanaged.passRetained(WorkerContext(pool: self, index: index))
      var thread = pthread_t()
      let started = pthread_create(&thread, &attributes, { raw in
        let context = Unmanaged<WorkerContext>.fromOpaque(raw!).takeRetainedValue()
        context.pool.loop(worker: context.index)
        return nil
      }, context.toOpaque())
      guard started == 0 else {
        context.release()
        break
      }
      threads.append(thread)
      count += 1
    }
  }

  deinit {
    pthread_mutex_lock(&lock)
    stopping = true
    pthread_cond_broadcast(&wake)
    pthread_mutex_unlock(&lock)
    for thread in threads { pthread_join(thread, nil) }
    pthread_cond_destroy(&wake)
    pthread_cond_destroy(&done)
    pthread_mutex_destroy(&lock)
  }

  /// Runs `work(worker)` on every worker at once (this thread is worker 0) and returns when all
  /// have returned.
  func run(_ work: (Int) -> Void) {
    guard count > 1 else {
      work(0)
      return
    }
    // The job is held only until every worker has returned from it.
    withoutActuallyEscaping(work) { work in
      pthread_mutex_lock(&lock)
      job = work
      running = count - 1
      generation += 1
      pthread_cond_broadcast(&wake)
      pthread_mutex_unlock(&lock)
      work(0)
      pthread_mutex_lock(&lock)
      while running > 0 { pthread_cond_wait(&done, &lock) }
      job = nil
      pthread_mutex_unlock(&lock)
    }
  }

  private func loop(worker: Int) {
    var seen = 0
    while true {
      pthread_mutex_lock(&lock)
      while generation == seen && !stopping { pthread_cond_wait(&wake, &lock) }
      if stopping {
        pthread_mutex_unlock(&lock)
        return
      }
      seen = generation
      var work = job
      pthread_mutex_unlock(&lock)
      work?(worker)
      // Let go of the job before saying it is done: `run` lends it only until then.
      work = nil
      pthread_mutex_lock(&lock)
      running -= 1
      if running == 0 { pthread_cond_signal(&done) }
      pthread_mutex_unlock(&lock)
    }
  }
}

/// What a worker thread starts with.
private final class WorkerContext {
  let pool: WorkerPool
  let index: Int
  init(pool: WorkerPool, index: Int) {
    self.pool = pool
    self.index = index
  }
}
