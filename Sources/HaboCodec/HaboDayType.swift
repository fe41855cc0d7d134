/// A day's mark in a Habo habit: the `DayType` enum of `lib/constants.dart:7` (indices 0…4 in the
/// app's database), written in a backup as the enum's `toString()`, `"DayType.check"`.
///
/// Backups of 2022 capitalise the member (`"DayType.Check"`, the enum `{ Clear, Check, Fail, Skip }`);
/// Habo lower-cases it when reading (`reformatOld`, `lib/habits/habit.dart:161-165`), and so
/// does ``init(text:)``.
enum HaboDayType: String, CaseIterable, Sendable {
  case clear, check, fail, skip, progress

  /// `DayType.check`, `DayType.Check`, …; `nil` for anything else.
  init?(text: String) {
    let prefix = "DayType."
    guard text.hasPrefix(prefix) else { return nil }
    self.init(rawValue: String(text.dropFirst(prefix.count)).lowercased())
  }

  /// What the current app writes: `DayType.check`.
  var text: String { "DayType." + rawValue }

  /// The values a backup may hold, for messages.
  static let spellings = "\"DayType.clear\", \"DayType.check\", \"DayType.fail\", \"DayType.skip\" or \"DayType.progress\""
}
