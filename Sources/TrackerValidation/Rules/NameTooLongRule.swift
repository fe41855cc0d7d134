import TrackerModel

/// A tracker name longer than the 38 characters the app's name field accepts.
///
/// Characters are Swift `Character`s (extended grapheme clusters), as the app counts them:
/// an emoji with a skin tone is one character.
public struct NameTooLongRule: ValidationRule {
  /// The most characters a tracker name may have, counted as `Character`s.
  public static let limit = 38
  /// `name-too-long`, an error: any finding fails `trackport validate` (exit 1).
  public static let descriptor = DiagnosticDescriptor(
    code: "name-too-long", severity: .error,
    summary: "A tracker name is longer than 38 characters.")

  /// Rules hold no state; ``Validator`` makes a fresh one for each validation.
  public init() {}

  /// Reports at `/trackers/N/name`; the message gives the length found.
  public func check(_ context: RuleContext, into diagnostics: inout [Diagnostic]) {
    for (i, tracker) in context.dataset.trackers.enumerated() {
      let length = tracker.name.count
      guard length > Self.limit else { continue }
      diagnostics.append(diagnostic(
        "tracker name is \(length) characters; the app allows at most \(Self.limit)",
        at: JSONPointer.make("trackers", i, "name")))
    }
  }
}
