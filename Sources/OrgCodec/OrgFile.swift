import Foundation
import TrackerModel

/// An org file as org-habit sees it: the TODO keywords the file declares and every habit
/// heading, each with what `org-habit-parse-todo` reads (`lisp/org/org-habit.el:172-242`,
/// Emacs 28.2 / org 9.5.5) and what the model keeps besides (tags, properties, body text).
///
/// A heading is a habit when its own property drawer says `:STYLE: habit`
/// (`org-is-habit-p`, `org-habit.el:168-170`: not inherited). Its done days are the list items
/// of its entry (heading to the next heading of any level, `org-entry-end-position`) that
/// org-habit's search matches (`org-habit.el:217-233`): `- State "KW" … [date]`, `KW` a done
/// keyword, the date the line's last inactive timestamp; or `- CLOSING NOTE [date]`
/// (`org-log-note-headings`' `done`, `org.el:2322-2324`). Other list items, drawers,
/// `CLOCK:` lines and text are never read as days.
struct OrgFile {
  /// One logged done day.
  struct Done: Sendable {
    var day: LocalDate
    /// `HH:MM` when the timestamp has a time.
    var time: String?
    /// The done keyword of a `State` line; `nil` for a `CLOSING NOTE`.
    var keyword: String?
    /// The note: text after the timestamp (without `\\`) and the lines below, indented deeper.
    var note: String?
    var line: Int
  }

  /// A heading whose property drawer holds `:STYLE: habit`.
  struct Habit: Sendable {
    var line: Int
    var keyword: String?
    var priority: Character?
    var title: String
    var tags: [String]
    /// The `SCHEDULED:` timestamp's text (inside `<…>` or `[…]`), whether it is active, and its
    /// line, when there is one.
    var scheduled: (text: Substring, active: Bool, line: Int)?
    /// Every property but `STYLE`, in order, keys as written.
    var properties: [(key: String, value: String)] = []
    var done: [Done] = []
    /// The entry's text outside the planning line, drawers and log items.
    var body: [String] = []
  }

  /// Keywords of every `#+TODO:`-like line: not-done and done, in order.
  var todoKeywords: [String] = []
  var doneKeywords: [String] = []
  /// The keyword lines as written (without `#+TODO:`), to write back.
  var keywordLines: [String] = []
  var habits: [Habit] = []
  /// Lines read with a warning: a done line whose date is no calendar day.
  var problems: [(line: Int, text: String, problem: String)] = []

  /// `#+TODO:`, `#+SEQ_TODO:`, `#+TYP_TODO:` (any case), org's in-buffer keyword settings.
  static let keywordSettings = ["#+todo:", "#+seq_todo:", "#+typ_todo:"]

