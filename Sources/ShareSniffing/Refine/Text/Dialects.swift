/// XML and JSON dialects: formats with their own registered type that libmagic 5.44 calls plain
/// `application/xml` / `application/json` — told by the root element and its namespace, or by
/// an object's top-level keys, in the head only.
extension TextFamilies {
  /// An XML dialect: the root's local name (lower case), the namespace its start tag must
  /// declare (or `nil`: the name alone decides), and the type.
  struct XMLDialect: Sendable {
    let root: String
    let namespace: String?
    let type: String
  }

  /// The XML dialects, by root element.
  static let xmlDialects: [XMLDialect] = [
    XMLDialect(root: "kml", namespace: nil, type: "application/vnd.google-earth.kml+xml"),
    XMLDialect(root: "gpx", namespace: nil, type: "application/gpx+xml"),
    XMLDialect(root: "trainingcenterdatabase", namespace: nil, type: "application/vnd.garmin.tcx+xml"),
    XMLDialect(root: "x3d", namespace: nil, type: "model/x3d+xml"),
    XMLDialect(root: "xliff", namespace: nil, type: "application/xliff+xml"),
    XMLDialect(root: "xfdf", namespace: nil, type: "application/vnd.adobe.xfdf"),
    // Windows Media's playlists and captions.
    XMLDialect(root: "asx", namespace: nil, type: "audio/x-ms-asx"),
    XMLDialect(root: "sami", namespace: nil, type: "application/x-sami"),
    XMLDialect(root: "ontology", namespace: "http://www.w3.org/2002/07/owl#", type: "application/owl+xml"),
    XMLDialect(root: "bom", namespace: "http://cyclonedx.org/schema/bom/", type: "application/vnd.cyclonedx+xml"),
    // 3D models libmagic names when its rules run (share-route's text shortcut skips them): COLLADA,
    // the Additive Manufacturing Format, and a 3MF package's model part.
    XMLDialect(root: "collada", namespace: nil, type: "model/vnd.collada+xml"),
    XMLDialect(root: "amf", namespace: nil, type: "application/x-amf"),
    XMLDialect(root: "model", namespace: "http://schemas.microsoft.com/3dmanufacturing/core/", type: "model/3mf"),
  ]

  static let gmlNamespace = "http://www.opengis.net/gml"
  static let odfOfficeNamespace = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"

  /// The flat XML type of each OpenDocument type an `office:document` root may declare.
  static let odfFlatTypes: [String: String] = Dictionary(
    uniqueKeysWithValues: ["text", "spreadsheet", "presentation", "graphics"].map {
      ("application/vnd.oasis.opendocument.\($0)", "application/vnd.oasis.opendocument.\($0)-flat-xml")
    })

  static let owlNamespace = "http://www.w3.org/2002/07/owl#"

