/// Runs libFuzzer (`LLVMFuzzerRunDriver` from the toolchain's libclang_rt.fuzzer_no_main) with a
/// Swift body; fuzz/run.sh links that library and builds with -sanitize=address and
/// -sanitize-coverage, so each target keeps an ordinary `main`.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

nonisolated(unsafe) private var fuzzBody: ((UnsafeBufferPointer<UInt8>) -> Void)?

/// Hands every input libFuzzer makes to `body`, with libFuzzer's command-line options.
public func runFuzzer(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) -> Never {
  fuzzBody = body
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
    fuzzBody?(UnsafeBufferPointer(start: data, count: size))
    return 0
  }
  exit(status)
}

#if canImport(Glibc)
  import Glibc
#endif
