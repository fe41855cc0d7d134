import TrackerCodec
import TrackerModel
import Yams

/// A note's frontmatter read as YAML (with Yams, on libyaml): the keys Habit Tracker 21 reads
/// (`entries`, `title`, `color`; `habit-tracker` `src/HabitTrackerUtils.ts`, docs/obsidian.md)
/// and the lines of every other key, kept as written so a note is written back with them.
struct ObsidianFrontmatter {
  /// Keys of the plugin that TrackerPort maps and writes itself.
  static let mappedKeys: Set<String> = ["entries", "title", "color"]

  /// A problem in the YAML: its message and line in the note (the first fence is line 1).
  struct Broken: Error {
    var message: String
    var line: Int?
  }

  /// The value of `entries`; `nil` when the key is absent.
  var entries: Node?
  var title: String?
  var color: String?
  /// The lines of the other keys, in order (comments and blank lines between them kept; those
  /// after a mapped key, up to the next key, go with it).
  var otherLines: [String] = []
  /// Two keys start on one line (JSON-style properties, `{"entries": [...], "tags": [...]}`):
  /// their lines cannot be kept apart, so ``otherLines`` is empty. Obsidian itself rewrites such
  /// properties as YAML lines when it saves the note.
  var sharedLines = false
  /// The other keys' names, in order.
  var otherKeys: [String] = []

  /// Reads the frontmatter's lines.
  ///
  /// - Throws: ``Broken`` for YAML that does not parse or whose top level is not a mapping.
  init(lines: [String]) throws {
    let yaml = lines.joined(separator: "\n")
    // Yams composes nested values recursively: a note of a million "[" would overflow the stack.
    if let line = Self.tooDeep(lines) {
      throw Broken(message: "values nested more than \(Self.deepestNesting) deep", line: line + 2)
    }
    let node: Node?
    do {
      node = try Yams.compose(yaml: yaml)
    } catch let error as YamlError {
      throw Self.broken(error)
    } catch {
      throw Broken(message: "\(error)", line: nil)
    }
    guard let node else {
      otherLines = lines
      return
    }
    guard let mapping = node.mapping else {
      throw Broken(message: "the frontmatter is not a list of properties (a YAML mapping)", line: node.mark.map { $0.line + 1 })
    }
    // The line each top-level key starts on (0-based in `lines`), to cut the mapped ones out.
    var starts: [(line: Int, key: String)] = []
    for (key, value) in mapping {
      guard let name = key.string else { continue }
      if let line = key.mark?.line { starts.append((line - 1, name)) }
      // `title: null` (or `~`, or nothing) names no title.
      let text = value.scalar.flatMap { $0.style == .plain && ["", "~", "null", "Null", "NULL"].contains($0.string) ? nil : $0.string }
      switch name {
      case "entries": entries = value
      case "title": title = text
      case "color": color = text
      default: otherKeys.append(name)
      }
    }
    starts.sort { $0.line < $1.line }
    if zip(starts, starts.dropFirst()).contains(where: { $0.line == $1.line }) || mapping.style == .flow {
      sharedLines = true
      return
    }
    var cut = [Bool](repeating: false, count: lines.count)
    for (i, start) in starts.enumerated() where Self.mappedKeys.contains(start.key) {
      let end = i + 1 < starts.count ? starts[i + 1].line : lines.count
      for line in start.line..<max(start.line, end) where line < lines.count { cut[line] = true }
    }
    otherLines = lines.enumerated().filter { !cut[$0.offset] }.map(\.element)
  }

  /// The deepest nesting of `[` and `{` read (properties hold flat lists). Block nesting (by
  /// indentation) is capped by libyaml itself at 1000 levels.
  static let deepestNesting = 64

  /// The index of the first line where `[`/`{` (outside quotes) nest deeper than
  /// ``deepestNesting``, or `nil`.
  static func tooDeep(_ lines: [String]) -> Int? {
    var depth = 0
    var quote: UInt8?
    for (i, line) in lines.enumerated() {
      var previous = UInt8(ascii: " ")
      for byte in line.utf8 {
        defer { previous = byte }
        if let open = quote {
          if byte == open { quote = nil }
          continue
        }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'") where Self.opensScalar(previous):
          quote = byte
        case UInt8(ascii: "["), UInt8(ascii: "{"):
          depth += 1
          if depth > deepestNesting { return i }
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
        default: break
        }
      }
    }
    return nil
  }

  /// Whether a quote after `byte` opens a quoted scalar (after a space, `[`, `{`, `,` or `:`),
  /// not one inside a plain one (`don't`).
  private static func opensScalar(_ byte: UInt8) -> Bool {
    [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "-")].contains(byte)
  }

  static func broken(_ error: YamlError) -> Broken {
    switch error {
    case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
      return Broken(message: problem, line: mark.line + 1)
    default:
      return Broken(message: "\(error)", line: nil)
    }
  }
}
