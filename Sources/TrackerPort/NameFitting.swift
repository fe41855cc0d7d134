import TrackerModel
import TrackerValidation

/// Names longer than the app's 38 characters (rule `name-too-long`), met while converting: told
/// of as a warning with the rule's code, or, with `--fit-names`, shortened to fit, the full
/// name kept in `extras["trackport"]["fullName"]` (docs/rules.md, "name-too-long").
///
/// A shortened name ends at a word where one ends late enough, with `…`: "Call grandma every
/// Sunday after lunch and ask about" becomes "Call grandma every Sunday after lunch…".
public enum NameFitting {
  /// The extras key, in TrackerPort's own namespace, that keeps a shortened name's full form.
  public static let fullNameKey = "fullName"

  /// The code of a name shortened by `--fit-names`.
  public static let fitted = DiagnosticDescriptor(
    code: "name-fitted", severity: .warning,
    summary: "A tracker name longer than 38 characters was shortened (--fit-names); the full name is kept in extras.")

  /// `name` within `limit` characters: itself when it fits, else cut at the last space past
  /// half the limit (or at the limit) and ended with `…`.
  public static func fit(_ name: String, limit: Int = NameTooLongRule.limit) -> String {
    guard name.count > limit else { return name }
    let characters = Array(name)
    let head = Array(characters.prefix(limit - 1))
    var end = head.count
    // Unless the head ends where a word does, it ends at its last space.
    if !characters[head.count].isWhitespace, let space = head.lastIndex(where: { $0.isWhitespace }), space >= limit / 2 { end = space }
    var cut = String(head[..<end])
    while let last = cut.last, last.isWhitespace || ",;:-–—.".contains(last) { cut.removeLast() }
    return cut + "…"
  }

  /// Tells of (or, with `fit`, shortens) every tracker name of `dataset` over the limit;
  /// `file` is the output the diagnostics name.
  public static func apply(to dataset: inout TrackerDataset, fit: Bool, file: String) -> [Diagnostic] {
    var said: [Diagnostic] = []
    for i in dataset.trackers.indices {
      let name = dataset.trackers[i].name
      let length = name.count
      guard length > NameTooLongRule.limit else { continue }
      let at = SourceLocation(file: file, pointer: JSONPointer.make("trackers", i, "name"))
      guard fit else {
        said.append(Diagnostic(code: NameTooLongRule.descriptor.code, severity: .warning,
                               message: "tracker name \"\(name)\" is \(length) characters; the app allows at most \(NameTooLongRule.limit)",
                               location: at, note: "the written dataset fails 'trackport validate'; --fit-names shortens such names and keeps the full name"))
        continue
      }
      let short = Self.fit(name)
      var marks: [JSONMember] = []
      if case .object(let kept)? = dataset.trackers[i].extras[Tracker.marksNamespace] { marks = kept.filter { $0.key != fullNameKey } }
      marks.append(JSONMember(fullNameKey, .string(name)))
      dataset.trackers[i].extras[Tracker.marksNamespace] = .object(marks)
      dataset.trackers[i].name = short
      said.append(Diagnostic(code: fitted.code, severity: .warning,
                             message: "tracker name \"\(name)\" (\(length) characters) is written as \"\(short)\"; the full name is kept in extras.trackport.fullName",
                             location: at))
    }
    return said
  }

  /// Gives back the full names `--fit-names` kept (``fullNameKey``), for an app without the
  /// Tracker app's limit (`convert --full-names`): each tracker whose name is still the one
  /// fitting made of its kept full name (a name edited since is the person's, and stays) is
  /// named in full again and loses the mark. Returns how many were given back.
  @discardableResult
  public static func restore(in dataset: inout TrackerDataset) -> Int {
    var restored = 0
    for i in dataset.trackers.indices {
      guard case .object(let marks)? = dataset.trackers[i].extras[Tracker.marksNamespace],
            let full = marks.last(where: { $0.key == fullNameKey })?.value.stringValue,
            fit(full) == dataset.trackers[i].name else { continue }
      let rest = marks.filter { $0.key != fullNameKey }
      dataset.trackers[i].extras[Tracker.marksNamespace] = rest.isEmpty ? nil : .object(rest)
      dataset.trackers[i].name = full
      restored += 1
    }
    return restored
  }
}
