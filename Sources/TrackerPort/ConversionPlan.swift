/// What a conversion would do, found without writing anything (`convert --dry-run`; the same
/// data `trackport serve` answers `/api/inspect` with): what is read and as which format, how
/// much it holds, what the reader noticed, and for every part of the model the dataset uses
/// whether the output format keeps it or loses it, with the losses in the words of the real run.
public struct ConversionPlan: Sendable {
  /// The format the input is read as.
  public var reader: CodecDescriptor
  /// The format the output would be written in.
  public var writer: CodecDescriptor
  /// The dataset as read.
  public var dataset: TrackerDataset
  /// The reader's diagnostics (errors among them are parts of the input the real run refuses
  /// without `--skip-bad-rows`).
  public var diagnostics: [Diagnostic]
  /// The losses the real run would report before writing (`dropped-field`, a writer's
  /// per-habit `lossy-frequency`), which `--fail-on-loss` refuses on.
  public var losses: [Diagnostic]

  /// A plan from its parts (``Conversion/plan(source:registry:)`` makes one from a conversion;
  /// a caller that has read the file and made its destination already can make one too).
  public init(reader: CodecDescriptor, writer: CodecDescriptor, dataset: TrackerDataset, diagnostics: [Diagnostic],
              losses: [Diagnostic]) {
    self.reader = reader
    self.writer = writer
    self.dataset = dataset
    self.diagnostics = diagnostics
    self.losses = losses
  }

  /// One part of the model the dataset uses, and what the output does with it.
  public struct Field: Hashable, Sendable {
    /// The part (`trackers.emoji`).
    public var field: ModelField
    /// How many of the dataset's items have it (``ModelField/count(in:)``).
    public var count: Int
    /// Whether the output loses it (all or some of it: the losses say how much).
    public var lost: Bool
  }

  /// Every part of the model the dataset uses, in the model's order, kept or lost. A part named
  /// by a loss counts as lost: `dropped-field` names it by its pointer (`/trackers.emoji`), a
  /// per-habit `lossy-frequency` by the habit's (`/trackers/3/schedule` loses `trackers.schedule`).
  public var fields: [Field] {
    let lost = Set(losses.compactMap(ConversionPlan.field(of:)))
    return ModelField.allCases.compactMap { field in
      let count = field.count(in: dataset)
      return count > 0 || lost.contains(field) ? Field(field: field, count: count, lost: lost.contains(field)) : nil
    }
  }

  /// The first and last day of the dataset's records and entries; `nil` when it has none.
  public var days: ClosedRange<LocalDate>? { dataset.markedDays }

  /// The model part a loss names, from its pointer: `/trackers.emoji` (a `dropped-field`), or a
  /// habit's part (`/trackers/3/schedule`, a writer's per-habit `lossy-frequency`).
  public static func field(of loss: Diagnostic) -> ModelField? {
    let path = (loss.location.pointer ?? "").drop { $0 == "/" }
    let parts = path.split(separator: "/")
    if parts.count == 3, parts[0] == "trackers" { return ModelField(rawValue: "trackers." + parts[2]) }
    return ModelField(rawValue: String(path))
  }
}

extension Conversion {
  /// The plan of ``run(source:registry:refuseLoss:skipBadRows:progress:)``, with the same
  /// checks (the output can be created, the options are known, the input reads) and nothing
  /// written.
  ///
  /// - Throws: what the real run throws before writing.
  public func plan(source: CodecInput? = nil, registry: CodecRegistry = StandardCodecs.registry) throws -> ConversionPlan {
    let (destination, reader, file) = try read(source: source, registry: registry, progress: nil)
    return ConversionPlan(reader: reader.descriptor, writer: destination.writer.descriptor, dataset: file.dataset,
                          diagnostics: file.diagnostics, losses: destination.losses(writing: file.dataset))
  }
}
