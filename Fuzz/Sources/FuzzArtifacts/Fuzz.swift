import FuzzDriver
import Foundation
@testable import ShareArchives
@testable import ShareRouting

/// The readers of built artifacts' members, the first byte picking which: 0 compiled XML
/// (`AndroidManifest.xml` of an APK), 1 `resources.arsc`, 2 an App Bundle's protocol-buffer
/// manifest, 3 `resources.pb`, 4 `InfoPlist.strings`, 5 a ZIP archive (written to a file, its
/// directory read and its first members decompressed within a bound). Each reads or throws, never crashes or
/// hangs; a manifest that reads is imported as an artifact's (labels, filters, lint places).
@main
enum Main {
  static func main() {
    runFuzzer { input in
      guard let role = input.first else { return }
      let bytes = Array(input.dropFirst())
      switch role % 6 {
      case 0, 2:
        let document = try? (role % 6 == 0
          ? BinaryXML.parse(bytes, resources: nil, locale: nil) : ProtoXML.parse(bytes, resources: nil, locale: nil))
        guard let document else { return }
        var importer = AndroidManifestImporter(file: "fuzz.apk", built: AndroidManifestImporter.Built())
        importer.read(document.root)
        let decoded = ArtifactImport.relocated(
          Decoded(documents: importer.documents, errors: importer.errors, warnings: importer.warnings), paths: document.paths)
        for error in decoded.errors { _ = error.description }
        for warning in decoded.warnings { _ = warning.description }
      case 1, 3:
        let table = try? (role % 6 == 1 ? ResourceTable(bytes) : ProtoResources.table(bytes))
        guard let table else { return }
        for id: UInt32 in [0x7f01_0000, 0x7f02_0000, 0x7f02_0001, 0x7f03_0002, 0x7f03_0003, 0x0104_0082] {
          for locale in [nil, AndroidLocale("de"), AndroidLocale("pt-BR")] {
            var lookups = 0
            _ = table.value(id, locale: locale, lookups: &lookups)
          }
        }
      case 4:
        _ = StringsFile.parse(bytes)
      default:
        let path = NSTemporaryDirectory() + "fuzz-artifact-\(getpid()).zip"
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let archive = try? ZipArchive(path: path) else { return }
        for entry in archive.entries.prefix(3) { _ = try? archive.read(entry, limit: 1 << 20) }
      }
    }
  }
}
