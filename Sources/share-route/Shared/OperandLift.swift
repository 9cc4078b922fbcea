/// Long argument lists handed past swift-argument-parser, whose removal of each parsed argument
/// costs time in proportion to the list: 10,000 paths or `--uti` flags took seconds (quadratic).
///
/// Before parsing, when a `route` or `sniff` command line has more than ``threshold`` arguments,
/// its file operands and the values of its repeatable item options (`--text`, `--url`,
/// `--type`, `--uti`, `--reported-type`) are taken out in order; the parser sees only the rest,
/// and the command puts them back in `validate()`. Options keep every check and message of the
/// parser. A test compares the option lists below with the parser's own (`--experimental-dump-help`).
enum OperandLift {
  /// Arguments above which lists are lifted (below it the parser's cost is negligible).
  static let threshold = 64

  /// What was lifted, in command-line order within each kind.
  struct Lifted {
    var paths: [String] = []
    var texts: [String] = []
    var urls: [String] = []
    var types: [String] = []
    var utis: [String] = []
    var reportedTypes: [String] = []

    /// Adds the value of one of ``OperandLift/liftedOptions``.
    mutating func add(_ value: String, for option: String) {
      switch option {
      case "--text": texts.append(value)
      case "--url": urls.append(value)
      case "--type": types.append(value)
      case "--uti": utis.append(value)
      default: reportedTypes.append(value)
      }
    }
  }

  /// Set once by `main` before parsing; read by the command's `validate()`.
  nonisolated(unsafe) static var lifted = Lifted()

  /// Options that take a value, by command (the rest are flags).
  static let valueOptions: [String: Set<String>] = [
    "route": [
      "--text", "--url", "--type", "--uti", "--reported-type", "--trust", "--source", "--platform", "--manifests",
      "--configuration", "--variant", "--locale", "--privileged", "--format", "--files-from", "--color", "--jobs",
      "--from", "--capture", "--intent", "--ios-version", "--exclude",
    ],
    "sniff": ["--reported-type", "--trust", "--format", "--files-from", "--jobs"],
  ]

  /// The lifted options.
  static let liftedOptions: Set<String> = ["--text", "--url", "--type", "--uti", "--reported-type"]

  /// The arguments for the parser, with the long lists lifted into ``lifted``.
  static func lift(_ arguments: [String]) -> [String] {
    guard arguments.count > threshold else { return arguments }
    let command: String
    var kept: [String] = []
    var rest = arguments[...]
    if let first = rest.first, ["route", "sniff"].contains(first) {
      command = first
      kept.append(first)
      rest = rest.dropFirst()
    } else if let first = rest.first, FastPath.commandWords.contains(first) {
      return arguments
    } else {
      command = "route"
    }
    guard let valued = valueOptions[command] else { return arguments }
    var found = Lifted()
    var index = rest.startIndex
    while index < rest.endIndex {
      let argument = rest[index]
      index += 1
      if argument == "--" {
        // Everything after the terminator is an operand.
        found.paths += rest[index...]
        break
      }
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        let name = String(argument[..<equals])
        if liftedOptions.contains(name), command == "route" || name == "--reported-type" {
          found.add(String(argument[argument.index(after: equals)...]), for: name)
        } else {
          kept.append(argument)
        }
        continue
      }
      if argument.hasPrefix("-") && argument.count > 1 {
        if valued.contains(argument), index < rest.endIndex, !rest[index].hasPrefix("-") || rest[index] == "-" {
          if liftedOptions.contains(argument), command == "route" || argument == "--reported-type" {
            found.add(rest[index], for: argument)
          } else {
            kept += [argument, rest[index]]
          }
          index += 1
        } else {
          kept.append(argument)
        }
        continue
      }
      found.paths.append(argument)
    }
    lifted = found
    return kept
  }
}
