/// A position in a text file, 1-based.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public let line: Int
  /// The column, from 1, in Unicode scalars.
  public let column: Int

  /// Creates a location.
  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }
}
