#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many file descriptors a run may use, and how many workers that allows.
///
/// A worker holds one file open at a time; loading libmagic opens its database for a moment;
/// parallel workers run on libdispatch's pool, whose event loop needs two descriptors of its
/// own (an epoll instance and an eventfd) and traps when it cannot get them. The soft limit is
/// raised to the hard limit first, as Go's runtime does, so a low soft limit alone is no
/// obstacle.
package enum DescriptorBudget {
  /// Descriptors a run of `workers` workers needs beyond those already open.
  package static func needed(workers: Int) -> Int {
    1 + max(1, workers) + (workers > 1 ? 2 : 0) + 1
  }

  /// The descriptors the process may still open (after raising its soft limit to its hard
  /// limit), or `nil` when there are plenty (a limit of thousands).
  package static func available() -> Int? {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
    if limit.rlim_cur < limit.rlim_max {
      var raised = limit
      raised.rlim_cur = limit.rlim_max
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    guard limit.rlim_cur < 4_096 else { return nil }
    let ceiling = Int32(limit.rlim_cur)
    var open = 0
    for fd in 0..<ceiling where fcntl(fd, F_GETFD) != -1 { open += 1 }
    return Int(ceiling) - open
  }

  /// The workers a run may start for `jobs` asked: as many as the descriptors allow (at most
  /// `jobs`), or `nil` when not even one worker fits.
  package static func workers(forJobs jobs: Int) -> Int? {
    guard let free = available() else { return jobs }
    var workers = max(1, jobs)
    while workers > 0 && needed(workers: workers) > free { workers -= 1 }
    return workers == 0 ? nil : workers
  }
}
