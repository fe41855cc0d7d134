import Foundation
import TrackerModel

/// harsh's `log` file: `YYYY-MM-DD : Habit : y|n|s[ : comment[ : amount]]`, read as harsh 0.11
/// reads it (`internal/storage/log.go:28-120`, `LoadLog`): a line is split on `" : "`; the
/// habit's name is taken as written, the outcome trimmed, the comment as written, the amount a
/// number (an empty one is 0; a bad one is 0 with a warning, as harsh warns); a later line for the same day and habit replaces an
/// earlier one. harsh skips, with a warning, a line of fewer than 3 or more than 5 parts, a bad
/// day, an empty name or an outcome other than `y`, `n`, `s`.
struct HarshLogFile {
  /// One day of one habit: the last line for them.
  struct Outcome: Sendable {
    var day: LocalDate
    var habit: String
    /// `y`, `n` or `s`.
    var result: Character
    var comment: String
    /// 0 when none was given.
    var amount: Double
    /// 1-based.
    var line: Int
    /// The line as written.
    var text: String
  }

  /// By day and habit, the last line of each, in the order those lines come.
  var outcomes: [Outcome] = []
  /// The comment lines (`#`), as written.
  var comments: [String] = []
  /// Lines harsh skips (`skipped`), or reads with a warning, each with its line and why.
  var problems: [(line: Int, text: String, problem: String, skipped: Bool)] = []

  init(text: String) {
    var index: [String: Int] = [:]
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let line = raw.last == "\r" ? raw.dropLast() : raw
      guard let first = line.first else { continue }
      if first == "#" {
        comments.append(String(line))
        continue
      }
      let parts = line.components(separatedBy: " : ")
      guard (3...5).contains(parts.count) else {
        problems.append((number, String(line), parts.count < 3
          ? "a log line is \"YYYY-MM-DD : Habit : y|n|s\" with an optional \" : comment : amount\""
          : "more than five parts: a comment may not hold \" : \"", true))
        continue
      }
      guard let day = LocalDate(parts[0]) else {
        problems.append((number, String(line), "\"\(parts[0])\" is not a day YYYY-MM-DD", true))
        continue
      }
      let habit = parts[1]
      guard !habit.trimmingCharacters(in: .whitespaces).isEmpty else {
        problems.append((number, String(line), "the habit's name is empty", true))
        continue
      }
      let result = Substring(parts[2]).trimmingBlanks
      guard result == "y" || result == "n" || result == "s", let outcome = result.first else {
        problems.append((number, String(line), "outcome \"\(result)\" is not y, n or s", true))
        continue
      }
      var amount = 0.0
      if parts.count == 5, !parts[4].isEmpty {
        if let value = Double(parts[4]), value.isFinite {
          amount = value
        } else {
          // harsh warns and reads 0, keeping the day.
          problems.append((number, String(line), "amount \"\(parts[4])\" is not a number; read as 0, as harsh does", false))
        }
      }
      let entry = Outcome(day: day, habit: habit, result: outcome, comment: parts.count >= 4 ? parts[3] : "",
                          amount: amount, line: number, text: String(line))
      let key = "\(day) \(habit)"
      if let earlier = index[key] {
        outcomes[earlier] = entry
      } else {
        index[key] = outcomes.count
        outcomes.append(entry)
      }
    }
  }
}
