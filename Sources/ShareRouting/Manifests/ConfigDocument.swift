/// A YAML or JSON document as a positioned tree (`ConfigNode`), read strictly and within the
/// manifest bounds: the first step of decoding a manifest, an expectation file or a batch request
/// line.
enum ConfigDocument {
  /// The positioned tree of a YAML or JSON file read with the manifest bounds (size, UTF-8).
  static func tree(file: String) throws(ManifestError) -> ConfigNode {
    try tree(bytes: try ManifestLoader.readBounded(file), file: file)
  }

  /// The positioned tree of a YAML or JSON file's bytes (which must be UTF-8).
  static func tree(bytes: [UInt8], file: String) throws(ManifestError) -> ConfigNode {
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ManifestError(file: file, location: nil, keyPath: "", problem: .notUTF8)
    }
    return try tree(text: text, file: file)
  }

  /// The positioned tree of a text: JSON when the path ends in `.json`, YAML otherwise.
  static func tree(text: String, file: String) throws(ManifestError) -> ConfigNode {
    let isJSON = file.lowercased().hasSuffix(".json")
    let root: ConfigNode?
    do {
      root = isJSON ? try ConfigParser.parseJSON(text) : try ConfigParser.parseYAML(text)
    } catch {
      throw ManifestError(
        file: file, location: error.location, keyPath: "",
        problem: .syntax(format: isJSON ? "JSON" : "YAML", message: error.message))
    }
    guard let root else { throw ManifestError(file: file, location: nil, keyPath: "", problem: .emptyDocument) }
    return root
  }
}
