import TrackerServeAPI

/// What one message and one answer of `trackport mcp` may be, and the limits files are read
/// under (those of `trackport serve`).
public struct MCPLimits: Sendable, Equatable {
  /// The longest message the client may send, in bytes; a longer line is answered with a
  /// JSON-RPC error and skipped, never held whole.
  public var maxMessageBytes: Int
  /// The most bytes of items one page of a tool's answer carries (the rest: a cursor).
  public var maxPageBytes: Int
  /// Items in a page when the call names no `limit`.
  public var defaultPageItems: Int
  /// The most items a call may ask for.
  public var maxPageItems: Int
  /// The largest resource (a dataset's canonical JSON, its report) sent whole; a larger one is
  /// refused with `too-large`, pointing to the tools that page.
  public var maxResourceBytes: Int
  /// The limits a file is read under: its size (``ServeLimits/maxRequestBytes``), what an
  /// archive may unpack to, the time the reading may take.
  public var reading: ServeLimits

  /// 1 MiB messages, pages of 100 items (at most 1,000) and 256 KiB, resources up to 8 MiB,
  /// `serve`'s default limits for reading.
  public init(maxMessageBytes: Int = 1 << 20, maxPageBytes: Int = 256 << 10, defaultPageItems: Int = 100,
              maxPageItems: Int = 1_000, maxResourceBytes: Int = 8 << 20, reading: ServeLimits = ServeLimits()) {
    self.maxMessageBytes = maxMessageBytes
    self.maxPageBytes = maxPageBytes
    self.defaultPageItems = defaultPageItems
    self.maxPageItems = maxPageItems
    self.maxResourceBytes = maxResourceBytes
    self.reading = reading
  }
}
