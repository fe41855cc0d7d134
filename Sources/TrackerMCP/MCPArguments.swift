import MCP
import TrackerPort

/// A tool call's arguments, read by name and kind; a missing required one, one of the wrong
/// kind, or one the tool's schema does not name is a `bad-argument` error (an assistant that
/// misspells an argument learns so instead of having it ignored).
struct MCPArguments {
  let values: [String: Value]

  /// `values`, every key of which must be among `known`.
  init(_ values: [String: Value]?, known: Set<String>) throws(MCPToolError) {
    self.values = values ?? [:]
    if let unknown = self.values.keys.sorted().first(where: { !known.contains($0) }) {
      throw MCPToolError.argument(String(unknown.prefix(100)), "not an argument of this tool (it takes: \(known.sorted().joined(separator: ", ")))")
    }
  }

  /// A string argument; `nil` when absent or null.
  func string(_ name: String) throws(MCPToolError) -> String? {
    switch values[name] {
    case nil, .null?: return nil
    case .string(let text)?: return text
    default: throw MCPToolError.argument(name, "takes a string")
    }
  }

  /// A string argument that must be given.
  func required(_ name: String) throws(MCPToolError) -> String {
    guard let text = try string(name), !text.isEmpty else { throw MCPToolError.argument(name, "is required") }
    return text
  }

  /// A whole-number argument.
  func int(_ name: String) throws(MCPToolError) -> Int? {
    switch values[name] {
    case nil, .null?: return nil
    case .int(let n)?: return n
    case .double(let d)? where d.rounded() == d && abs(d) < 1e15: return Int(d)
    default: throw MCPToolError.argument(name, "takes a whole number")
    }
  }

  /// A true/false argument, `fallback` when absent.
  func bool(_ name: String, default fallback: Bool) throws(MCPToolError) -> Bool {
    switch values[name] {
    case nil, .null?: return fallback
    case .bool(let b)?: return b
    default: throw MCPToolError.argument(name, "takes true or false")
    }
  }

  /// A `YYYY-MM-DD` argument.
  func day(_ name: String) throws(MCPToolError) -> LocalDate? {
    guard let text = try string(name) else { return nil }
    guard let day = LocalDate(text) else { throw MCPToolError.argument(name, "takes a day as YYYY-MM-DD, got '\(text.prefix(40))'") }
    return day
  }

  /// One of a string enumeration's raw values.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) throws(MCPToolError) -> T where T.RawValue == String {
    guard let text = try string(name) else { return fallback }
    guard let value = T(rawValue: text) else {
      throw MCPToolError.argument(name, "takes one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got '\(text.prefix(40))'")
    }
    return value
  }

  /// An object of string values (codec options).
  func strings(_ name: String) throws(MCPToolError) -> [String: String] {
    switch values[name] {
    case nil, .null?: return [:]
    case .object(let members)?:
      var out: [String: String] = [:]
      for (key, value) in members {
        guard case .string(let text) = value else { throw MCPToolError.argument("\(name).\(key)", "takes a string") }
        out[key] = text
      }
      return out
    default: throw MCPToolError.argument(name, "takes an object of option names and string values")
    }
  }
}
