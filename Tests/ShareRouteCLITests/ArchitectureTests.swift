import Foundation
import Testing

/// `docs/architecture.md` is a true map: every module is in its table with the imports it may use,
/// and no source file imports anything else; every folder of a module is named in that module's
/// section; the public API is at most 250 declarations, and every public type is in the page's
/// table under the file that declares it.
@Suite struct ArchitectureTests {
  static let page: String = (try? String(contentsOfFile: CLI.root + "/docs/architecture.md", encoding: .utf8)) ?? ""

  /// The modules: the folders of `Sources/`.
  static var modules: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: CLI.root + "/Sources")) ?? []).filter { !$0.hasPrefix(".") }.sorted()
  }

  /// The Swift files of a module, relative to `Sources/<module>/`.
  static func swiftFiles(_ module: String) -> [String] {
    let walker = FileManager.default.enumerator(atPath: CLI.root + "/Sources/" + module)
    var found: [String] = []
    while let relative = walker?.nextObject() as? String {
      if relative.hasSuffix(".swift") { found.append(relative) }
    }
    return found.sorted()
  }

  /// The names in backticks of a text.
  static func backticked(_ text: some StringProtocol) -> Set<String> {
    let parts = text.split(separator: "`", omittingEmptySubsequences: false)
    return Set(stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) })
  }

  /// The row of the module table that names `module` first, split into cells.
  static func row(_ module: String) -> [Substring]? {
    page.split(separator: "\n").first { line in
      line.hasPrefix("| ") && line.split(separator: "|").first.map { backticked($0).contains(module) } == true
    }?.split(separator: "|", omittingEmptySubsequences: false)
  }

  /// The modules a source line imports (`import X`, `internal import X`, `@_exported import X`…).
  static func imported(_ line: Substring) -> String? {
    let words = line.split(separator: " ")
    guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "package", "private"].contains($0) })
    else { return nil }
    return String(words[index + 1])
  }

  @Test func everyModuleIsInTheTableAndImportsOnlyWhatItMay() throws {
    #expect(Self.modules.count >= 9)
    var wrong: [String] = []
    for module in Self.modules {
      guard let cells = Self.row(module) else {
        wrong.append("\(module): not in the module table")
        continue
      }
      let allowed = Self.backticked(cells[cells.count - 2]).union(["Glibc", "Darwin"])
      for file in Self.swiftFiles(module) {
        let text = try String(contentsOfFile: CLI.root + "/Sources/\(module)/\(file)", encoding: .utf8)
        for line in text.split(separator: "\n") {
          guard let name = Self.imported(line.drop { $0 == " " }) else { continue }
          if !allowed.contains(name) { wrong.append("\(module)/\(file): imports \(name)") }
        }
      }
    }
    #expect(wrong == [])
  }

  @Test func everyFolderIsInItsModulesSection() throws {
    var missing: [String] = []
    for module in Self.modules {
      let base = CLI.root + "/Sources/" + module
      let walker = FileManager.default.enumerator(atPath: base)
      var folders: [String] = []
      while let relative = walker?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: base + "/" + relative, isDirectory: &isDirectory), isDirectory.boolValue
        else { continue }
        if relative.hasSuffix(".docc") { walker?.skipDescendants() }
        folders.append(relative + "/")
      }
      guard !folders.isEmpty else { continue }
      let sections = Self.page.components(separatedBy: "\n### ")
      guard let section = sections.first(where: { $0.hasPrefix(module + "\n") }) else {
        missing.append("\(module): no section")
        continue
      }
      let named = Self.backticked(section)
      for folder in folders where !named.contains(folder) { missing.append("\(module)/\(folder)") }
    }
    #expect(missing == [])
  }

  @Test func thePublicAPIIsSmallAndMapped() throws {
    var declarations = 0
    var types: [(file: String, name: String)] = []
    for module in Self.modules {
      for file in Self.swiftFiles(module) {
        let text = try String(contentsOfFile: CLI.root + "/Sources/\(module)/\(file)", encoding: .utf8)
        for line in text.split(separator: "\n") {
          let words = line.split(separator: " ").drop { $0.hasPrefix("@") }
          guard words.first == "public" else { continue }
          declarations += 1
          // A top-level type: `public struct X`, `public enum X`, `public final class X`.
          guard !line.hasPrefix(" "), let kind = words.dropFirst().first(where: { !["final"].contains($0) }),
            ["struct", "enum", "class"].contains(kind), let name = words.drop(while: { $0 != kind }).dropFirst().first
          else { continue }
          types.append(("\(module)/\(file)", String(name.prefix { $0.isLetter || $0.isNumber })))
        }
      }
    }
    #expect(declarations <= 250, "\(declarations) public declarations")
    #expect(declarations > 150)
    var unmapped: [String] = []
    for type in types {
      let line = Self.page.split(separator: "\n").first { $0.hasPrefix("| `\(type.file)`") }
      if line.map({ Self.backticked($0).contains(type.name) }) != true { unmapped.append("\(type.file): \(type.name)") }
    }
    #expect(types.count > 30)
    #expect(unmapped == [])
  }
}
