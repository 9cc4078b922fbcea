import Foundation
import Testing

/// One command on the samples, and everything it prints: the whole of standard output and
/// standard error, and the exit status. `{ROOT}` stands for the checkout (sources are absolute
/// `file://` URLs). These are the outputs people and scripts read, held byte for byte; a change
/// to any of them is a change of behaviour and shows here first. (A multi-line literal drops its
/// last line break, so each ends with an empty line: the output's own final newline.)
struct ExactCase: CustomTestStringConvertible, Sendable {
  let name: String
  let arguments: [String]
  var stdin: String?
  let status: Int32
  let stdout: String
  let stderr: String

  init(_ name: String, _ arguments: [String], stdin: String? = nil, status: Int32, stdout: String, stderr: String) {
    self.name = name
    self.arguments = arguments
    self.stdin = stdin
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  var testDescription: String { name }
}

@Suite struct ExactOutputCLITests {
  static let cases: [ExactCase] = [
    ExactCase(
      "a route in text, refusals explained", ["samples/photo.jpg", "--explain", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 0,
      stdout: #"""
items:
  photo.jpg  image/jpeg  image, public.jpeg, from content
android intent: SEND image/jpeg
  EXTRA_STREAM: file://{ROOT}/samples/photo.jpg
  ClipData: image/jpeg {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
accepted on android, the pick first:
  1.  Gallery  com.example.gallery
ios extension item: 1 attachment (public.jpeg)
accepted on ios, the pick first:
  1.  Gallery  com.example.gallery
refused:
  PDF Viewer (com.example.pdf), phase 2
    android no-match-type: image/jpeg does not match application/pdf  at manifests/everyday/pdf-viewer.yaml:7:19
  Buffer (tensor.buffer), phase 2
    android no-match-type: image/jpeg does not match text/plain  at manifests/tensor/buffer.yaml:10:19
    ios unsupported-item: photo.jpg (public.jpeg) is not accepted by any key, and strict matching needs every attachment accepted  at manifests/tensor/buffer.yaml:13:5
payload:
  {isTextShare: false, name: "photo.jpg", source: "file://{ROOT}/samples/photo.jpg", type: "image/jpeg"}

"""#,
      stderr: ""),
    ExactCase(
      "a share of a file, a text and a missing file", ["samples/report.pdf", "samples/nowhere.jpg", "--text", "hi", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 66,
      stdout: #"""
items:
  report.pdf  application/pdf  file, com.adobe.pdf, from content
  hi          text/plain       text, public.plain-text, from text
android intent: SEND application/pdf
  EXTRA_STREAM: file://{ROOT}/samples/report.pdf
  EXTRA_TEXT: 'hi'
  ClipData: application/pdf {T(2) U(file)}, FLAG_GRANT_READ_URI_PERMISSION
accepted on android, the pick first:
  1.  Buffer      tensor.buffer    receives item 2 of 2
  2.  PDF Viewer  com.example.pdf
ios extension item: 2 attachments (com.adobe.pdf, public.plain-text)
accepted on ios, the pick first:
  1.  Buffer  tensor.buffer  receives item 2 of 2
order: a fresh phone's share sheet (declared orders first, then labels in en order); a used phone ranks by use
refused: 1 handler (--explain shows why)
payload:
  {isTextShare: false, name: "report.pdf", source: "file://{ROOT}/samples/report.pdf", type: "application/pdf"}
  {isTextShare: true, name: "hi", source: "hi", type: "text/plain"}

"""#,
      stderr: #"""
share-route: error: samples/nowhere.jpg: no such file

"""#),
    ExactCase(
      "a route as JSON", ["--text", "hello", "--format", "json", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 0,
      stdout: #"""
{
  "schemaVersion": 1,
  "source": null,
  "intent": {
    "action": "android.intent.action.SEND",
    "type": "text/plain",
    "extras": {
      "android.intent.extra.TEXT": "hello"
    },
    "clipData": {
      "mimeTypes": [
        "text/plain"
      ],
      "items": [
        {
          "text": "hello",
          "uri": null
        }
      ],
      "flags": []
    }
  },
  "items": [
    {
      "share": {
        "isTextShare": true,
        "name": "hello",
        "source": "hello",
        "type": "text/plain"
      },
      "kind": "text",
      "uti": "public.plain-text",
      "reportedType": null,
      "sniffedType": null,
      "typeSource": "text",
      "corrected": false,
      "reason": null
    }
  ],
  "pick": "tensor.buffer",
  "picks": {
    "android": "tensor.buffer",
    "ios": "tensor.buffer"
  },
  "orders": {
    "android": [
      "tensor.buffer"
    ],
    "ios": [
      "tensor.buffer"
    ]
  },
  "ordering": {
    "rule": "fresh-sheet",
    "locale": "en"
  },
  "accepted": [
    {
      "id": "tensor.buffer",
      "label": "Buffer",
      "guessed": [],
      "reason": null,
      "items": [
        0
      ]
    }
  ],
  "directShare": [],
  "rejected": [],
  "errors": []
}

"""#,
      stderr: ""),
    ExactCase(
      "accepted only", ["--accepted-only", "samples/report.pdf", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 0,
      stdout: #"""
items:
  report.pdf  application/pdf  file, com.adobe.pdf, from content
android intent: SEND application/pdf
  EXTRA_STREAM: file://{ROOT}/samples/report.pdf
  ClipData: application/pdf {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
accepted on android, the pick first:
  1.  PDF Viewer  com.example.pdf
ios extension item: 1 attachment (com.adobe.pdf)
no handler accepts this share on ios
payload:
  {isTextShare: false, name: "report.pdf", source: "file://{ROOT}/samples/report.pdf", type: "application/pdf"}

"""#,
      stderr: ""),
    ExactCase(
      "a lying sender corrected", ["samples/scan.txt", "--reported-type", "text/plain", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 0,
      stdout: #"""
items:
  scan.txt  application/pdf  file, com.adobe.pdf, from content, corrected
  scan.txt: reported text/plain, content is application/pdf
android intent: SEND application/pdf
  EXTRA_STREAM: file://{ROOT}/samples/scan.txt
  ClipData: application/pdf {U(file)}, FLAG_GRANT_READ_URI_PERMISSION
accepted on android, the pick first:
  1.  PDF Viewer  com.example.pdf
ios extension item: 1 attachment (com.adobe.pdf)
no handler accepts this share on ios
refused: 2 handlers (--explain shows why)
payload:
  {isTextShare: false, name: "scan.txt", source: "file://{ROOT}/samples/scan.txt", type: "application/pdf"}

"""#,
      stderr: ""),
    ExactCase(
      "sniff", ["sniff", "samples/photo.jpg", "samples/table.csv", "samples/scan.txt"],
      status: 0,
      stdout: #"""
samples/photo.jpg  image/jpeg       image  content
samples/table.csv  text/csv         file   content
samples/scan.txt   application/pdf  file   content

"""#,
      stderr: ""),
    ExactCase(
      "sniff --explain", ["sniff", "--explain", "samples/scan.txt"],
      status: 0,
      stdout: #"""
samples/scan.txt  application/pdf  file  content
  libmagic's answer, from the first bytes without libmagic: application/pdf
  no detector changed it
  name not asked: the content answer is specific, and a name only breaks a tie (.txt was not read)
  result: application/pdf, from content

"""#,
      stderr: ""),
    ExactCase(
      "sniff --json", ["sniff", "--json", "samples/photo.jpg"],
      status: 0,
      stdout: #"""
{"schemaVersion":1,"path":"samples/photo.jpg","type":"image/jpeg","kind":"image","uti":"public.jpeg","reportedType":null,"sniffedType":"image/jpeg","typeSource":"content","corrected":false,"reason":null,"error":null}

"""#,
      stderr: ""),
    ExactCase(
      "query", ["query", "-a", "SEND", "-t", "image/png", "-c", "android.intent.category.DEFAULT", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 0,
      stdout: #"""
intent: action android.intent.action.SEND, type image/png, categories [android.intent.category.DEFAULT]
matches, resolver order:
  1.  Gallery  com.example.gallery  intentFilters[0]  priority 0  match 0x608000
  no match: PDF Viewer (com.example.pdf)
    no-match-type: image/png does not match application/pdf
  no match: Buffer (tensor.buffer)
    no-match-type: image/png does not match text/plain

"""#,
      stderr: ""),
    ExactCase(
      "lint", ["lint", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"],
      status: 0,
      stdout: #"""
handlers:
  com.example.gallery  Gallery     android, ios  manifests/everyday/gallery.yaml
  com.example.pdf      PDF Viewer  android       manifests/everyday/pdf-viewer.yaml
  tensor.buffer        Buffer      android, ios  manifests/tensor/buffer.yaml
manifests/everyday/gallery.yaml:6:7: android.intentFilters[0]: note: a SEND_MULTIPLE filter of 'image/*', 'video/*' also receives shares of mixed types (a SEND_MULTIPLE of */*: an image and a PDF), as IntentFilter.matchData lets */* through; fix: read each item's type (ContentResolver.getType) and skip what the activity cannot take [multiple-receives-mixed]
manifests/everyday/pdf-viewer.yaml:6:7: android.intentFilters[0]: warning: the handler accepts SEND but not SEND_MULTIPLE, so it disappears when two or more files are shared (a text or link beside one file is still a SEND: it rides as EXTRA_TEXT); fix: add android.intent.action.SEND_MULTIPLE with the same types (or ignore this if it takes one item only) [send-without-send-multiple]
3 handlers, 0 errors, 1 warning, 1 note

"""#,
      stderr: ""),
    ExactCase(
      "batch", ["batch", "--manifests", "manifests/everyday/gallery.yaml", "--manifests", "manifests/everyday/pdf-viewer.yaml", "--manifests", "manifests/tensor/buffer.yaml"], stdin: "{\"id\":\"a\",\"items\":[{\"path\":\"samples/photo.jpg\"}]}\n{\"id\":\"b\",\"items\":[]}\nnot json\n",
      status: 65,
      stdout: #"""
{"schemaVersion":1,"id":"a","source":null,"intent":{"action":"android.intent.action.SEND","type":"image/jpeg","extras":{"android.intent.extra.STREAM":"file://{ROOT}/samples/photo.jpg"},"clipData":{"mimeTypes":["image/jpeg"],"items":[{"text":null,"uri":"file://{ROOT}/samples/photo.jpg"}],"flags":["FLAG_GRANT_READ_URI_PERMISSION"]}},"items":[{"share":{"isTextShare":false,"name":"photo.jpg","source":"file://{ROOT}/samples/photo.jpg","type":"image/jpeg"},"kind":"image","uti":"public.jpeg","reportedType":null,"sniffedType":"image/jpeg","typeSource":"content","corrected":false,"reason":null}],"pick":"com.example.gallery","picks":{"android":"com.example.gallery","ios":"com.example.gallery"},"orders":{"android":["com.example.gallery"],"ios":["com.example.gallery"]},"ordering":{"rule":"fresh-sheet","locale":"en"},"accepted":[{"id":"com.example.gallery","label":"Gallery","guessed":[],"reason":null,"items":[0]}],"directShare":[],"rejected":[{"id":"com.example.pdf","label":"PDF Viewer","guessed":[],"phase":2,"reasons":[{"platform":"android","code":"no-match-type","phase":2,"message":"image/jpeg does not match application/pdf","file":"manifests/everyday/pdf-viewer.yaml","line":7,"column":19}]},{"id":"tensor.buffer","label":"Buffer","guessed":[],"phase":2,"reasons":[{"platform":"android","code":"no-match-type","phase":2,"message":"image/jpeg does not match text/plain","file":"manifests/tensor/buffer.yaml","line":10,"column":19},{"platform":"ios","code":"unsupported-item","phase":2,"message":"photo.jpg (public.jpeg) is not accepted by any key, and strict matching needs every attachment accepted","file":"manifests/tensor/buffer.yaml","line":13,"column":5}]}],"errors":[]}
{"schemaVersion":1,"line":2,"id":"b","errors":[{"code":"invalid-request","message":"line 2, column 19: items: '[]' is not allowed (expected at least one item)"}]}
{"schemaVersion":1,"line":3,"errors":[{"code":"invalid-request","message":"line 3, column 2: invalid JSON: invalid literal, expected 'null'"}]}

"""#,
      stderr: #"""
batch: 3 lines: 1 routed, 0 unrouted, 2 invalid

"""#),
  ]

  @Test(arguments: cases)
  func theWholeOutputIsExactly(_ expected: ExactCase) throws {
    var input: String?
    if let text = expected.stdin {
      let path = NSTemporaryDirectory() + "share-route-exact-\(UUID().uuidString)"
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      input = path
    }
    defer { if let input { try? FileManager.default.removeItem(atPath: input) } }
    let result = try CLI.run(expected.arguments, stdin: input)
    let root = { (text: String) in text.replacingOccurrences(of: "{ROOT}", with: CLI.root) }
    #expect(result.status == expected.status)
    #expect(result.stdout == root(expected.stdout))
    #expect(result.stderr == root(expected.stderr))
  }
}