  /// The dialect of an XML document from its root element's name (qualified, as written), its
  /// start tag and the head, or `nil`.
  static func xmlDialect(name: String, tag: String, head: [UInt8]) -> Finding? {
    let parts = name.split(separator: ":")
    let local = String(parts.last ?? "").lowercased()
    if let dialect = xmlDialects.first(where: { $0.root == local }),
      dialect.namespace.map({ tag.includes($0) }) ?? true
    {
      return Finding(type: dialect.type, evidence: SniffMessages.Evidence.rootElement(name))
    }
    // GML: the root is in the GML namespace (a gml: prefix bound to it, or it as the default).
    if tag.includes(gmlNamespace),
      (parts.count == 2 && tag.includes("xmlns:\(parts[0])=\"\(gmlNamespace)")) || tag.includes("xmlns=\"\(gmlNamespace)")
        || local == "featurecollection"
    {
      return Finding(type: "application/gml+xml", evidence: SniffMessages.Evidence.rootInNamespace(name, gmlNamespace))
    }
    // Maven: a POM (a project root in the POM namespace, or with its modelVersion) and a settings
    // file (a settings root in the settings namespace).
    if (local == "project" && (tag.includes("http://maven.apache.org/POM/") || head.firstIndex(of: "<modelVersion>".bytes) != nil))
      || (local == "settings" && tag.includes("http://maven.apache.org/SETTINGS/"))
    {
      return Finding(type: "text/x-maven+xml", evidence: SniffMessages.Evidence.mavenRoot(name))
    }
    // OpenDocument as one XML file (ODF 1.2 Part 1 §2.2.1, "flat XML"): an office:document root
    // in the office namespace whose office:mimetype names the document (the flat type is a kind
    // of XML in freedesktop's database, not of the packaged document).
    if local == "document", let prefix = parts.count == 2 ? String(parts[0]) : nil,
      tag.includes("xmlns:\(prefix)=\"\(odfOfficeNamespace)\""),
      let declared = attributeValue("\(prefix):mimetype", in: tag), let flat = odfFlatTypes[declared]
    {
      return Finding(type: flat, evidence: SniffMessages.Evidence.flatOpenDocument(declared))
    }
    // OWL in RDF/XML: an rdf:RDF root with an owl:Ontology header, as an element or as the
    // rdf:type of a description.
    if local == "rdf",
      (tag.includes(owlNamespace) && head.firstIndex(of: "<owl:Ontology".bytes) != nil)
        || head.firstIndex(of: "\"\(owlNamespace)Ontology\"".bytes) != nil
    {
      return Finding(type: "application/owl+xml", evidence: SniffMessages.Evidence.owlOntology)
    }
    return nil
  }

  /// GeoJSON object types (RFC 7946 §1.4).
  static let geoJSONTypes: Set<String> = [
    "FeatureCollection", "Feature", "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon",
    "MultiPolygon", "GeometryCollection",
  ]

  /// Whether a JSON key is an absolute HTTP(S) IRI, as expanded JSON-LD writes its properties.
  static func isAbsoluteIRI(_ key: String) -> Bool {
    (key.hasPrefix("http://") || key.hasPrefix("https://")) && key.utf8.count > 10 && !key.utf8.contains(UInt8(ascii: " "))
  }

  /// Whether a key may stand in a JSON-LD node written without a context: an absolute IRI, `@type`
  /// or one of ``JSONKeys/linkedDataKeywords``.
  static func isNodeKey(_ key: String) -> Bool {
    isAbsoluteIRI(key) || key == "@type" || JSONKeys.linkedDataKeywords.contains(key)
  }

  /// The dialect of a JSON object from its top-level keys (and the keys of its `asset`), or `nil`.
  static func jsonDialect(_ bytes: [UInt8]) -> Finding? {
    let keys = JSONKeys.scan(bytes)
    if let type = keys.strings["type"], geoJSONTypes.contains(type),
      !keys.top.isDisjoint(with: ["features", "geometry", "coordinates", "geometries"])
    {
      return Finding(type: "application/geo+json", evidence: SniffMessages.Evidence.geoJSON(type))
    }
    // A Jupyter notebook: its format version and its cells, in any order (nbformat 4).
    if keys.top.contains("nbformat"), keys.top.contains("cells") {
      return Finding(type: "application/x-ipynb+json", evidence: SniffMessages.Evidence.jsonKeys("Jupyter notebook", "nbformat, cells"))
    }
    // JSON-LD: a top-level @context (JSON-LD 1.1 §3.1); or, with no context, a node whose
    // properties are all absolute IRIs (and keywords), one of whose values is a node or value
    // object (`{"@id": …}`, `{"@value": …}`): expanded and context-free documents (§5.1).
    if keys.top.contains("@context") {
      return Finding(type: "application/ld+json", evidence: SniffMessages.Evidence.jsonKeys("JSON-LD document", "@context"))
    }
    if !keys.memberKeywords.isEmpty, keys.top.contains(where: isAbsoluteIRI),
      keys.top.allSatisfy(isNodeKey)
    {
      return Finding(
        type: "application/ld+json",
        evidence: SniffMessages.Evidence.jsonKeys("JSON-LD document", "IRI properties with \(keys.memberKeywords.sorted().joined(separator: ", ")) objects"))
    }
    // A JSON Resource Descriptor (RFC 7033 §4.4): a subject that is a URI, and links.
    if let subject = keys.strings["subject"], keys.top.contains("links"),
      ["acct:", "http://", "https://", "mailto:"].contains(where: { subject.hasPrefix($0) })
    {
      return Finding(type: "application/jrd+json", evidence: SniffMessages.Evidence.jsonKeys("JSON Resource Descriptor", "subject, links"))
    }
    if keys.strings["bomFormat"] == "CycloneDX" {
      return Finding(type: "application/vnd.cyclonedx+json", evidence: SniffMessages.Evidence.cycloneDX)
    }
    if keys.top.contains("asset"), keys.asset.contains("version") {
      return Finding(type: "model/gltf+json", evidence: SniffMessages.Evidence.gltfAsset)
    }
    return nil
  }
}

