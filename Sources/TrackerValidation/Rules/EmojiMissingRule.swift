import TrackerModel

/// A tracker with no emoji, or an empty one: the app requires one from its picker.
public struct EmojiMissingRule: ValidationRule {
  public static let descriptor = DiagnosticDescriptor(
    code: "emoji-missing", severity: .error,
    summary: "A tracker has no emoji.")

  public init() {}

  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() where tracker.emoji?.isEmpty ?? true {
      diagnostics.append(diagnostic(
        "tracker has no emoji", at: JSONPointer.make("trackers", i, "emoji")))
    }
  }
}
