import Foundation
import TrackerPort

/// The `validate --format sarif` document: SARIF 2.1.0 (OASIS), the format code-scanning
/// dashboards take (GitHub's `upload-sarif`, GitLab, Azure DevOps).
///
/// One run, whose driver is `trackport` and whose rules are the codes reported, each with its
/// summary, its default level and the `docs/rules.md` section explaining it. One result per
/// diagnostic: the code as `ruleId`, `error`/`warning` as `level`, the file as a relative URI
/// and line and column as the region (columns count Unicode scalars, as `columnKind` says);
/// the JSON pointer, table row and field and the note go into `properties`.
struct SARIFReport {
  /// The schema the document names in `$schema`: the OASIS 2.1.0 schema with its errata.
  static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

  var files: [ValidatedFile]
  /// The absolute address of `docs/rules.md`; without it rules carry their help as text only
  /// (SARIF wants `helpUri` absolute, and a build does not know where its docs are served).
  var rulesURL: String?
  /// The folder relative paths are taken from; absolute paths inside it are made relative.
  var currentDirectory: String = FileManager.default.currentDirectoryPath
  /// The codecs of the run, plugins included, whose codes the rules describe.
  var registry: CodecRegistry = StandardCodecs.registry

  /// The document, pretty-printed, without a final newline.
  func render() throws -> String {
    let diagnostics = files.flatMap(\.diagnostics)
    let notes = files.reduce(into: Set<Diagnostic>()) { $0.formUnion($1.notes) }
    let rules = Self.rules(for: diagnostics, registry: registry)
    let index = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.code, $0.offset) })
    let driver: [JSONMember] = [
      JSONMember("name", .string("trackport")),
      JSONMember("version", .string(BuildVersion.version)),
      JSONMember("rules", .array(rules.map(rule))),
    ]
    let run: [JSONMember] = [
      JSONMember("tool", .object([JSONMember("driver", .object(driver))])),
      JSONMember("columnKind", .string("unicodeCodePoints")),
      JSONMember("results", .array(diagnostics.map { result($0, ruleIndex: index[$0.code], note: notes.contains($0)) })),
    ]
    return try JSONText.pretty(.object([
      JSONMember("$schema", .string(Self.schemaURI)),
      JSONMember("version", .string("2.1.0")),
      JSONMember("runs", .array([.object(run)])),
    ]))
  }

  /// The descriptors of the codes reported, in `trackport rules` order; a code the tool does
  /// not list (none should exist) gets a descriptor from its first diagnostic.
  static func rules(for diagnostics: [Diagnostic], registry: CodecRegistry) -> [KnownCodes.Entry] {
    let reported = Set(diagnostics.map(\.code))
    var entries = KnownCodes.all(registry: registry).filter { reported.contains($0.code) }
    for d in diagnostics where !entries.contains(where: { $0.code == d.code }) {
      entries.append(KnownCodes.Entry(descriptor: DiagnosticDescriptor(code: d.code, severity: d.severity, summary: d.message),
                                      source: "unknown"))
    }
    return entries
  }

  /// The section of `docs/rules.md` that explains a code: its own for the spec's rules, the
  /// table of format and tool codes for the others.
  static func rulesAnchor(_ entry: KnownCodes.Entry) -> String {
    entry.source == "rule" ? entry.code : "format-and-tool-codes"
  }

  private func rule(_ entry: KnownCodes.Entry) -> JSONValue {
    let anchor = Self.rulesAnchor(entry)
    var members = [
      JSONMember("id", .string(entry.code)),
      JSONMember("shortDescription", .object([JSONMember("text", .string(entry.descriptor.summary))])),
      JSONMember("help", .object([JSONMember("text", .string("\(entry.descriptor.summary) See docs/rules.md#\(anchor) in TrackerPort."))])),
    ]
    if let rulesURL { members.append(JSONMember("helpUri", .string(rulesURL + "#" + anchor))) }
    members.append(JSONMember("defaultConfiguration", .object([JSONMember("level", .string(entry.descriptor.severity.rawValue))])))
    members.append(JSONMember("properties", .object([JSONMember("from", .string(entry.source))])))
    return .object(members)
  }

  /// A reader's note (``ValidatedFile/notes``) has SARIF's level `note`.
  private func result(_ d: Diagnostic, ruleIndex: Int?, note: Bool = false) -> JSONValue {
    var members = [JSONMember("ruleId", .string(d.code))]
    if let ruleIndex { members.append(JSONMember("ruleIndex", .number(String(ruleIndex)))) }
    members.append(JSONMember("level", .string(note ? "note" : d.severity.rawValue)))
    members.append(JSONMember("message", .object([JSONMember("text", .string(d.note.map { d.message + "\n" + $0 } ?? d.message))])))
    if let file = d.location.file { members.append(JSONMember("locations", .array([location(file: file, d.location)]))) }
    var properties: [JSONMember] = []
    if let pointer = d.location.pointer { properties.append(JSONMember("pointer", .string(pointer))) }
    if let row = d.location.row { properties.append(JSONMember("row", .number(String(row)))) }
    if let field = d.location.field { properties.append(JSONMember("field", .string(field))) }
    if let note = d.note { properties.append(JSONMember("note", .string(note))) }
    if !properties.isEmpty { members.append(JSONMember("properties", .object(properties))) }
    return .object(members)
  }

  private func location(file: String, _ location: SourceLocation) -> JSONValue {
    var artifact: [JSONMember]
    if file == "-" {
      artifact = [JSONMember("description", .object([JSONMember("text", .string("standard input"))]))]
    } else {
      artifact = [JSONMember("uri", .string(artifactURI(file)))]
    }
    var physical = [JSONMember("artifactLocation", .object(artifact))]
    // A table format without a line number still has its row, and a row is a line unless a
    // quoted cell spans lines: the same choice as the GitHub annotations.
    if let line = location.line ?? location.row {
      var region = [JSONMember("startLine", .number(String(line)))]
      if let column = location.column { region.append(JSONMember("startColumn", .number(String(column)))) }
      physical.append(JSONMember("region", .object(region)))
    }
    var members = [JSONMember("physicalLocation", .object(physical))]
    if let pointer = location.pointer {
      members.append(JSONMember("logicalLocations", .array([.object([JSONMember("fullyQualifiedName", .string(pointer))])])))
    }
    return .object(members)
  }

  /// A relative URI reference for a path under the current folder (what code scanning maps onto
  /// the repository), a `file://` URI for any other absolute path; percent-encoded either way.
  func artifactURI(_ path: String) -> String {
    var path = path
    let base = currentDirectory.hasSuffix("/") ? currentDirectory : currentDirectory + "/"
    if path.hasPrefix(base) { path.removeFirst(base.count) }
    while path.hasPrefix("./") { path.removeFirst(2) }
    let encoded = Self.percentEncoded(path)
    return path.hasPrefix("/") ? "file://" + encoded : encoded
  }

  /// Percent-encodes every UTF-8 byte but RFC 3986's unreserved characters and `/`, so spaces,
  /// `#`, `?`, `%`, `:` and non-ASCII names make a valid URI reference.
  static func percentEncoded(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = []
    for b in path.utf8 {
      switch b {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
           UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(b)
      default:
        out += [UInt8(ascii: "%"), hex[Int(b >> 4)], hex[Int(b & 15)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// Whether `text` starts with a URI scheme and `:` (`https:`), as `helpUri` needs.
  static func isAbsoluteURI(_ text: String) -> Bool {
    guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
    return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
  }
}
