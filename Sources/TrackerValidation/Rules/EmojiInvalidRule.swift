import TrackerModel

/// A tracker emoji that is not exactly one emoji.
///
/// One emoji is one `Character` (grapheme cluster) that is an emoji: ❤️ (U+2764 U+FE0F), 🏝
/// with or without VS16, skin-tone and ZWJ sequences and flags all count as one. Digits, `#`
/// and letters do not, even though Unicode gives digits and `#` the `Emoji` property; leading
/// or trailing spaces make two characters. A missing or empty emoji is `emoji-missing`.
public struct EmojiInvalidRule: ValidationRule {
  /// `emoji-invalid`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "emoji-invalid", severity: .error,
    summary: "A tracker emoji is not exactly one emoji.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/emoji`; skips a missing or empty emoji, so each tracker gets
  /// at most one emoji error.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let emoji = tracker.emoji, !emoji.isEmpty, !emoji.isSingleEmoji else { continue }
      diagnostics.append(diagnostic(
        "emoji \"\(emoji)\" is not exactly one emoji",
        at: JSONPointer.make("trackers", i, "emoji")))
    }
  }
}