  init(text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.last == "\r" ? $0.dropLast() : $0 }
    if lines.last?.isEmpty == true { lines.removeLast() }
    for whole in lines {
      // Org reads these settings indented too (`org-collect-keywords`).
      let line = whole.drop { $0 == " " || $0 == "\t" }
      let lower = line.prefix(12).lowercased()
      guard let setting = Self.keywordSettings.first(where: { lower.hasPrefix($0) }) else { continue }
      let value = line.dropFirst(setting.count)
      keywordLines.append(String(value.trimmingBlanks))
      // Org takes a word's fast-access and logging suffix off: `DONE(d!)` is DONE.
      let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { word -> String in
        word.firstIndex(of: "(").map { String(word[..<$0]) } ?? String(word)
      }.filter { !$0.isEmpty }
      if let bar = words.firstIndex(of: "|") {
        todoKeywords += words[..<bar]
        doneKeywords += words[(bar + 1)...]
      } else if let last = words.last {
        todoKeywords += words.dropLast()
        doneKeywords.append(last)
      }
    }
    if todoKeywords.isEmpty && doneKeywords.isEmpty {
      todoKeywords = ["TODO"]
      doneKeywords = ["DONE"]
    }
    var start: Int?
    for (index, line) in lines.enumerated() where Self.headingLevel(line) > 0 {
      if let s = start { readEntry(lines, s, index) }
      start = index
    }
    if let s = start { readEntry(lines, s, lines.count) }
  }

  /// The number of stars of a heading line (`*` at the line's start, then a space), else 0.
  static func headingLevel(_ line: Substring) -> Int {
    let stars = line.prefix { $0 == "*" }.count
    guard stars > 0 else { return 0 }
    let rest = line.dropFirst(stars)
    return rest.isEmpty || rest.first == " " || rest.first == "\t" ? stars : 0
  }

  private mutating func readEntry(_ lines: [Substring], _ start: Int, _ end: Int) {
    var next = start + 1
    var scheduled: (Substring, Bool, Int)?
    if next < end, Self.isPlanning(lines[next]) {
      scheduled = Self.scheduledTimestamp(lines[next]).map { ($0.text, $0.active, next + 1) }
      next += 1
    }
    var properties: [(key: String, value: String)] = []
    var style: String?
    if next < end, lines[next].trimmingBlanks.uppercased() == ":PROPERTIES:" {
      var k = next + 1
      while k < end, lines[k].trimmingBlanks.uppercased() != ":END:" {
        // Every line of a property drawer is a property (`org-property-drawer-re`): else it
        // is no property drawer, and the heading no habit.
        guard let property = Self.property(lines[k]) else { return }
        // `org-entry-get` takes a key's first line.
        if property.key.uppercased() == "STYLE" { style = style ?? property.value } else { properties.append(property) }
        k += 1
      }
      guard k < end else { return }
      next = k + 1
    }
    guard style == "habit" else { return }
    var habit = parseHeading(lines[start], line: start + 1)
    habit.scheduled = scheduled
    habit.properties = properties
    var k = next
    var inDrawer = false
    // A drawer needs its `:END:` below it in the entry.
    let lastEnd = (next..<end).last { lines[$0].trimmingBlanks.uppercased() == ":END:" } ?? -1
    while k < end {
      let line = lines[k]
      let trimmed = line.trimmingBlanks
      if let done = doneItem(line) {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        var noteLines: [String] = []
        if !done.rest.isEmpty { noteLines.append(done.rest) }
        var j = k + 1
        while j < end {
          let below = lines[j]
          let depth = below.prefix { $0 == " " || $0 == "\t" }.count
          guard depth > indent, !below.trimmingBlanks.isEmpty, doneItem(below) == nil,
                below.trimmingBlanks.uppercased() != ":END:" else { break }
          noteLines.append(String(below.dropFirst(min(depth, indent + 2))).trimmingTrailingSpaces)
          j += 1
        }
        if let day = done.day {
          habit.done.append(Done(day: day, time: done.time, keyword: done.keyword,
                                 note: noteLines.isEmpty ? nil : noteLines.joined(separator: "\n"), line: k + 1))
        } else {
          problems.append((k + 1, String(line), "the timestamp \(done.stamp) is no calendar day; the line is not read as a done day"))
        }
        k = j
        continue
      }
      if inDrawer {
        if trimmed.uppercased() == ":END:" { inDrawer = false }
      } else if Self.isDrawerStart(trimmed), lastEnd > k {
        inDrawer = true
      } else if Self.isPlanning(line) || trimmed.hasPrefix("CLOCK:") || trimmed == "#" || trimmed.hasPrefix("# ") {
        // Planning lines elsewhere, clock lines and comments are no text of the habit.
      } else {
        habit.body.append(String(line))
      }
      k += 1
    }
    while habit.body.first?.trimmingBlanks.isEmpty == true { habit.body.removeFirst() }
    while habit.body.last?.trimmingBlanks.isEmpty == true { habit.body.removeLast() }
    let common = habit.body.filter { !$0.trimmingBlanks.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    habit.body = habit.body.map { String($0.dropFirst(min(common, $0.prefix { $0 == " " }.count))).trimmingTrailingSpaces }
    habits.append(habit)
  }

  /// A tag org reads as one (`org-tag-re`: letters, digits, `_@#%`): anything else `_`.
  static func tag(_ title: String) -> String {
    let tag = String(title.map { $0.isLetter || $0.isNumber || "_@#%".contains($0) ? $0 : "_" })
    return tag.isEmpty ? "_" : tag
  }

  /// A line of a property drawer, as `org-property-drawer-re` takes one (`org.el:568-571`):
  /// `:KEY:` (no spaces in the key, the shortest that ends in a colon before a space or the
  /// line's end), then the value.
  static func property(_ line: Substring) -> (key: String, value: String)? {
    let item = line.trimmingBlanks
    guard item.first == ":" else { return nil }
    let body = item.dropFirst()
    var index = body.startIndex
    while let colon = body[index...].firstIndex(of: ":") {
      let key = body[body.startIndex..<colon]
      if key.isEmpty || key.contains(where: \.isWhitespace) { return nil }
      let after = body.index(after: colon)
      // A space (not a tab) before the value, or nothing but blanks (`org-property-drawer-re`).
      if body[after...].allSatisfy({ $0 == " " || $0 == "\t" }) || body[after] == " " {
        return (String(key), String(body[after...].trimmingBlanks))
      }
      index = after
    }
    return nil
  }

  /// `:NAME:` alone on a line (a drawer's first line; its `:END:` must follow somewhere).
  static func isDrawerStart(_ trimmed: Substring) -> Bool {
    trimmed.count >= 3 && trimmed.first == ":" && trimmed.last == ":"
      && trimmed.dropFirst().dropLast().allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
  }

  /// A planning line: `SCHEDULED:`, `DEADLINE:` or `CLOSED:` first.
  static func isPlanning(_ line: Substring) -> Bool {
    let trimmed = line.trimmingBlanks
    return ["SCHEDULED:", "DEADLINE:", "CLOSED:"].contains { trimmed.hasPrefix($0) }
  }

  /// The inside of the line's last `SCHEDULED: <…>`, as `org-entry-properties` finds it
  /// (`org.el`, `org-ts-regexp-both`): `<` or `[`, a date, then nothing or a space and anything up
  /// to the first `]` or `>`. `active`: opened with `<`, which a repeater needs (`org-repeat-re`).
  static func scheduledTimestamp(_ line: Substring) -> (text: Substring, active: Bool)? {
    guard let range = line.range(of: "SCHEDULED:", options: .backwards) else { return nil }
    let rest = line[range.upperBound...].drop { $0 == " " || $0 == "\t" }
    guard let open = rest.first, open == "<" || open == "[" else { return nil }
    let inner = rest.dropFirst()
    guard let close = inner.firstIndex(where: { $0 == "]" || $0 == ">" }) else { return nil }
    let text = inner[..<close]
    guard text.count >= 10, isDate(text.prefix(10)), text.count == 10 || text.dropFirst(10).first == " " else { return nil }
    return (text, open == "<")
  }

  /// `YYYY-MM-DD` in shape (digits and dashes), not necessarily a calendar day.
  static func isDate(_ text: Substring) -> Bool {
    text.count == 10 && text.enumerated().allSatisfy { i, c in (i == 4 || i == 7) ? c == "-" : c.isASCII && c.isNumber }
  }

  /// `* KEYWORD [#A] Title :tag:tag:`.
  private func parseHeading(_ line: Substring, line number: Int) -> Habit {
    var rest = line.drop { $0 == "*" }.trimmingBlanks
    var keyword: String?
    let first = rest.prefix { $0 != " " && $0 != "\t" }
    if todoKeywords.contains(String(first)) || doneKeywords.contains(String(first)) {
      keyword = String(first)
      rest = rest.dropFirst(first.count).trimmingBlanks
    }
    var priority: Character?
    if rest.count >= 4, rest.hasPrefix("[#"), rest.dropFirst(3).first == "]",
       rest.count == 4 || rest.dropFirst(4).first == " " {
      priority = rest.dropFirst(2).first
      rest = rest.dropFirst(4).trimmingBlanks
    }
    var tags: [String] = []
    if rest.last == ":", let space = rest.lastIndex(where: { $0 == " " || $0 == "\t" }) ?? (rest.first == ":" ? rest.startIndex : nil) {
      let candidate = rest[space...].trimmingBlanks
      let parts = candidate.split(separator: ":", omittingEmptySubsequences: false)
      if candidate.first == ":", parts.count >= 3, parts.dropFirst().dropLast().allSatisfy({ part in
        !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || "_@#%".contains($0) }
      }) {
        tags = parts.dropFirst().dropLast().map(String.init)
        rest = rest[..<space].trimmingBlanks
      }
    }
    return Habit(line: number, keyword: keyword, priority: priority, title: String(rest), tags: tags)
  }

  /// A list item org-habit counts as a done day: `- State "KW"…[date…]` or
  /// `- CLOSING NOTE [date…]`, in any case; `day` nil when the date is no calendar day, `rest` the text
  /// after the timestamp without a final `\\`.
  private func doneItem(_ line: Substring) -> (day: LocalDate?, time: String?, keyword: String?, rest: String, stamp: String)? {
    Self.doneItem(line, doneKeywords: doneKeywords)
  }

  /// ``doneItem(_:)`` for a file whose done keywords are `doneKeywords`.
  static func doneItem(_ line: Substring, doneKeywords: [String]) -> (day: LocalDate?, time: String?, keyword: String?, rest: String, stamp: String)? {
    var text = line.drop { $0 == " " || $0 == "\t" }
    guard text.first == "-" else { return nil }
    text = text.dropFirst()
    guard text.first == " " || text.first == "\t" else { return nil }
    text = text.drop { $0 == " " || $0 == "\t" }
    var keyword: String?
    var stampRange: Range<Substring.Index>?
    // org-habit searches with Emacs' default `case-fold-search`: `- state "done"` counts too.
    let head = text.prefix(14).uppercased()
    if head.hasPrefix("STATE \"") {
      let afterQuote = text.dropFirst(7)
      guard let close = afterQuote.firstIndex(of: "\""),
            let declared = doneKeywords.first(where: { $0.uppercased() == afterQuote[..<close].uppercased() }) else { return nil }
      keyword = declared
      // `.*` is greedy: the inactive timestamp that starts last on the line.
      let search = afterQuote[afterQuote.index(after: close)...]
      var start = search.endIndex
      while let open = search[..<start].lastIndex(of: "[") {
        if let found = Self.inactiveStamp(in: search[open...]), found.lowerBound == open {
          stampRange = found
          break
        }
        start = open
      }
    } else if head == "CLOSING NOTE [" {
      let after = text.dropFirst(13)
      guard let found = Self.inactiveStamp(in: after), found.lowerBound == after.startIndex else { return nil }
      stampRange = found
    } else {
      return nil
    }
    guard let range = stampRange else { return nil }
    let inside = line[line.index(after: range.lowerBound)..<line.index(before: range.upperBound)]
    let day = LocalDate(inside.prefix(10))
    var time: String?
    for word in inside.dropFirst(10).split(separator: " ")
    where word.count == 5 && word.enumerated().allSatisfy({ i, c in i == 2 ? c == ":" : c.isASCII && c.isNumber }) {
      time = String(word)
      break
    }
    var rest = String(line[range.upperBound...].trimmingBlanks)
    if rest.hasSuffix("\\\\") { rest = String(rest.dropLast(2)).trimmingTrailingSpaces }
    return (day, time, keyword, rest, String(line[range]))
  }

  /// The first `[YYYY-MM-DD…]` (org's `org-ts-regexp-inactive`, `org.el:390-401`).
  static func inactiveStamp(in text: Substring) -> Range<Substring.Index>? {
    var index = text.startIndex
    while let open = text[index...].firstIndex(of: "[") {
      let after = text[text.index(after: open)...]
      let date = after.prefix(10)
      if Self.isDate(date) {
        let tail = after.dropFirst(10)
        if tail.first == "]" { return open..<tail.index(after: tail.startIndex) }
        if tail.first == " ", let close = tail.firstIndex(where: { $0 == "]" || $0 == "\n" }), tail[close] == "]" {
          return open..<tail.index(after: close)
        }
      }
      index = text.index(after: open)
    }
    return nil
  }
}
extension StringProtocol {
  /// Without trailing spaces and tabs.
  var trimmingTrailingSpaces: String {
    var end = endIndex
    while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" { end = index(before: end) }
    return String(self[startIndex..<end])
  }
}
