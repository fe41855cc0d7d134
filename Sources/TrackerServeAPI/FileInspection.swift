import TrackerOutput
import TrackerPort

/// What a file holds and, for a chosen format, what a conversion to it would carry and lose:
/// the one answer of `POST /api/inspect`, of `trackport inspect` and of the MCP server's
/// `inspect_file` (docs/serve.md, "What a file holds").
///
/// With a target the file is really converted, into a private temporary folder that is removed
/// before the answer, and the output read back: ``arrivals`` are counted from what the target
/// format gave back, not assumed from what went in.
public struct FileInspection {
  /// The file's name as the answer shows it (the upload's name, or the path as given).
  public var name: String
  /// The format the file was read as.
  public var reader: CodecDescriptor
  /// What the file reads as (with `--skip-bad-rows`' leniency: the parts that could be read).
  public var dataset: TrackerDataset
  /// The reader's diagnostics; errors among them are parts of the file that could not be read.
  public var diagnostics: [Diagnostic]
  /// The conversion to the chosen format, when one was named.
  public var target: Target?

  /// A conversion of the file to one format, done and read back.
  public struct Target {
    /// The format written.
    public var writer: CodecDescriptor
    /// What the format cannot carry, field by field (`dropped-field`, `lossy-frequency`).
    public var losses: [Diagnostic]
    /// Every part of the model the file uses, kept or lost (`convert --dry-run`'s plan).
    public var plan: ConversionPlan
    /// The output read again; `nil` when the file had read errors (nothing is converted then).
    var readBack: ReadBack?

    /// Per habit, what the written file reads back as: its days, amounts, notes and skips.
    public var arrivals: [HabitTally] { readBack.map { HabitTally.of($0.dataset) } ?? [] }
    /// The whole output counted as read back.
    public var checked: DatasetTally? { readBack?.tally }
    /// Why the output read back differs from what was written, when it does with no loss to
    /// explain it (a writer's fault, `read-back-mismatch`); `nil` when it holds what was written.
    public var mismatch: String? {
      guard let readBack, !readBack.mismatches.isEmpty else { return nil }
      return readBack.mismatchMessage(writer: writer.name)
    }
  }

  /// Reads `input` (shown as `name`) with the format `from` names or the one detected, its
  /// archive members held to the input's budget; with `to`, writes it in that format into a
  /// private folder and reads the output back.
  ///
  /// - Throws: ``CodecError`` as the reader and writer throw it (an unknown or malformed file,
  ///   a misspelt option, a read-only target); a ``ServeError`` when no private folder can be made.
  public init(_ input: CodecInput, name: String, from: String?, to: String?, options: [String: String],
              registry: CodecRegistry) throws {
    let folder = try PrivateFolder()
    defer { folder.remove() }
    let base = name == "-" ? "standard-input" : Self.lastSegment(name)
    let output = try to.map { to in folder.path(for: ServeAPI.downloadName(base, writer: try registry.codec(id: to))) }
    let destination = try to.map { to in
      try DatasetDestination(path: output ?? "", format: to, overwrite: false, inputs: [name], options: options,
                             registry: registry)
    }
    let reader = try DatasetFile.reader(for: input, format: from, registry: registry, options: options)
    try CodecDescriptor.checkOptions(options, reading: [reader.descriptor],
                                     writing: destination.map { [$0.writer.descriptor] } ?? [])
    let file = try DatasetFile.load(input, reader: reader, options: options)
    self.name = name
    self.reader = file.codec
    dataset = file.dataset
    diagnostics = file.diagnostics
    guard var destination, let output else { return }
    let losses = destination.losses(writing: file.dataset).map { folder.hidden($0, as: Self.lastSegment(output)) }
    var readBack: ReadBack?
    if file.readErrors.isEmpty {
      _ = try destination.write(file.dataset)
      readBack = try ReadBack(output: output, writer: destination.writer, options: options, converted: file.dataset,
                              losses: losses)
    }
    let writer = destination.writer.descriptor
    target = Target(writer: writer, losses: losses,
                    plan: ConversionPlan(reader: file.codec, writer: writer, dataset: file.dataset,
                                         diagnostics: file.diagnostics, losses: losses),
                    readBack: readBack)
  }

  /// The answer of `POST /api/inspect` (docs/openapi.json's `Inspection`).
  public var json: String {
    let d = dataset
    let days = d.markedDays
    var members: [(String, String)] = [
      ("file", JSONOutput.quote(name)),
      ("format", JSONOutput.object([("id", JSONOutput.quote(reader.id)), ("name", JSONOutput.quote(reader.name))])),
      ("counts", JSONOutput.object([
        ("trackers", String(d.trackers.count)), ("records", String(d.records.count)),
        ("entries", String(d.entries.count)), ("tasks", String(d.tasks.count)),
        ("categories", String(d.categories.count)),
      ])),
      ("firstDay", JSONOutput.value(days?.lowerBound.description)),
      ("lastDay", JSONOutput.value(days?.upperBound.description)),
      ("diagnostics", JSONOutput.array(diagnostics.map(DiagnosticJSON.object))),
      ("subjects", DiagnosticSubject.json(of: diagnostics, in: d)),
    ]
    guard let target else { return JSONOutput.object(members) }
    if let checked = target.checked {
      members.append(("arrives", JSONOutput.array(target.arrivals.map(\.json))))
      members.append(("checked", checked.json))
      if let mismatch = target.mismatch {
        members.append(("readBack", JSONOutput.object([("code", JSONOutput.quote("read-back-mismatch")),
                                                       ("message", JSONOutput.quote(mismatch))])))
      }
    }
    members.append(("to", JSONOutput.object([("id", JSONOutput.quote(target.writer.id)),
                                             ("name", JSONOutput.quote(target.writer.name))])))
    members.append(("losses", JSONOutput.array(target.losses.map(DiagnosticJSON.object))))
    members.append(("lossHabits", LossSubjects.json(of: target.losses, in: d)))
    members.append(("fields", JSONOutput.array(target.plan.fields.map { f in
      JSONOutput.object([("field", JSONOutput.quote(f.field.rawValue)), ("count", String(f.count)), ("lost", JSONOutput.value(f.lost))])
    })))
    return JSONOutput.object(members)
  }

  private static func lastSegment(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
