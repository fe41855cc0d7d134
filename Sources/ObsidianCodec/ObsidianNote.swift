/// A Markdown note split into its frontmatter and body, as Obsidian lays them out: properties are
/// YAML between a `---` line at the very top of the file and the next `---` line. A byte order
/// mark before the first fence and CRLF line ends are accepted and remembered, so a note written
/// back keeps them.
struct ObsidianNote {
  /// The note started with a UTF-8 byte order mark.
  var byteOrderMark = false
  /// `"\r\n"` when the note's first line ends so, else `"\n"`.
  var lineEnding = "\n"
  /// The frontmatter's lines between the fences, without their line ends; `nil` when the note
  /// has none.
  var frontmatter: [String]?
  /// Everything after the closing fence's line (the whole text when there is no frontmatter).
  var body: String
  /// The note starts with `---` but no line closes it: Obsidian shows it as text.
  var unclosed = false

  init(text: String) {
    var text = Substring(text)
    if text.hasPrefix("\u{FEFF}") {
      byteOrderMark = true
      text = text.dropFirst()
    }
    // Lines by their bytes: "\r\n" is one Character, so Character searches would miss it.
    let utf8 = text.utf8
    if let end = utf8.firstIndex(of: 0x0A), end > utf8.startIndex, utf8[utf8.index(before: end)] == 0x0D {
      lineEnding = "\r\n"
    }
    // The lines, each with the index just past its line end.
    var lines: [(text: Substring, next: Substring.Index)] = []
    var start = utf8.startIndex
    while start < utf8.endIndex {
      let end = utf8[start...].firstIndex(of: 0x0A) ?? utf8.endIndex
      var lineEnd = end
      if lineEnd > start, utf8[utf8.index(before: lineEnd)] == 0x0D { lineEnd = utf8.index(before: lineEnd) }
      let line = text[start..<lineEnd]
      let next = end < utf8.endIndex ? utf8.index(after: end) : end
      lines.append((line, next))
      start = next
      // Only the fences matter: stop once the frontmatter is closed.
      if lines.count > 1, Self.isFence(line) { break }
      if lines.count == 1, !Self.isFence(line) { break }
    }
    guard let first = lines.first, Self.isFence(first.text) else {
      body = String(text)
      return
    }
    guard lines.count > 1, let last = lines.last, Self.isFence(last.text) else {
      unclosed = true
      body = String(text)
      return
    }
    frontmatter = lines[1..<(lines.count - 1)].map { String($0.text) }
    body = String(text[last.next...])
  }

  /// `---`, with nothing after it but spaces.
  static func isFence(_ line: Substring) -> Bool {
    line.hasPrefix("---") && line.dropFirst(3).allSatisfy { $0 == " " || $0 == "\t" }
  }

  /// The note's text with `frontmatter` (lines) and the body, in its own line ends.
  static func text(frontmatter: [String], body: String, lineEnding: String, byteOrderMark: Bool) -> String {
    var text = byteOrderMark ? "\u{FEFF}" : ""
    text += "---" + lineEnding
    for line in frontmatter { text += line + lineEnding }
    text += "---" + lineEnding
    return text + body
  }
}
