import TrackerModel

/// One rule of the spec, checked against a whole dataset.
///
/// Each rule lives in its own file under `Rules/`, has one stable code, and reports
/// diagnostics located by JSON pointer only; the caller fills in lines and columns.
public protocol ValidationRule: Sendable {
  /// The rule's code, severity and one-line summary.
  static var descriptor: DiagnosticDescriptor { get }
  /// Rules are stateless: the validator makes a fresh one per validation, so nothing carries
  /// over from one dataset to the next.
  init()
  /// Appends a diagnostic for every violation in `context.dataset`.
  func check(_ context: RuleContext, into diagnostics: inout [Diagnostic])
}

extension ValidationRule {
  /// A diagnostic of this rule at `pointer`.
  public func diagnostic(_ message: String, at pointer: String, note: String? = nil) -> Diagnostic {
    Diagnostic(code: Self.descriptor.code, severity: Self.descriptor.severity, message: message,
               location: SourceLocation(pointer: pointer), note: note)
  }
}

/// What every rule sees: the dataset, lookups built once, and the options.
public struct RuleContext: Sendable {
  /// The dataset as read, rule-breaking values included: ids may repeat and references may
  /// point nowhere.
  public let dataset: TrackerDataset
  /// Built once per validation and shared by every rule; where ids repeat, it points at the
  /// first.
  public let index: DatasetIndex
  /// "Today" for `record-in-future`; `nil` means the rule does not run.
  public let today: LocalDate?

  /// Builds the index from `dataset` unless the caller passes one built for the same dataset;
  /// `today` `nil` turns `record-in-future` off.
  public init(dataset: TrackerDataset, index: DatasetIndex? = nil, today: LocalDate?) {
    self.dataset = dataset
    self.index = index ?? DatasetIndex(dataset)
    self.today = today
  }
}
