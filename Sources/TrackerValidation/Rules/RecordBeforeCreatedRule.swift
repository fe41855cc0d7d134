import TrackerModel

/// A record dated before its tracker's `createdOn`: completed before it existed.
///
/// Applies to every tracker with a `createdOn`, events included; trackers without one are
/// skipped.
public struct RecordBeforeCreatedRule: ValidationRule {
  /// `record-before-created`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "record-before-created", severity: .warning,
    summary: "A record is dated before its tracker was created.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/records/N/date`; records of unknown trackers and of trackers without
  /// `createdOn` are skipped.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let created = context.dataset.trackers.map { $0.createdOn?.dayNumber ?? Int.min }
    let records = context.dataset.records
    for (r, t) in context.index.recordTracker.enumerated() where t >= 0 {
      let date = records[r].date
      guard date.dayNumber < created[t] else { continue }
      diagnostics.append(diagnostic(
        "record on \(date) is before the tracker was created on \(LocalDate(dayNumber: created[t]))",
        at: RecordDays.pointer(r, "date")))
    }
  }
}
