import TrackerModel

/// A tracker colour that is not `#RRGGBB`: `#` and six hex digits, upper or lower case.
///
/// Short (`#FFF`), alpha (`#RRGGBBAA`) and named colours are all invalid: the canonical model
/// has one colour form, and codecs convert theirs to it. A missing or empty colour is
/// `color-missing`.
public struct ColorInvalidRule: ValidationRule {
  /// `color-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "color-invalid", severity: .error,
    summary: "A tracker colour is not #RRGGBB.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/color`; skips a missing or empty colour, so each tracker gets
  /// at most one colour error.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let color = tracker.color, !color.isEmpty, !color.isHexColor else { continue }
      diagnostics.append(diagnostic(
        "color \"\(color)\" is not #RRGGBB", at: JSONPointer.make("trackers", i, "color")))
    }
  }
}
