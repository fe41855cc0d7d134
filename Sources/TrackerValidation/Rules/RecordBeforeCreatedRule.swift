import TrackerModel

/// A record dated before its tracker's `createdOn`: completed before it existed.
///
/// Applies to every tracker with a `createdOn`, events included; trackers without one are
/// skipped.
public struct RecordBeforeCreatedRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "record-before-created", severity: .warning,
    summary: "A record is dated before its tracker was created.")

  public init() {}

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
