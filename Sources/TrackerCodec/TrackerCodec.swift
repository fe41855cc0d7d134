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

  /// The descriptor's id, known without building the descriptor: a plugin's id is its
  /// executable's name, so looking a codec up by id never runs a plugin.
  var id: String { get }

  /// Whether the first bytes of a file (up to 64 KiB) look like this format. Used for
  /// ``CodecDescriptor/sniffedExtensions`` and for files whose name says nothing.
  func sniff(_ head: [UInt8]) -> Bool

  /// ``sniff(_:)`` knowing the reading options the user gave: a codec with an option that says
  /// how its bytes are to be read (CSV's `encoding`) looks at them that way. What detection
  /// asks; by default ``sniff(_:)``.
  func sniff(_ head: [UInt8], options: [String: String]) -> Bool

  /// When no format recognised a file, why this one may not have, for the error's note (a CSV
  /// that is not UTF-8: the option to pass); `nil` (the default) when there is nothing to say.
  func unrecognisedHint(_ head: [UInt8], options: [String: String]) -> String?

  /// Whether a folder or zip archive is in this format (a CSV data package, a Loop export),
  /// asked for packages instead of ``sniff(_:)``. `members` are the entries at the package's
  /// root — the input's root, or its one top folder when it holds nothing else — as
  /// ``CodecInput/packageEntries(_:)`` lists them: names, folders ending in `/`. Nothing
  /// deeper: a package is recognised by its own members, never by searching below them.
  func sniffPackage(_ members: [String]) -> Bool

  /// What a package of this format holds at its root, for the note when no format recognises
  /// a folder (`datapackage.json and trackers.csv`); `nil` (the default) for a format of files.
  var packageContents: String? { get }

  /// Whether writing to `output` with these options makes a folder (a package), so that an
  /// existing folder there may be replaced with `--force` (when it is an earlier package);
  /// `false` (the default) for a format of files.
  func writesFolder(to output: CodecOutput, options: [String: String]) -> Bool

  /// Checks that `output` may be written with these options, before anything is read: by
  /// default, as a package folder when ``writesFolder(to:options:)`` says so, else as a file.
  /// A codec that writes into an existing folder (Obsidian notes) checks otherwise.
  func checkOutput(_ output: CodecOutput, options: [String: String]) throws

  /// Reads a dataset. On success the context may hold a ``SourceLocator`` and diagnostics.
  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset

  /// Writes a dataset. What it cannot carry is not reported here but by ``losses(writing:to:options:)``,
  /// which the caller asks first (so `--fail-on-loss` can refuse before anything is written).
  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws

  /// The `dropped-field` warnings writing `dataset` to `output` with these options would give:
  /// one per part of the model the output cannot carry, with its count. By default, from
  /// ``CodecDescriptor/cannotCarry`` and ``CodecDescriptor/carriesInPart`` (every value counted); a codec whose losses depend on the data (an id derived
  /// from the name comes back) or on the shape it writes (a CSV package loses nothing, a single
  /// CSV table a lot) reports its own. For a dataset that uses every field, the fields named
  /// must be those the descriptor declares, lost whole or in part (per shape, ``CodecDescriptor/shapes``), as
  /// `trackport formats` lists them; `CannotCarryTests` checks it for the built-in codecs.
  ///
  /// Other apps' extras are counted as `extras` here: a writer does not know which codecs read
  /// the dataset. `DatasetDestination.losses(writing:)` (what `convert`, `--dry-run` and serve
  /// report) names those that keep a model field's value by that field, from the reading
  /// codecs' ``CodecDescriptor/extrasMeanings`` (``LossReport/namingExtras(_:writing:writer:sources:)``);
  /// a library user calling this directly can pass the result through the same.
  func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic]

  /// The writing options that write `dataset`, which this codec read, back in the shape its
  /// input had, where the writer's defaults would write another (an iOS store: the app it is
  /// for). What `trackport anonymize` gives the writer besides the user's own options, which
  /// win. Empty (the default) for a codec that writes back the shape it read without being
  /// told; one that needs options keeps what they depend on in the dataset's extras when it
  /// reads, so this is a function of the dataset alone.
  func optionsWritingBack(_ dataset: TrackerDataset) -> [String: String]
}

extension TrackerCodec {
  public func writesFolder(to output: CodecOutput, options: [String: String]) -> Bool { false }

  /// The static ``descriptor``; plugin codecs, known only at run time, override it.
  public var descriptor: CodecDescriptor { Self.descriptor }
  /// The descriptor's id.
  public var id: String { descriptor.id }
  /// Never recognises content: such a codec is chosen only by its endings or by id.
  public func sniff(_ head: [UInt8]) -> Bool { false }
  /// By default the options change nothing.
  public func sniff(_ head: [UInt8], options: [String: String]) -> Bool { sniff(head) }
  /// By default there is nothing to say.
  public func unrecognisedHint(_ head: [UInt8], options: [String: String]) -> String? { nil }
  /// By default a codec recognises no package.
  public func sniffPackage(_ members: [String]) -> Bool { false }
  /// A package folder (``CodecOutput/checkWritablePackageFolder(memberSuffixes:)``) or a file
  /// (``CodecOutput/checkWritable()``).
  public func checkOutput(_ output: CodecOutput, options: [String: String]) throws {
    if writesFolder(to: output, options: options) {
      try output.checkWritablePackageFolder()
    } else {
      try output.checkWritable()
    }
  }
  /// By default a codec reads no package.
  public var packageContents: String? { nil }
  /// By default, one warning per field of ``CodecDescriptor/mayLose`` the dataset uses.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    LossReport.diagnostics(writing: dataset, as: descriptor, to: output.displayName)
  }
  /// By default no options: the writer's defaults write back the shape the codec read.
  public func optionsWritingBack(_ dataset: TrackerDataset) -> [String: String] { [:] }
}
