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
    for codec in codecs where !self.codecs.contains(where: { $0.id == codec.id }) {
      self.codecs.append(codec)
    }
  }

  /// Adds a codec. An id already taken is refused: nothing silently shadows another codec.
  public mutating func register(_ codec: any TrackerCodec) throws {
    if let existing = codecs.first(where: { $0.id == codec.id }) {
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
    guard let codec = codecs.first(where: { $0.id == wanted }) else {
      throw CodecError(.unknownCodec, "unknown format '\(id)'",
                       note: Self.didYouMean(id, among: codecs.map(\.id)) + "known formats: " + codecs.map(\.id).joined(separator: ", "))
    }
    return codec
  }

  /// The codec with this id, to read with (`writing` false) or to write with: the note of an
  /// unknown id lists only the formats that can do that, and a format that cannot is refused
  /// with the list of those that can (`--to tickmate` names the formats it could write).
  ///
  /// - Throws: ``CodecError`` `.unknownCodec` for an unknown id, `.unsupportedOperation` for a
  ///   format that cannot read (or write).
  public func codec(id: String, writing: Bool) throws -> any TrackerCodec {
    let able = codecs.filter { writing ? $0.descriptor.canWrite : $0.descriptor.canRead }
    let list = able.map(\.id).joined(separator: ", ")
    guard let codec = codecs.first(where: { $0.id == id.lowercased() }) else {
      throw CodecError(.unknownCodec, "unknown format '\(id)'",
                       note: Self.didYouMean(id, among: able.map(\.id)) + "formats it can \(writing ? "write" : "read"): " + list)
    }
    guard able.contains(where: { $0.id == codec.id }) else {
      throw CodecError(.unsupportedOperation,
                       writing ? "format '\(codec.id)' can be read but not written" : "format '\(codec.id)' cannot be read, only written",
                       note: "formats it can \(writing ? "write" : "read"): " + list)
    }
    return codec
  }

  /// The codec for an input: its file name's ending first (most specific ending wins), then
  /// the content for endings several formats share and for names that say nothing. `options`
  /// are the reading options the user gave (an `encoding` changes what a CSV looks like).
  ///
  /// A folder or zip is a package only by the entries at its own root, or in its one top folder
  /// when it holds nothing else; never by searching below.
  ///
  /// - Throws: ``CodecError`` `.unknownFormat` when nothing recognises it, or several formats
  ///   or packages would be guesses; `.cannotReadInput` when it cannot be read.
  public func detect(_ input: CodecInput, reading: Bool = true, options: [String: String] = [:]) throws -> any TrackerCodec {
    let usable = codecs.filter { reading ? $0.descriptor.canRead : $0.descriptor.canWrite }
    if let ext = input.fileExtension, let codec = claim(ext, among: usable) { return codec }
    // Nothing to tell by content: an empty file says so.
    if reading, let empty = input.emptyInputError { throw empty }
    if let kind = try input.packageKind() {
      return try detectPackage(input, kind: kind, among: usable)
    }
    let head = try input.head()
    let sniffers: [any TrackerCodec]
    if let ext = input.fileExtension {
      let sharing = usable.filter { codec in codec.descriptor.sniffedExtensions.contains { CodecRegistry.matches(ext, $0) } }
      sniffers = sharing + usable.filter { codec in !sharing.contains { $0.descriptor.id == codec.descriptor.id } }
    } else {
      sniffers = usable
    }
    if let codec = sniffers.first(where: { $0.sniff(head, options: options) }) { return codec }
    var notes: [String] = []
    for hint in sniffers.compactMap({ $0.unrecognisedHint(head, options: options) }) where !notes.contains(hint) {
      notes.append(hint)
    }
    notes.append("name it with --from; known formats: " + usable.map(\.descriptor.id).joined(separator: ", "))
    throw CodecError(.unknownFormat, "cannot tell the format of this file",
                     location: SourceLocation(file: input.displayName), note: notes.joined(separator: "; "))
  }

  /// The codec of a folder or zip: the one format whose ``TrackerCodec/sniffPackage(_:)``
  /// recognises the entries of its package root (``CodecInput/packageRoot()``). Never found by
  /// searching below: folders directly in the root are listed (one level, no deeper) only to
  /// name the packages they hold in the error.
  ///
  /// - Throws: ``CodecError`` `.unknownFormat` when two formats claim the root, when packages
  ///   are only in folders below it (one is named, several are named and not chosen from), or
  ///   when nothing recognises it (the note lists what it holds and what a package holds).
  private func detectPackage(_ input: CodecInput, kind: CodecInput.PackageKind, among usable: [any TrackerCodec]) throws -> any TrackerCodec {
    let what = kind == .folder ? "folder" : "zip archive"
    let location = SourceLocation(file: input.displayName)
    let root = try input.packageRoot()
    let entries = try input.packageEntries(root)
    let claims = usable.filter { $0.sniffPackage(entries) }
    if claims.count == 1, let codec = claims.first { return codec }
    if claims.count > 1 {
      throw CodecError(.unknownFormat, "this \(what) looks like " + claims.map(\.descriptor.name).joined(separator: " and also like ")
                         + "; which one it is is not guessed",
                       location: location, note: "name the format with " + claims.map { "--from \($0.id)" }.joined(separator: " or "))
    }
    var nested: [(folder: String, codec: any TrackerCodec)] = []
    for folder in entries where folder.hasSuffix("/") {
      guard let inner = try? input.packageEntries(root + folder) else { continue }
      for codec in usable where codec.sniffPackage(inner) { nested.append((root + folder, codec)) }
    }
    let base = input.displayName.hasSuffix("/") ? String(input.displayName.dropLast()) : input.displayName
    let paths = nested.map { base + "/" + $0.folder.dropLast() }
    if nested.count == 1, let only = nested.first {
      throw CodecError(.unknownFormat, "no format recognises this \(what) itself; it holds \(only.codec.descriptor.name) data below its root, in \(only.folder)",
                       location: location,
                       note: kind == .folder ? "a package is read only by what its own root holds (or its one top folder): give \(paths[0])"
                         : "a package is read only by what its own root holds (or its one top folder): zip that folder alone, or unpack it and give the folder")
    }
    if nested.count > 1 {
      throw CodecError(.unknownFormat, "this \(what) holds \(nested.count) packages, and which one to read is not guessed: "
                         + nested.map { "\($0.folder) (\($0.codec.descriptor.name))" }.joined(separator: ", "),
                       location: location,
                       note: kind == .folder ? "give one of them: " + paths.joined(separator: " or ")
                         : "unpack it and give one of those folders")
    }
    let holds: String
    if entries.isEmpty {
      holds = root.isEmpty ? "it is empty" : "it holds only \(root), which is empty"
    } else {
      holds = "it holds \(entries.count) \(entries.count == 1 ? "entry" : "entries"): "
        + entries.prefix(8).map { root + $0 }.joined(separator: ", ") + (entries.count > 8 ? ", …" : "")
    }
    let packages = usable.compactMap(\.packageContents)
    throw CodecError(.unknownFormat, entries.isEmpty ? "no format reads an empty \(what)" : "no format recognises this \(what)",
                     location: location,
                     note: holds + (packages.isEmpty ? "" : "; a folder or zip is read when its root (or its one top folder) holds "
                                      + packages.joined(separator: ", or ")))
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
      try refuseMisspeltInnerEnding(ext, output: output, writers: writers)
      // A shared ending (`.csv`, `.json`): a built-in before a plugin (a plugin is asked before
      // the catch-all CSV reader, but must not take `.csv` outputs from its writer), and among
      // built-ins the general format: the one that loses nothing (canonical JSON, the CSV
      // package), not an app's format sharing its ending (Habo's `.json`, HabitBull's `.csv`),
      // which is written only when named with `--to`; else the last built-in.
      let sharing = writers.filter { $0.descriptor.sniffedExtensions.contains { CodecRegistry.matches(ext, $0) } }
      let builtIns = sharing.filter { $0.descriptor.origin == CodecDescriptor.builtInOrigin }
      if let codec = builtIns.last(where: { $0.descriptor.mayLose.isEmpty }) ?? builtIns.last ?? sharing.first {
        return codec
      }
    }
    throw CodecError(.unknownCodec, "cannot tell the output format from the name '\(output.displayName)'",
                     location: SourceLocation(file: output.displayName),
                     note: "name it with --to; known formats: " + writers.map(\.descriptor.id).joined(separator: ", "))
  }

  /// `out.tablehabbit.json`: an inner ending that is no format's but one edit or two from a
  /// writer's id (or from the first part of a writer's double ending, `trackport`) would write
  /// another format than the name meant; refused with the suggestion. An inner ending that
  /// names nothing close (`habits.2026.json`), or whose nearest format is the one the outer
  /// ending chooses anyway (`x.loops.db`), passes.
  private func refuseMisspeltInnerEnding(_ ext: String, output: CodecOutput, writers: [any TrackerCodec]) throws {
    let parts = ext.split(separator: ".").map(String.init)
    guard parts.count >= 2 else { return }
    let inner = parts[parts.count - 2], outer = parts[parts.count - 1]
    // Each near name, with the writers it may mean: an id, or a double ending's first part
    // (`trackport` of `.trackport.json` and `.trackport.xml`).
    var names: [String: [any TrackerCodec]] = [:]
    for codec in writers {
      names[codec.id, default: []].append(codec)
      for claimed in codec.descriptor.extensions where claimed.contains(".") {
        if let first = claimed.split(separator: ".").first { names[String(first), default: []].append(codec) }
      }
    }
    guard names[inner] == nil, let nearest = CodecDescriptor.nearestKey(to: inner, among: Array(names.keys)),
          let candidates = names[nearest], !candidates.isEmpty else { return }
    let meant = candidates.first { $0.descriptor.extensions.contains(nearest + "." + outer) } ?? candidates[0]
    let sharing = writers.filter { $0.descriptor.extensions.contains(outer) || $0.descriptor.sniffedExtensions.contains(outer) }
    if sharing.count == 1, sharing[0].id == meant.id { return }
    let ending = meant.descriptor.extensions.first { $0 == nearest + "." + outer }
      ?? meant.descriptor.extensions.first { $0.hasPrefix(nearest + ".") } ?? "\(nearest).\(outer)"
    throw CodecError(.unknownCodec, "'.\(inner)' is no format's ending",
                     location: SourceLocation(file: output.displayName),
                     note: "did you mean '.\(ending)'? Or name the format with --to \(meant.id) (--to json for canonical JSON)")
  }

  /// `did you mean 'X'? ` for an id one or two edits from a known one, else nothing.
  static func didYouMean(_ id: String, among ids: [String]) -> String {
    CodecDescriptor.nearestKey(to: id, among: ids).map { "did you mean '\($0)'? " } ?? ""
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
