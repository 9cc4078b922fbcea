/// Every reason share-route gives for a file's type, worded in one place.
enum SniffMessages {
  static func refined(sniffed: String, _ refinement: Refinement) -> String {
    "libmagic said \(sniffed); \(refinement.evidence)"
  }

  static func tinyByExtension(size: Int, fileExtension: String, type: String) -> String {
    "the file has only \(size) byte\(size == 1 ? "" : "s"); the extension .\(fileExtension) decided \(type)"
  }

  static func byExtension(sniffed: String, fileExtension: String, type: String) -> String {
    "content is \(sniffed); the extension .\(fileExtension) decided \(type)"
  }

  static let empty = "the file is empty"

  static func genericReport(_ reported: String, content: String) -> String {
    "reported \(reported.isEmpty ? "an empty type" : reported) is generic, content is \(content)"
  }

  static func reportAllowed(content: String, reported: String) -> String {
    "content is \(content), which allows the reported \(reported)"
  }

  static func corrected(reported: String, content: String, evidence: String?) -> String {
    "reported \(reported), content is \(content)" + (evidence.map { " (\($0))" } ?? "")
  }
}
