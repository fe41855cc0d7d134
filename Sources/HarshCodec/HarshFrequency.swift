import TrackerModel

/// A harsh frequency, `target` times in every `interval` days, as its habits file writes it:
/// `1` (every day), `7` or `1w` (once a week), `3/7`, `0` (tracked, never warned about).
///
/// harsh 0.11 (`internal/storage/config.go:59-120`, `ParseHabitFrequency`, `parseDay`): a
/// number without a slash is the interval with a target of 1 (`0` is target 0, interval 1); a
/// number may end in `w` (weeks: ×7); the target may not exceed the interval, and an interval of
/// 0 after a slash is refused (harsh exits).
struct HarshFrequency: Hashable, Sendable {
  /// Times per interval; 0 for a habit harsh tracks without scoring it.
  var target: Int
  /// The period in days.
  var interval: Int

  /// The frequency a habits file's text says, or why it is not one (harsh would exit on it).
  static func parse(_ text: String) -> Result<HarshFrequency, HarshProblem> {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = days(parts[0]) else {
      return .failure(HarshProblem("\"\(text)\" is not a frequency: a number of days (1, 7, 1w), or times/days (3/7)"))
    }
    if parts.count == 1 {
      return .success(first == 0 ? HarshFrequency(target: 0, interval: 1) : HarshFrequency(target: 1, interval: first))
    }
    guard let interval = days(parts[1]), interval > 0 else {
      return .failure(HarshProblem("\"\(text)\" has no whole number of days above 0 after the slash"))
    }
    guard first <= interval else {
      return .failure(HarshProblem("\"\(text)\" asks for more times than days (harsh refuses a target above its interval)"))
    }
    return .success(HarshFrequency(target: first, interval: interval))
  }

  /// `12`, `2w` (two weeks), surrounding spaces allowed: the days, or `nil`.
  private static func days(_ text: Substring) -> Int? {
    let trimmed = text.trimmingBlanks
    var digits = trimmed
    var factor = 1
    if digits.last == "w" {
      digits = digits.dropLast()
      factor = 7
    }
    guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { return nil }
    return n * factor
  }

  /// How the writer says it: `1` every day, `7` once in 7 days, `3/7`, `0`.
  var text: String {
    if target == 0 { return "0" }
    if target == 1 { return String(interval) }
    return "\(target)/\(interval)"
  }

  /// The model's frequency beside an every-day schedule; `nil` for every day and for `0`.
  var model: TrackerFrequency? {
    target == 0 || target >= interval ? nil : TrackerFrequency(times: target, days: interval)
  }
}

/// Why a line of a harsh file could not be read, for a located diagnostic.
struct HarshProblem: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
