/// Why a tool call or a resource read was refused: a stable code and one plain line an
/// assistant can act on (docs/mcp.md, "Errors", lists the codes). The line names paths the
/// assistant gave and datasets by name, never what a file holds.
public struct MCPToolError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A stable kebab-case code: one of ``codes``, or the code `trackport serve` gave for a file
  /// it could not read (`read-errors`, `malformed-input`, `conversion-timeout`, ...).
  public var code: String
  /// One line for people.
  public var message: String

  /// An error as given.
  public init(_ code: String, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { "\(message) [\(code)]" }

  /// The server's own codes (the ones a file's reading adds come from `trackport serve`).
  public static let codes: Set<String> = [
    "unknown-tool", "bad-argument", "unknown-dataset", "unknown-habit", "bad-cursor", "stale-cursor",
    "not-allowed", "outside-allowed-folder", "symlink-refused", "parent-reference-refused", "not-a-file",
    "cannot-read", "too-large", "write-not-allowed", "output-exists", "output-is-input", "cannot-write",
    "unknown-resource",
  ]

  /// `bad-argument`: an argument missing or of the wrong kind.
  static func argument(_ name: String, _ why: String) -> MCPToolError {
    MCPToolError("bad-argument", "\(name): \(why)")
  }
}
