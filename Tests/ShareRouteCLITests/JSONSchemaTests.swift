import Foundation
import ShareRouting
import Testing

/// A JSON value, decoded strictly (a boolean is not a number).
indirect enum JSONValue: Decodable, Hashable {
  case null, bool(Bool), integer(Int), number(Double), string(String), array([JSONValue]), object([String: JSONValue])

  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() { self = .null }
    else if let value = try? container.decode(Bool.self) { self = .bool(value) }
    else if let value = try? container.decode(Int.self) { self = .integer(value) }
    else if let value = try? container.decode(Double.self) { self = .number(value) }
    else if let value = try? container.decode(String.self) { self = .string(value) }
    else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
    else { self = .object(try container.decode([String: JSONValue].self)) }
  }

  static func parse(_ text: String) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) }

  subscript(key: String) -> JSONValue? { if case .object(let members) = self { members[key] } else { nil } }
}

/// The subset of JSON Schema 2020-12 that docs/schemas/ uses: `$ref` (within a document and
/// across the folder), `type`, `const`, `enum`, `properties`, `required`,
/// `additionalProperties: false`, `items`, `oneOf`, `minimum`. Anything else in a schema is a
/// test failure, so the schemas cannot drift beyond what is checked.
struct SchemaValidator {
  let documents: [String: JSONValue]
  static let known: Set<String> = [
    "$schema", "$id", "$defs", "$ref", "title", "description", "type", "const", "enum", "properties", "required",
    "additionalProperties", "items", "oneOf", "minimum",
  ]

  init(directory: String) throws {
    var documents: [String: JSONValue] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".json") {
      documents[name] = try JSONValue.parse(String(contentsOfFile: directory + "/" + name, encoding: .utf8))
    }
    self.documents = documents
  }

  /// Every violation of `document` against schema file `name`, as `path: problem`.
  func errors(_ value: JSONValue, against name: String) -> [String] {
    guard let schema = documents[name] else { return ["no schema \(name)"] }
    var errors: [String] = []
    check(value, schema, file: name, path: "$", errors: &errors)
    return errors
  }

  private func resolve(_ reference: String, from file: String) -> (JSONValue, String)? {
    let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let target = parts[0].isEmpty ? file : String(parts[0])
    guard var node = documents[target] else { return nil }
    if parts.count == 2 {
      for key in parts[1].split(separator: "/") {
        guard let next = node[String(key)] else { return nil }
        node = next
      }
    }
    return (node, target)
  }

  private func check(_ value: JSONValue, _ schema: JSONValue, file: String, path: String, errors: inout [String]) {
    guard case .object(let rules) = schema else { errors.append("\(path): schema is not an object"); return }
    for key in rules.keys where !Self.known.contains(key) { errors.append("\(path): unsupported keyword \(key)") }
    if case .string(let reference)? = rules["$ref"] {
      guard let (target, targetFile) = resolve(reference, from: file) else {
        errors.append("\(path): unresolved \(reference)")
        return
      }
      check(value, target, file: targetFile, path: path, errors: &errors)
    }
    if let type = rules["type"] {
      let names: [String] = switch type {
      case .string(let name): [name]
      case .array(let list): list.compactMap { if case .string(let name) = $0 { name } else { nil } }
      default: []
      }
      if !names.contains(where: { Self.has(value, type: $0) }) { errors.append("\(path): not \(names)") }
    }
    if let constant = rules["const"], constant != value { errors.append("\(path): not the constant") }
    if case .array(let allowed)? = rules["enum"], !allowed.contains(value) { errors.append("\(path): not in the enum") }
    if case .integer(let minimum)? = rules["minimum"], case .integer(let number) = value, number < minimum {
      errors.append("\(path): below \(minimum)")
    }
    if case .object(let members) = value {
      if case .array(let required)? = rules["required"] {
        for case .string(let key) in required where members[key] == nil { errors.append("\(path): missing \(key)") }
      }
      let properties: [String: JSONValue] = if case .object(let p)? = rules["properties"] { p } else { [:] }
      for (key, member) in members {
        if let rule = properties[key] {
          check(member, rule, file: file, path: path + "." + key, errors: &errors)
        } else if rules["additionalProperties"] == .bool(false) {
          errors.append("\(path): unexpected \(key)")
        }
      }
    }
    if case .array(let elements) = value, let rule = rules["items"] {
      for (index, element) in elements.enumerated() { check(element, rule, file: file, path: "\(path)[\(index)]", errors: &errors) }
    }
    if case .array(let alternatives)? = rules["oneOf"] {
      let passing = alternatives.filter { alternative in
        var scratch: [String] = []
        check(value, alternative, file: file, path: path, errors: &scratch)
        return scratch.isEmpty
      }
      if passing.count != 1 { errors.append("\(path): matches \(passing.count) of oneOf's \(alternatives.count)") }
    }
  }

  private static func has(_ value: JSONValue, type: String) -> Bool {
    switch (type, value) {
    case ("null", .null), ("boolean", .bool), ("integer", .integer), ("number", .integer), ("number", .number),
      ("string", .string), ("array", .array), ("object", .object):
      true
    default: false
    }
  }
}

/// Real output of every command, validated against docs/schemas/ (`docs/output.md#route-json`).
@Suite struct JSONSchemaTests {
  static let validator = Result { try SchemaValidator(directory: CLI.root + "/docs/schemas") }

