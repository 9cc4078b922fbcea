import ArgumentParser
import ShareRouteKit
import ShareSniffing

/// `--reported-type` (once for all files, or once per file) and `--trust`.
struct ReportOptions: ParsableArguments {
  @Option(
    name: .long,
    help: "The type the sender reported for the files: once for all, or once per file in order.")
  var reportedType: [String] = []

  @Option(name: .long, help: "Whose type wins: content (default) or reported.")
  var trust: TrustPolicy = .content

  /// Checks the count of reported types against the files.
  func validate(fileCount: Int) throws {
    if !reportedType.isEmpty && fileCount == 0 {
      throw ValidationError(CLIMessages.reportedTypeWithoutFiles)
    }
    if reportedType.count > 1 && reportedType.count != fileCount {
      throw ValidationError(CLIMessages.reportedTypeCount(reportedType.count, files: fileCount))
    }
  }

  /// The reported type of the file at `index`, or `nil`.
  func reported(at index: Int) -> String? {
    ShareInput.reportedType(reportedType, at: index)
  }
}
