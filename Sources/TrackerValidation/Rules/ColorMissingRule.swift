import TrackerModel

/// A tracker with no colour, or an empty one: the app requires one from its picker.
public struct ColorMissingRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "color-missing", severity: .error,
    summary: "A tracker has no colour.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() where tracker.color?.isEmpty ?? true {
      diagnostics.append(diagnostic(
        "tracker has no colour", at: JSONPointer.make("trackers", i, "color")))
    }
  }
}
