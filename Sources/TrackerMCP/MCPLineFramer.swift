/// Splits the client's byte stream into messages, one per line (MCP's stdio framing), never
/// holding more than ``maxBytes`` of one: a longer line is dropped as it comes, up to its end,
/// and reported as ``Piece/oversized(_:)`` so that the server can answer it with an error and
/// go on with the next line. A line's `\r` before its `\n` is dropped; blank lines are skipped.
public struct MCPLineFramer: Sendable {
  /// What a chunk of input completed.
  public enum Piece: Hashable, Sendable {
    /// One message's bytes, without its line end.
    case message([UInt8])
    /// A line longer than ``maxBytes``: this many bytes were dropped.
    case oversized(Int)
  }

  /// The longest message kept.
  public let maxBytes: Int
  private var pending: [UInt8] = []
  private var dropped: Int?

  /// A framer of messages up to `maxBytes` long.
  public init(maxBytes: Int) {
    self.maxBytes = max(1, maxBytes)
  }

  /// The messages `chunk` completes, in order.
  public mutating func feed(_ chunk: some Collection<UInt8>) -> [Piece] {
    var pieces: [Piece] = []
    var rest = chunk[...]
    while !rest.isEmpty {
      let newline = rest.firstIndex(of: UInt8(ascii: "\n"))
      let part = rest[..<(newline ?? rest.endIndex)]
      if let count = dropped {
        dropped = count + part.count
      } else if pending.count + part.count > maxBytes {
        dropped = pending.count + part.count
        pending = []
      } else {
        pending.append(contentsOf: part)
      }
      guard let newline else { break }
      if let piece = endLine() { pieces.append(piece) }
      rest = rest[rest.index(after: newline)...]
    }
    return pieces
  }

  /// At the end of input: the last line, if it had no line end.
  public mutating func finish() -> [Piece] {
    endLine().map { [$0] } ?? []
  }

  private mutating func endLine() -> Piece? {
    defer { pending = []; dropped = nil }
    if let dropped { return .oversized(dropped) }
    if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
    guard pending.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return nil }
    return .message(pending)
  }
}
