import Foundation
import TrackerModel

/// harsh's `habits` file: `! Heading` lines, `# comments`, and `Name: frequency[: YYYY-MM-DD]`
/// lines, read as harsh 0.11 reads them (`internal/storage/config.go:122-230`,
/// `LoadHabitsConfig`): a line is split on `": "`, the name and frequency trimmed, a third part
/// an end day that retires the habit; a heading needs `"! "` and holds for the habits after it.
struct HarshHabitsFile {
  /// One habit line.
  struct Habit: Sendable {
    /// The heading above it (`""` before the first).
    var heading: String
    var name: String
    var frequency: HarshFrequency
    /// The frequency as written, when the writer would write it otherwise (`1w` for `7`).
    var frequencyText: String?
    /// The day after which harsh no longer plans it.
    var end: LocalDate?
    /// 1-based.
    var line: Int
  }

  var habits: [Habit] = []
  /// Every heading in file order, also those with no habit under them.
  var headings: [String] = []
  /// The `#` comment lines, in file order, as written.
  var comments: [String] = []
  /// Lines harsh skips (with a warning) or refuses, each with its line and why.
  var problems: [(line: Int, text: String, problem: String, refused: Bool)] = []

  /// Reads the file's text; never throws: a line harsh would refuse (a bad frequency or end
  /// day, on which harsh exits) is listed in ``problems`` with `refused` set.
  init(text: String) {
    var heading = ""
    var number = 0
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      number += 1
      let line = raw.last == "\r" ? raw.dropLast() : raw
      guard let first = line.first else { continue }
      if first == "!" {
        guard let range = line.range(of: "! ") else {
          problems.append((number, String(line), "a heading is \"! Heading\"", false))
          continue
        }
        // harsh keeps what follows the first "! " up to a second one.
        let rest = line[range.upperBound...]
        heading = String(rest.range(of: "! ").map { rest[..<$0.lowerBound] } ?? rest)
        headings.append(heading)
        continue
      }
      if first == "#" {
        comments.append(String(line))
        continue
      }
      let parts = line.components(separatedBy: ": ")
      guard parts.count >= 2 else {
        problems.append((number, String(line), "a habit is \"Name: frequency\"", false))
        continue
      }
      let name = String(Substring(parts[0]).trimmingBlanks), frequencyText = String(Substring(parts[1]).trimmingBlanks)
      guard !name.isEmpty, !frequencyText.isEmpty else {
        problems.append((number, String(line), name.isEmpty ? "the habit has no name" : "the habit has no frequency", false))
        continue
      }
      var end: LocalDate?
      if parts.count >= 3 {
        let day = Substring(parts[2]).trimmingBlanks
        if !day.isEmpty {
          guard let parsed = LocalDate(day) else {
            problems.append((number, String(line), "end day \"\(day)\" is not YYYY-MM-DD", true))
            continue
          }
          end = parsed
        }
      }
      switch HarshFrequency.parse(frequencyText) {
      case .success(let frequency):
        habits.append(Habit(heading: heading, name: name, frequency: frequency,
                            frequencyText: frequency.text == frequencyText ? nil : frequencyText, end: end, line: number))
      case .failure(let problem):
        problems.append((number, String(line), problem.message, true))
      }
    }
  }
}
