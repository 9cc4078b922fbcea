import Foundation

/// JSON: a whole value that parses, or the head of an object or array; its dialect (GeoJSON,
/// glTF, CycloneDX, Jupyter notebooks, JSON-LD, JRD, JSON Patch) by its keys.
extension TextFamilies {
  static func json(_ start: String, bytes: [UInt8], isComplete: Bool, sniffed: String) -> Finding? {
    guard let first = start.first, first == "{" || first == "[" else { return nil }
    if isComplete {
      guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
        return nil
      }
      if isJSONPatch(value) {
        return Finding(type: "application/json-patch+json", evidence: SniffMessages.Evidence.jsonPatch)
      }
      return jsonDialect(bytes) ?? Finding(type: "application/json", evidence: SniffMessages.Evidence.itParsesAsJson)
    }
    // A head cut short cannot be parsed; trust libmagic's JSON test or an unmistakable opening.
    let opening = start.dropFirst().drop { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    if sniffed == "application/json" || (first == "{" && opening.first == "\"") {
      return jsonDialect(bytes) ?? Finding(type: "application/json", evidence: SniffMessages.Evidence.itOpensLikeAJsonObject)
    }
    return nil
  }

  /// The operations of JSON Patch (RFC 6902 §4).
  static let jsonPatchOperations: Set<String> = ["add", "remove", "replace", "move", "copy", "test"]

  /// A JSON Patch document: an array of operations, each an object whose `op` is one of RFC 6902's
  /// and whose `path` is a JSON Pointer (empty, or starting with `/`).
  static func isJSONPatch(_ value: Any) -> Bool {
    guard let operations = value as? [Any], !operations.isEmpty else { return false }
    return operations.allSatisfy { operation in
      guard let object = operation as? [String: Any], let op = object["op"] as? String, let path = object["path"] as? String
      else { return false }
      return jsonPatchOperations.contains(op) && (path.isEmpty || path.hasPrefix("/"))
    }
  }
}
