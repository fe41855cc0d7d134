import TrackerModel

/// Which rules run, and how.
public struct ValidationOptions: Sendable {
  /// Pins "today" (`--today`); `nil` means the machine's local date, decided by the caller.
  public var today: LocalDate?
  /// Only these codes (`--select`); `nil` means all.
  public var select: Set<String>?
  /// Never these codes (`--ignore`).
  public var ignore: Set<String>

  /// Defaults run every rule except `record-in-future`, which needs `today`.
  public init(today: LocalDate? = nil, select: Set<String>? = nil, ignore: Set<String> = []) {
    self.today = today
    self.select = select
    self.ignore = ignore
  }

  /// Whether diagnostics with this code are wanted.
  public func includes(_ code: String) -> Bool {
    !ignore.contains(code) && (select?.contains(code) ?? true)
  }
}

/// Checks a dataset against the spec's rules.
public struct Validator: Sendable {
  /// Every built-in rule, in the order `trackport rules` lists them (errors, then warnings).
  public static let standardRules: [any ValidationRule.Type] = StandardRules.all

  /// The rules this validator knows, in the order their findings come; ``options`` picks
  /// which of them run.
  public let rules: [any ValidationRule.Type]
  /// Which codes run (`--select`, `--ignore`) and the day taken as today.
  public let options: ValidationOptions

  /// Defaults to every built-in rule; pass `rules` to add a third party's or to run a few.
  public init(rules: [any ValidationRule.Type] = Validator.standardRules, options: ValidationOptions = ValidationOptions()) {
    self.rules = rules
    self.options = options
  }

  /// What every built-in rule reports, in the order `trackport rules` lists them.
  public static var descriptors: [DiagnosticDescriptor] { standardRules.map { $0.descriptor } }

  /// The built-in rule with this code, or `nil`.
  public static func rule(code: String) -> (any ValidationRule.Type)? {
    standardRules.first { $0.descriptor.code == code }
  }

  /// All findings, in rule order, then in dataset order within a rule.
  ///
  /// Pass `index` when the caller has one already (the agenda or statistics built it), so the
  /// record list is not indexed twice.
  public func validate(_ dataset: TrackerDataset, index: DatasetIndex? = nil) -> [Diagnostic] {
    let active = rules.filter { options.includes($0.descriptor.code) }
    guard !active.isEmpty else { return [] }
    let context = RuleContext(dataset: dataset, index: index, today: options.today)
    var diagnostics: [Diagnostic] = []
    for rule in active {
      rule.init().check(context, into: &diagnostics)
    }
    return diagnostics
  }

  /// ``validate(_:index:)`` as a ``ValidationReport``.
  public func report(_ dataset: TrackerDataset, index: DatasetIndex? = nil) -> ValidationReport {
    ValidationReport(diagnostics: validate(dataset, index: index))
  }
}
