import TrackerModel

/// An id used twice among categories, among trackers, or among tasks.
///
/// Each list has its own id space: a tracker may share an id with a category. The first
/// occurrence is taken as the real one; the second and later are reported, each with a note
/// pointing at the first. Ids compare exactly (UUID case matters, as it does in JSON).
public struct DuplicateIDRule: ValidationRule {
  /// `duplicate-id`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "duplicate-id", severity: .error,
    summary: "An id is used twice among categories, trackers or tasks.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Checks categories, then trackers, then tasks; each repeat is reported at
  /// `/<list>/N/id` with a note pointing at the first.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    let dataset = context.dataset
    report(dataset.categories.map(\.id), list: "categories", noun: "category", into: &diagnostics)
    report(dataset.trackers.map(\.id), list: "trackers", noun: "tracker", into: &diagnostics)
    report(dataset.tasks.map(\.id), list: "tasks", noun: "task", into: &diagnostics)
  }

  private func report(_ ids: [String], list: String, noun: String, into diagnostics: inout [Diagnostic]) {
    var seen = Occurrences<String>(capacity: ids.count)
    for (i, id) in ids.enumerated() {
      guard let first = seen.repeatOf(id, at: i) else { continue }
      diagnostics.append(diagnostic(
        "\(noun) id \"\(id)\" is already used by another \(noun)",
        at: JSONPointer.make(list, i, "id"),
        note: "first used at \(JSONPointer.make(list, first))"))
    }
  }
}
