import TrackerModel

/// A valid emoji that is not one of the app's 18 picker emoji.
///
/// Matching goes through ``PaletteEmoji/init(matching:)``, so the variants real apps wrote
/// (🏝 or ❤ with or without VS16, 😉 for 🙂) are on the palette. The app would show the emoji,
/// but a user could not pick it again when editing.
public struct EmojiOffPaletteRule: ValidationRule {
  /// `emoji-off-palette`, a warning: fails `trackport validate` only with `--strict`.
  public static let descriptor = DiagnosticDescriptor(
    code: "emoji-off-palette", severity: .warning,
    summary: "A tracker emoji is not one of the app's 18 emoji.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/emoji`; only single emoji are looked at, so an invalid one
  /// is reported once, by `emoji-invalid`.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      guard let emoji = tracker.emoji, emoji.isSingleEmoji, PaletteEmoji(matching: emoji) == nil
      else { continue }
      diagnostics.append(diagnostic(
        "emoji \"\(emoji)\" is not in the app's emoji palette",
        at: JSONPointer.make("trackers", i, "emoji")))
    }
  }
}