/// The keys of a JSON object's first level (and of its `asset` member), and the string values of
/// its first-level keys, from a head that may be cut short: a scanner of strings and nesting,
/// not a parser (at most 4,096 keys).
struct JSONKeys {
  var top: Set<String> = []
  var asset: Set<String> = []
  var strings: [String: String] = [:]
  /// JSON-LD's node keywords (`@id`, `@value`, …) seen as keys one or two levels below the first
  /// (a member's object, or an object in a member's array).
  var memberKeywords: Set<String> = []

  static func scan(_ bytes: [UInt8]) -> JSONKeys {
    var result = JSONKeys()
    var index = TextFamilies.skipSpace(bytes, 0)
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return result }
    var depth = 0
    var expectingKey = false
    var pendingKey: String?
    var memberOfTop: String?
    var count = 0
    while index < bytes.count, count < 4096 {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        if depth == 2 { memberOfTop = pendingKey }
        expectingKey = byte == UInt8(ascii: "{")
        pendingKey = nil
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth <= 0 { return result }
        expectingKey = false
        index += 1
      case UInt8(ascii: ","):
        // A comma inside an object expects a key next; inside an array it does not (arrays of
        // objects are entered with "{").
        expectingKey = true
        index += 1
      case UInt8(ascii: "\""):
        guard let (text, end) = string(bytes, from: index) else { return result }
        index = end
        let after = TextFamilies.skipSpace(bytes, index)
        if after < bytes.count, bytes[after] == UInt8(ascii: ":"), expectingKey {
          count += 1
          if depth == 1 { result.top.insert(text); pendingKey = text }
          if depth == 2, memberOfTop == "asset" { result.asset.insert(text) }
          // A member's object, or an object in a member's array (expanded JSON-LD's shape).
          if depth == 2 || depth == 3, JSONKeys.linkedDataKeywords.contains(text) { result.memberKeywords.insert(text) }
          expectingKey = false
          index = after + 1
        } else if depth == 1, let key = pendingKey {
          result.strings[key] = text
          pendingKey = nil
        }
      default:
        index += 1
      }
    }
    return result
  }

  /// JSON-LD 1.1's keywords for a node, a value and a list (§1.7); `@type` is not among them
  /// here, as Jackson and Fastjson write it for class names.
  static let linkedDataKeywords: Set<String> = ["@id", "@value", "@language", "@list", "@set", "@graph"]

  /// The string starting at `start` (a quote), unescaped only for plain characters, and the
  /// index after it; `nil` when the head ends inside it.
  private static func string(_ bytes: [UInt8], from start: Int) -> (String, Int)? {
    var index = start + 1
    var text: [UInt8] = []
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\\") {
        index += 2
        continue
      }
      if byte == UInt8(ascii: "\"") { return (String(decoding: text, as: UTF8.self), index + 1) }
      if text.count < 256 { text.append(byte) }
      index += 1
    }
    return nil
  }
}
