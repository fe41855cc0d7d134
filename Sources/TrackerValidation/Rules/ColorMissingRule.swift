import TrackerModel

/// A tracker with no colour, or an empty one: the app requires one from its picker.
public struct ColorMissingRule: ValidationRule {
  /// `color-missing`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "color-missing", severity: .error,
    summary: "A tracker has no colour.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/color` even when the key is absent; a locator resolves it to
  /// the tracker object.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() where tracker.color?.isEmpty ?? true {
      diagnostics.append(diagnostic(
        "tracker has no colour", at: JSONPointer.make("trackers", i, "color")))
    }
  }
}
