import TrackerModel

/// Which rules run, and how.
public struct ValidationOptions: Sendable {
  /// Pins "today" (`--today`); `nil` means the machine's local date, decided by the caller.
  public var today: LocalDate?
  /// Only these codes (`--select`); `nil` means all.
  public var select: Set<String>?
  /// Never these codes (`--ignore`).
  public var ignore: Set<String>

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

  public let rules: [any ValidationRule.Type]
  public let options: ValidationOptions

  public init(rules: [any ValidationRule.Type] = Validator.standardRules, options: ValidationOptions = ValidationOptions()) {
    self.rules = rules
    self.options = options
  }

  /// All findings, in rule order, then in dataset order within a rule.
  public func validate(_ dataset: TrackerDataset) -> [Diagnostic] {
    let context = RuleContext(dataset: dataset, today: options.today)
    var diagnostics: [Diagnostic] = []
    for rule in rules where options.includes(rule.descriptor.code) {
      rule.init().check(context, into: &diagnostics)
    }
    return diagnostics
  }
}
