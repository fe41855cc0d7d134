import Foundation
import TrackerCodec
import TrackerModel

/// What a plugin's `describe` command said about it, checked.
///
/// The protocol (`docs/plugins.md`) asks for a JSON object with `id`, `name`, `version`,
/// `extensions`, `reads` and `writes`, and allows `summary`, `detectedExtensions`,
/// `contentPrefixes`, `cannotCarry`, `carriesInPart`, `diagnostics`, `options` and `protocol` (1). Unknown keys
/// are ignored, so a newer plugin still works with an older host. A plugin that declares no
/// `options` takes none: any `--option` for it alone is refused.
public struct PluginDescriptor: Hashable, Sendable {
  /// The codec descriptor the registry uses; ``CodecDescriptor/origin`` is the plugin's path.
  public var codec: CodecDescriptor
  /// The plugin's own version string, shown by `trackport formats`.
  public var version: String
  /// Texts one of which a file must start with (after a UTF-8 byte order mark) to be read by
  /// this plugin when its name does not say: the content check behind ``CodecDescriptor/sniffedExtensions``.
  public var contentPrefixes: [String]

  /// Why a descriptor was refused: one clause, shown as the plugin's broken reason.
  public struct Problem: Error, Hashable, Sendable {
    /// `id "Foo" is not lower-case letters, digits and hyphens`.
    public var reason: String
    /// The last lines the plugin wrote on standard error when `describe` failed (its own
    /// words for why), oldest first; empty when it wrote none or `describe` ran but said
    /// something wrong.
    public var standardError: [String] = []

    /// A problem with `reason`, and the end of the plugin's standard error when there is one.
    public init(reason: String, standardError: [String] = []) {
      self.reason = reason
      self.standardError = standardError
    }

    /// The reason, with the plugin's last line of standard error when it wrote one: for one
    /// line of `trackport formats` and the `plugin-broken` warning.
    public var summary: String {
      guard let last = standardError.last(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return reason }
      return reason + " (it said: \(last))"
    }
  }