  /// (schema, arguments, standard input, one JSON document per line?)
  static let cases: [(String, [String], String?, Bool)] = [
    ("route.schema.json", ["--json", "--explain", "samples/photo.jpg", "samples/nowhere.jpg", "--text", "hi"], nil, false),
    ("route.schema.json", ["--json", "--accepted-only", "samples/report.pdf"], nil, false),
    ("route.schema.json", ["--json", "--source", "chat", "--url", "https://example.com", "--type", "image/png"], nil, false),
    ("route.schema.json", ["--json", "--manifests", "/nonexistent", "samples/report.pdf"], nil, false),
    ("route.schema.json", ["--each", "--json", "samples/photo.jpg", "samples/table.csv", "samples/fixtures/a.wma"], nil, true),
    ("query.schema.json", ["query", "-a", "SEND", "-t", "image/png", "--json"], nil, false),
    ("query.schema.json", ["query", "-a", "VIEW", "-d", "https://example.com", "--json"], nil, false),
    ("batch-line.schema.json", ["batch"], "{\"id\":\"a\",\"items\":[{\"path\":\"samples/photo.jpg\"}]}\nnot json\n{\"items\":[]}\n{\"id\":\"b\",\"items\":[{\"text\":\"hi\"}]}\n", true),
    ("sniff.schema.json", ["sniff", "--json", "samples/photo.jpg", "samples/nowhere", "samples/signatures/mail.msg"], nil, true),
    ("sniff.schema.json", ["sniff", "--json", "--explain", "samples/photo.jpg", "samples/fixtures/v.wmv", "samples/scan.txt"], nil, true),
    ("lint.schema.json", ["lint", "--json", "manifests", "samples/platform/android", "samples/platform/ios"], nil, false),
    ("check.schema.json", ["check", "--format", "json"], nil, false),
    ("version.schema.json", ["--version", "--json"], nil, false),
    ("check.schema.json", ["check", "--format", "json", "samples/platform/expectations.yaml"], nil, false),
    ("route.schema.json", ["--json", "--from", "photos-live", "samples/photo.heic"], nil, false),
    ("route.schema.json", ["--json", "--from", "whatsapp-file", "samples/report.pdf"], nil, false),
    ("route.schema.json", ["--json", "--capture", "samples/hosts/captures/gallery-send.txt"], nil, false),
    ("hosts.schema.json", ["hosts", "--json"], nil, false),
    ("batch-line.schema.json", ["batch"], "{\"id\":\"a\",\"from\":\"maps\"}\n{\"from\":\"nope\"}\n", true),
  ]

  @Test(arguments: cases.indices)
  func realOutputIsValid(_ index: Int) throws {
    let (schema, arguments, stdin, lines) = Self.cases[index]
    let validator = try Self.validator.get()
    var input: String?
    if let stdin {
      let path = NSTemporaryDirectory() + "share-route-schema-\(UUID().uuidString).ndjson"
      try Data(stdin.utf8).write(to: URL(fileURLWithPath: path))
      input = path
    }
    defer { if let input { try? FileManager.default.removeItem(atPath: input) } }
    let result = try CLI.run(arguments, stdin: input)
    let documents = lines ? result.stdout.split(separator: "\n").map(String.init) : [result.stdout]
    #expect(!documents.isEmpty)
    for document in documents {
      let value = try JSONValue.parse(document)
      #expect(value["schemaVersion"] == .integer(Route.schemaVersion), "\(arguments)")
      #expect(validator.errors(value, against: schema) == [], "\(arguments): \(document.prefix(300))")
    }
  }

  /// The validator does fail: a missing key, an unknown key, a wrong enum value, a wrong type.
  @Test(arguments: [
    (#"{"schemaVersion":1,"path":"a","error":{"code":"missing"}}"#, "sniff.schema.json"),
    (#"{"schemaVersion":1,"path":"a","error":{"code":"x","message":"y"},"extra":1}"#, "sniff.schema.json"),
    (#"{"schemaVersion":2,"path":"a","error":{"code":"x","message":"y"}}"#, "sniff.schema.json"),
    (#"{"schemaVersion":1,"file":"f","passed":"1","failed":0,"cases":[],"errors":[]}"#, "check.schema.json"),
    (#"{"schemaVersion":1,"handlers":1,"errors":[],"warnings":[{"file":"f","line":1,"column":1,"keyPath":"","code":"c","severity":"fatal","message":"m","fix":"f"}],"skipped":[],"buildSettings":[]}"#, "lint.schema.json"),
  ])
  func brokenDocumentsAreRefused(_ document: String, _ schema: String) throws {
    #expect(try Self.validator.get().errors(try JSONValue.parse(document), against: schema) != [])
  }

  /// The schema's reason codes are the router's.
  @Test func reasonCodesAreTheRoutersOwn() throws {
    let validator = try Self.validator.get()
    guard case .array(let codes)? = validator.documents["common.schema.json"]?["$defs"]?["reason"]?["properties"]?["code"]?["enum"]
    else { Issue.record("no code enum"); return }
    #expect(Set(codes) == Set(Reason.Code.allCases.map { JSONValue.string($0.rawValue) }))
  }
}
