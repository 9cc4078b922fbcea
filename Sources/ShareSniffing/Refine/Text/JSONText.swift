import Foundation

/// JSON: a whole value that parses, or the head of an object or array; its dialect (GeoJSON,
/// glTF, CycloneDX) by its keys.
extension TextFamilies {
  static func json(_ start: String, bytes: [UInt8], isComplete: Bool, sniffed: String) -> Finding? {
    guard let first = start.first, first == "{" || first == "[" else { return nil }
    if isComplete {
      guard (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil else {
        return nil
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
}
