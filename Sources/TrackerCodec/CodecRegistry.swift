import TrackerModel

/// The codecs a conversion can choose from, looked up by id, by file name and by content.
///
/// The built-in list lives in one place (`StandardCodecs` in the `TrackerPort` module); a
/// third party adds its own codec with ``register(_:)``.
public struct CodecRegistry: Sendable {
  /// Codecs in registration order (the order `trackport formats` lists them).
  public private(set) var codecs: [any TrackerCodec]

  /// The codecs in order. Unlike ``register(_:)``, a codec whose id is already taken is
  /// skipped silently: the first one wins.
  public init(_ codecs: [any TrackerCodec] = []) {
    self.codecs = []
    for codec in codecs where !self.codecs.contains(where: { $0.descriptor.id == codec.descriptor.id }) {
      self.codecs.append(codec)
    }
  }

  /// Adds a codec. An id already taken is refused: nothing silently shadows another codec.
  public mutating func register(_ codec: any TrackerCodec) throws {
    if let existing = codecs.first(where: { $0.descriptor.id == codec.descriptor.id }) {
      throw CodecError(.unsupportedOperation,
                       "codec id '\(codec.descriptor.id)' from \(codec.descriptor.origin) is already taken by \(existing.descriptor.origin)")
    }
    codecs.append(codec)
  }

  /// The codec with this id.
  ///
  /// - Throws: ``CodecError`` `.unknownCodec`, listing the known ids.
  public func codec(id: String) throws -> any TrackerCodec {
    let wanted = id.lowercased()
    guard let codec = codecs.first(where: { $0.descriptor.id == wanted }) else {
      throw CodecError(.unknownCodec, "unknown format '\(id)'",
                       note: "known formats: " + codecs.map(\.descriptor.id).joined(separator: ", "))
    }
    return codec
  }

  /// The codec for an input: its file name's ending first (most specific ending wins), then
  /// the content for endings several formats share and for names that say nothing.
  ///
  /// - Throws: ``CodecError`` `.unknownFormat` when nothing recognises it, `.cannotReadInput`
  ///   when it cannot be read.
  public func detect(_ input: CodecInput, reading: Bool = true) throws -> any TrackerCodec {
    let usable = codecs.filter { reading ? $0.descriptor.canRead : $0.descriptor.canWrite }
    if let ext = input.fileExtension, let codec = claim(ext, among: usable) { return codec }
    if try input.packageKind() != nil {
      let members = try input.members()
      if let codec = usable.first(where: { $0.sniffPackage(members) }) { return codec }
      throw CodecError(.unknownFormat, "no format recognises a package holding these files",
                       location: SourceLocation(file: input.displayName),
                       note: "it holds: " + members.prefix(8).joined(separator: ", ") + (members.count > 8 ? ", …" : ""))
    }
    let head = try input.head()
    let sniffers: [any TrackerCodec]
    if let ext = input.fileExtension {
      let sharing = usable.filter { codec in codec.descriptor.sniffedExtensions.contains { CodecRegistry.matches(ext, $0) } }
      sniffers = sharing + usable.filter { codec in !sharing.contains { $0.descriptor.id == codec.descriptor.id } }
    } else {
      sniffers = usable
    }
    if let codec = sniffers.first(where: { $0.sniff(head) }) { return codec }
    throw CodecError(.unknownFormat, "cannot tell the format of this file",
                     location: SourceLocation(file: input.displayName),
                     note: "name it with --from; known formats: " + usable.map(\.descriptor.id).joined(separator: ", "))
  }

  /// The codec to write a file with this name: its ending, most specific first; for an ending
  /// several formats share, the last of them (the general one: `out.csv` is a CSV table, not
  /// a HabitBull export, which needs `--to habitbull` or the ending `.habitbull.csv`).
  ///
  /// - Throws: ``CodecError`` `.unknownCodec` when no writer claims the ending (the user must
  ///   name the format with `--to`).
  public func detectOutput(_ output: CodecOutput) throws -> any TrackerCodec {
    let writers = codecs.filter(\.descriptor.canWrite)
    if let ext = output.fileExtension {
      if let codec = claim(ext, among: writers) { return codec }
      // A shared ending (`.csv`): the general format, which the list puts after the apps'
      // formats sharing its ending (they go first for reading, where their content decides).
      if let codec = writers.last(where: { $0.descriptor.sniffedExtensions.contains { CodecRegistry.matches(ext, $0) } }) {
        return codec
      }
    }
    throw CodecError(.unknownCodec, "cannot tell the output format from the name '\(output.displayName)'",
                     location: SourceLocation(file: output.displayName),
                     note: "name it with --to; known formats: " + writers.map(\.descriptor.id).joined(separator: ", "))
  }

  /// The codec claiming the longest ending of `ext` outright.
  private func claim(_ ext: String, among candidates: [any TrackerCodec]) -> (any TrackerCodec)? {
    var best: (codec: any TrackerCodec, length: Int)?
    for codec in candidates {
      for claimed in codec.descriptor.extensions where CodecRegistry.matches(ext, claimed) {
        if claimed.count > (best?.length ?? -1) { best = (codec, claimed.count) }
      }
    }
    return best?.codec
  }

  /// Whether the full ending `ext` (`backup.trackport.json`) ends with the claimed one.
  static func matches(_ ext: String, _ claimed: String) -> Bool {
    ext == claimed || ext.hasSuffix("." + claimed)
  }
}