  /// The pattern of ids and plugin names: lower-case ASCII letters, digits and hyphens, not
  /// starting with a hyphen.
  public static func isValidID(_ id: String) -> Bool {
    guard let first = id.utf8.first, first != UInt8(ascii: "-") else { return false }
    return id.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "-") }
  }

  /// Checks the output of `trackport-codec-NAME describe`.
  ///
  /// An ending a built-in codec already claims (`reservedEndings`: `trackport.json`, `json`,
  /// `csv`) is never claimed outright by a plugin: it is moved to the plugin's content-checked
  /// endings, so a plugin cannot take every `.csv` file from the built-in reader.
  ///
  /// - Throws: ``Problem`` naming the first thing wrong.
  public static func parse(_ text: String, name: String, path: String,
                           reservedEndings: Set<String> = []) throws(Problem) -> PluginDescriptor {
    let value: JSONValue
    do {
      value = try JSONText.parse(text)
    } catch {
      throw Problem(reason: "describe did not print JSON: \(error.message)")
    }
    guard case .object = value else { throw Problem(reason: "describe printed JSON that is not an object") }
    if let version = value["protocol"], version != .number("1") {
      throw Problem(reason: "protocol \(render(version)) is not supported (this host speaks protocol 1)")
    }
    let id = try string(value, "id")
    guard isValidID(id) else { throw Problem(reason: "id \"\(id)\" is not lower-case letters, digits and hyphens") }
    guard id == name else { throw Problem(reason: "id \"\(id)\" does not match the executable's name (trackport-codec-\(name))") }
    let title = try string(value, "name")
    let version = try string(value, "version")
    let reads = try bool(value, "reads")
    let writes = try bool(value, "writes")
    guard reads || writes else { throw Problem(reason: "\"reads\" and \"writes\" are both false") }
    let summary = try optionalString(value, "summary") ?? ""
    let claimed = try endings(value, "extensions", required: true)
    let detected = try endings(value, "detectedExtensions", required: false)
    let prefixes = try strings(value, "contentPrefixes", required: false)
    if prefixes.contains("") { throw Problem(reason: "\"contentPrefixes\" has an empty string") }
    let cannotCarry = try modelFields(value, "cannotCarry")
    let carriesInPart = try modelFields(value, "carriesInPart")
    if let both = cannotCarry.first(where: carriesInPart.contains) {
      throw Problem(reason: "\"\(both.rawValue)\" is in both \"cannotCarry\" and \"carriesInPart\"")
    }
    let diagnostics = try diagnosticDescriptors(value)
    let options = try codecOptions(value, reads: reads, writes: writes)
    let outright = claimed.filter { !reservedEndings.contains($0) }
    let byContent = detected + claimed.filter { reservedEndings.contains($0) && !detected.contains($0) }
    let codec = CodecDescriptor(id: id, name: title, summary: summary, extensions: outright,
                                sniffedExtensions: byContent, canRead: reads, canWrite: writes,
                                cannotCarry: cannotCarry, carriesInPart: carriesInPart, diagnostics: diagnostics,
                                options: options, origin: path)
    return PluginDescriptor(codec: codec, version: version, contentPrefixes: prefixes)
  }

  /// The model fields an optional array of strings names (`cannotCarry`, `carriesInPart`).
  static func modelFields(_ object: JSONValue, _ key: String) throws(Problem) -> [ModelField] {
    var fields: [ModelField] = []
    for field in try strings(object, key, required: false) {
      guard let known = ModelField(rawValue: field) else {
        throw Problem(reason: "\"\(key)\" names \"\(field)\", which is not a model field (\(ModelField.allCases.map(\.rawValue).joined(separator: ", ")))")
      }
      fields.append(known)
    }
    return fields
  }

  static func string(_ object: JSONValue, _ key: String) throws(Problem) -> String {
    guard let text = try optionalString(object, key) else { throw Problem(reason: "\"\(key)\" is missing") }
    guard !text.allSatisfy(\.isWhitespace) else { throw Problem(reason: "\"\(key)\" is empty") }
    return text
  }

  static func optionalString(_ object: JSONValue, _ key: String) throws(Problem) -> String? {
    guard let value = object[key] else { return nil }
    guard case .string(let text) = value else { throw Problem(reason: "\"\(key)\" is not a string") }
    return text
  }

  static func bool(_ object: JSONValue, _ key: String) throws(Problem) -> Bool {
    guard let value = object[key] else { throw Problem(reason: "\"\(key)\" is missing") }
    guard case .bool(let flag) = value else { throw Problem(reason: "\"\(key)\" is not true or false") }
    return flag
  }

  static func strings(_ object: JSONValue, _ key: String, required: Bool) throws(Problem) -> [String] {
    guard let value = object[key] else {
      if required { throw Problem(reason: "\"\(key)\" is missing") }
      return []
    }
    guard case .array(let items) = value else { throw Problem(reason: "\"\(key)\" is not an array of strings") }
    var result: [String] = []
    for item in items {
      guard case .string(let text) = item else { throw Problem(reason: "\"\(key)\" is not an array of strings") }
      result.append(text)
    }
    return result
  }

  /// File-name endings: lower-cased, without a leading dot, not empty.
  private static func endings(_ object: JSONValue, _ key: String, required: Bool) throws(Problem) -> [String] {
    try strings(object, key, required: required).map { (raw: String) throws(Problem) -> String in
      let ending = String(raw.drop(while: { $0 == "." })).lowercased()
      guard !ending.isEmpty, !ending.contains("/") else {
        throw Problem(reason: "\"\(key)\" has \"\(raw)\", which is not a file-name ending")
      }
      return ending
    }
  }

  private static func diagnosticDescriptors(_ object: JSONValue) throws(Problem) -> [DiagnosticDescriptor] {
    guard let value = object["diagnostics"] else { return [] }
    guard case .array(let items) = value else { throw Problem(reason: "\"diagnostics\" is not an array") }
    var result: [DiagnosticDescriptor] = []
    for item in items {
      let code = try string(item, "code")
      guard isValidID(code) else { throw Problem(reason: "diagnostic code \"\(code)\" is not kebab-case") }
      guard let severity = Severity(rawValue: try string(item, "severity")) else {
        throw Problem(reason: "diagnostic \"\(code)\" has a severity other than \"error\" or \"warning\"")
      }
      result.append(DiagnosticDescriptor(code: code, severity: severity, summary: try string(item, "summary")))
    }
    return result
  }

  private static func render(_ value: JSONValue) -> String {
    (try? JSONText.compact(value)) ?? "?"
  }
}
