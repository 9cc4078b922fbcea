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
      if isExpandedLinkedData(value) {
        return Finding(
          type: "application/ld+json", evidence: SniffMessages.Evidence.jsonKeys("JSON-LD document", "an array of nodes with IRI properties"))
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

  /// An expanded JSON-LD document as a processor writes it (JSON-LD 1.1 API §5.1, `expand()`): an
  /// array of node objects, each key an absolute IRI or a keyword (`@id`, `@type`, …), and some
  /// property's value a node or value object (`{"@id": …}`, `{"@value": …}`), as expanded
  /// properties always are. The whole parsed file is read, at most ``maxNodes`` nodes.
  static func isExpandedLinkedData(_ value: Any) -> Bool {
    guard let nodes = value as? [Any], !nodes.isEmpty else { return false }
    var linked = false
    for node in nodes.prefix(maxNodes) {
      guard let object = node as? [String: Any], !object.isEmpty else { return false }
      for (key, member) in object {
        guard isNodeKey(key) else { return false }
        if !linked, isAbsoluteIRI(key) {
          let values = member as? [Any] ?? [member]
          linked = values.contains { value in
            (value as? [String: Any])?.keys.contains(where: JSONKeys.linkedDataKeywords.contains) == true
          }
        }
      }
    }
    return linked
  }

  /// The nodes of an expanded document read at most.
  static let maxNodes = 1000

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
