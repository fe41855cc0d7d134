import TrackerModel

/// A tracker with no emoji, or an empty one: the app requires one from its picker.
public struct EmojiMissingRule: ValidationRule {
  /// `emoji-missing`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "emoji-missing", severity: .error,
    summary: "A tracker has no emoji.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/emoji` even when the key is absent; a locator resolves it to
  /// the tracker object.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() where tracker.emoji?.isEmpty ?? true {
      diagnostics.append(diagnostic(
        "tracker has no emoji", at: JSONPointer.make("trackers", i, "emoji")))
    }
  }
}
