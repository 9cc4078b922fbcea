import FuzzDriver
@testable import ShareRouting

/// Each input as a predicate-string activation rule: it parses (and is evaluated against a few
/// shares, and linted inside a manifest) or gives an error with a caret; it never crashes or hangs.
@main
enum Main {
  static let shares: [[Attachment]] = [
    [],
    [Attachment(types: ["public.jpeg"], label: "a.jpg")],
    [Attachment(types: ["com.adobe.pdf"], label: "a.pdf"), Attachment(types: ["public.url", "public.plain-text"], label: "t")],
  ]

  static func main() {
    runFuzzer { input in
      let text = String(decoding: input, as: UTF8.self)
      do {
        let predicate = try ActivationPredicate.parse(text)
        for share in shares { _ = predicate.evaluate(share) }
        _ = predicate.usesTruePredicate
        _ = predicate.typeIdentifierLiterals
        var escaped = ""
        for scalar in text.unicodeScalars {
          switch scalar {
          case "\"": escaped += "\\\""
          case "\\": escaped += "\\\\"
          case _ where scalar.value < 0x20: escaped += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
          default: escaped.unicodeScalars.append(scalar)
          }
        }
        let set = ManifestLoader.load(texts: [("fuzz.json", "{\"id\":\"f\",\"label\":\"F\",\"ios\":{\"activationRule\":\"\(escaped)\"}}")])
        for warning in set.warnings { _ = warning.description }
      } catch let error as PredicateSyntaxError {
        _ = error.location(in: text)
        _ = error.caret(in: text)
      } catch {
        fatalError("unexpected error \(error)")
      }
    }
  }
}
