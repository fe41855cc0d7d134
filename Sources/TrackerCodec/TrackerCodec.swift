import TrackerModel

/// A format TrackerPort reads into, or writes from, the canonical model.
///
/// A codec reads bytes through ``CodecInput`` and writes through ``CodecOutput``; it never opens
/// paths itself. It throws ``CodecError`` only when no dataset can be produced, and reports
/// everything else (unknown keys, dropped fields, skipped rows) into the context.
/// Codecs never import one another.
public protocol TrackerCodec: Sendable {
  /// The codec's id, extensions, abilities and losses.
  static var descriptor: CodecDescriptor { get }

  /// The descriptor of this instance; built-in codecs use the static one, plugin codecs
  /// (known only at run time) override it.
  var descriptor: CodecDescriptor { get }

  /// Whether the first bytes of a file (up to 64 KiB) look like this format. Used for
  /// ``CodecDescriptor/sniffedExtensions`` and for files whose name says nothing.
  func sniff(_ head: [UInt8]) -> Bool

  /// Whether a folder or zip archive with these members (``CodecInput/members()``) is in this
  /// format: a CSV data package, a Loop export. Asked for packages instead of ``sniff(_:)``.
  func sniffPackage(_ members: [String]) -> Bool

  /// Reads a dataset. On success the context may hold a ``SourceLocator`` and diagnostics.
  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset

  /// Writes a dataset. Fields the format cannot carry are reported by the caller from
  /// ``CodecDescriptor/cannotCarry``; the codec reports any finer-grained loss itself.
  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws
}

extension TrackerCodec {
  /// The static ``descriptor``; plugin codecs, known only at run time, override it.
  public var descriptor: CodecDescriptor { Self.descriptor }
  /// Never recognises content: such a codec is chosen only by its endings or by id.
  public func sniff(_ head: [UInt8]) -> Bool { false }
  /// By default a codec recognises no package.
  public func sniffPackage(_ members: [String]) -> Bool { false }
}
