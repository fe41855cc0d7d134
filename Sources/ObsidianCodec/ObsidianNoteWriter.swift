import TrackerCodec
import TrackerModel

/// Plans the notes of a dataset's habits for Habit Tracker 21: one note per habit, directly in
/// the folder written (the plugin shows no subfolder; a note read from Obsidian keeps its file
/// name), its done days as `entries`, newest last, as the
/// plugin writes them (`entries` sorted ascending, `src/HabitTrackerUtils.ts`), and its name as
/// the file name (or `title` when the name cannot be one).
///
/// A note read from Obsidian comes back with its other properties and its body (kept in
/// `extras["obsidian"]`); a note that already exists where it is written keeps its own: only
/// `entries`, `title` and `color` are replaced (``updated(_:with:)``).
struct ObsidianNoteWriter {
  /// One habit's note.
  struct Note {
    /// `/`-separated, relative to the folder written.
    var path: String
    /// The habit's name.
    var name: String
    /// The lines of `title`, `color` and `entries`.
    var mappedLines: [String]
    /// Whether ``mappedLines`` has a `title` (the file name is not the name) and a `color`.
    var writesTitle: Bool
    var writesColor: Bool
    /// The done days written, `YYYY-MM-DD`.
    var days: [String]
    /// What the note holds when it is new: its other properties and body.
    var otherLines: [String]
    var body: String
    var lineEnding: String
  }

  /// Characters Obsidian refuses in file names or links.
  static let refused: Set<Character> = ["*", "\"", "\\", "/", "<", ">", ":", "|", "?", "#", "^", "[", "]"]

  private(set) var notes: [Note] = []

  init(_ dataset: TrackerDataset) {
    var daysOf: [String: Set<LocalDate>] = [:]
    for record in dataset.records { daysOf[record.trackerId, default: []].insert(record.date) }
    var taken: Set<String> = []
    for tracker in dataset.trackers where tracker.kind == .habit {
      let kept = tracker.extras[ObsidianVaultReader.namespace]
      // Flat: the plugin shows the notes directly in the folder its `path` names. A note read
      // from Obsidian keeps its file name.
      var path = kept?["path"]?.stringValue.flatMap(Self.safeFileName) ?? Self.fileName(for: tracker.name) + ".md"
      var n = 1
      let stem = String(path.dropLast(3))
      while taken.contains(path.lowercased()) {
        n += 1
        path = stem + " \(n).md"
      }
      taken.insert(path.lowercased())
      var mapped: [String] = []
      let fileName = ObsidianVaultReader.baseName(of: path, dropping: ".md")
      if fileName != tracker.name { mapped.append("title: " + Self.quoted(tracker.name)) }
      if let color = tracker.color, !tracker.invented.contains(.color) {
        mapped.append("color: " + Self.quoted(color))
      } else if let original = kept?["color"]?.stringValue {
        mapped.append("color: " + Self.quoted(original))
      }
      let days = (daysOf[tracker.id] ?? []).sorted().map(\.description)
      let writesTitle = mapped.contains { $0.hasPrefix("title: ") }
      let writesColor = mapped.contains { $0.hasPrefix("color: ") }
      var entries = days.map { "  - " + $0 }
      if case .array(let invalid)? = kept?["invalidEntries"] {
        entries += invalid.compactMap(\.stringValue).map { "  - " + Self.quoted($0) }
      }
      mapped += entries.isEmpty ? ["entries: []"] : ["entries:"] + entries
      let other = kept?["properties"]?.stringValue.map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) } ?? []
      notes.append(Note(path: path, name: tracker.name, mappedLines: mapped, writesTitle: writesTitle, writesColor: writesColor,
                        days: days, otherLines: other, body: kept?["body"]?.stringValue ?? "",
                        lineEnding: kept?["lineEnding"]?.stringValue == "crlf" ? "\r\n" : "\n"))
    }
  }

  /// A new note's text.
  static func text(of note: Note) -> String {
    ObsidianNote.text(frontmatter: note.otherLines + note.mappedLines, body: note.body, lineEnding: note.lineEnding, byteOrderMark: false)
  }

  /// The text of `existing` (a note already where `note` goes) with `note`'s `entries` in place
  /// of its own, and its `title` and `color` where the note writes them; everything else as it
  /// was. An existing `title` other than the habit's name is written as the name (or the name
  /// would change on the next reading); an existing `color` is kept when the note writes none.
  /// `dropped`: the note's done days the dataset does not hold.
  ///
  /// - Throws: ``ObsidianFrontmatter/Broken`` when its properties are not YAML, not closed or
  ///   on one line: such a note is not changed.
  static func updated(_ existing: String, with note: Note) throws -> (text: String, dropped: [String]) {
    let parsed = ObsidianNote(text: existing)
    if parsed.unclosed { throw ObsidianFrontmatter.Broken(message: "its properties (from the --- on line 1) are never closed", line: 1) }
    var other: [String] = []
    var mapped = note.mappedLines
    var dropped: [String] = []
    if let lines = parsed.frontmatter {
      let frontmatter = try ObsidianFrontmatter(lines: lines)
      if frontmatter.sharedLines {
        throw ObsidianFrontmatter.Broken(message: "its properties are written on one line (JSON style), which TrackerPort does not rewrite; save the note once in Obsidian, which writes them as YAML lines", line: 2)
      }
      other = frontmatter.otherLines
      if !note.writesColor, let color = frontmatter.color { mapped.insert("color: " + quoted(color), at: 0) }
      if !note.writesTitle, let title = frontmatter.title, !title.isEmpty { mapped.insert("title: " + quoted(note.name), at: 0) }
      if case .sequence(let items)? = frontmatter.entries {
        let written = Set(note.days)
        let had = Set(items.compactMap { $0.scalar.map { String($0.string.trimmingBlanks) } }.filter { LocalDate($0) != nil })
        dropped = had.subtracting(written).sorted()
      }
    }
    let text = ObsidianNote.text(frontmatter: other + mapped, body: parsed.body, lineEnding: parsed.lineEnding,
                                 byteOrderMark: parsed.byteOrderMark)
    return (text, dropped)
  }

  /// A file name (without `.md`) Obsidian accepts for `name`.
  static func fileName(for name: String) -> String {
    var text = String(name.map { refused.contains($0) || $0.isNewline ? "-" : $0 })
    text = String(text.trimmingBlanks)
    while text.hasPrefix(".") { text.removeFirst() }
    while text.hasSuffix(".") { text.removeLast() }
    // File names are at most 255 bytes: cut at a character boundary under 200.
    if text.utf8.count > 200 {
      var cut = ""
      for character in text where cut.utf8.count + character.utf8.count <= 200 { cut.append(character) }
      text = String(cut.trimmingBlanks)
      while text.hasSuffix(".") { text.removeLast() }
    }
    return text.isEmpty ? "Habit" : text
  }

  /// The file name of a path read from a vault, when it is safe to write: not hidden, a `.md`
  /// name without `\\` or NUL.
  static func safeFileName(_ path: String) -> String? {
    guard let name = path.split(separator: "/").last, name.lowercased().hasSuffix(".md"), name.count > 3,
          !name.hasPrefix("."), !name.contains("\\"), !name.contains("\0") else { return nil }
    return String(name)
  }

  /// A YAML double-quoted scalar.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
