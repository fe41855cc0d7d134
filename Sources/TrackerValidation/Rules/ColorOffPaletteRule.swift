import TrackerModel

/// A valid `#RRGGBB` colour that is not one of the app's 18 picker colours (compared
/// case-insensitively). The app would show it, but a user could not pick it again.
public struct ColorOffPaletteRule: ValidationRule {
  /// `color-off-palette`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "color-off-palette", severity: .warning,
    summary: "A tracker colour is not one of the app's 18 colours.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/color`; only valid `#RRGGBB` colours are looked at, so an
  /// invalid one is reported once, by `color-invalid`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let color = tracker.color, color.isHexColor, PaletteColor(hex: color) == nil else { continue }
      diagnostics.append(diagnostic(
        "color \"\(color)\" is not in the app's colour palette",
        at: JSONPointer.make("trackers", i, "color")))
    }
  }
}
