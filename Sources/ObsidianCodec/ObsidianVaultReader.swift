import TrackerCodec
import TrackerModel
import Yams

/// Reads the habit notes of a folder (an Obsidian vault, or the folder of its habit notes) or a
/// zip of one: every `.md` note, at any depth, whose frontmatter has `entries` (Habit Tracker
/// 21's list of done days). Other notes are left alone; hidden folders (`.obsidian`, `.trash`)
/// are not read. The mapping is in `docs/obsidian.md`.
struct ObsidianVaultReader {
  /// The extras namespace.
  static let namespace = "obsidian"

  let input: CodecInput
  let options: [String: String]
  private(set) var warnings: [Diagnostic] = []

  init(input: CodecInput, options: [String: String]) {
    self.input = input
    self.options = options
  }

  /// The dataset.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for a note whose frontmatter names `entries` but
  ///   is not YAML (with the note and line); `.cannotReadInput` from the package.
  mutating func read() throws -> TrackerDataset {
    let root = try input.packageRoot()
    // In the plugin's order, by name without ".md" ("Gym" before "Gym 2"), folder by folder.
    var notes: [(relative: String, file: String, text: String?)] = []
    try input.forEachMember(where: { $0.hasPrefix(root) && $0.lowercased().hasSuffix(".md") }) { member, note in
      let relative = String(member.dropFirst(root.count))
      let text = try note.withBytes { String(validating: $0.bindMemory(to: UInt8.self), as: UTF8.self) }
      notes.append((relative, input.displayName + "/" + relative, text))
    }
    // In the plugin's order, by name without ".md" ("Gym" before "Gym 2"), folder by folder.
    notes.sort { $0.relative.dropLast(3).split(separator: "/").lexicographicallyPrecedes($1.relative.dropLast(3).split(separator: "/")) }
    var dataset = TrackerDataset()
    var categoryOf: [String: String] = [:]
    let inputName = Self.baseName(of: input.displayName, dropping: ".zip")
    let fallback = options["default-category"].flatMap { $0.isEmpty ? nil : $0 } ?? (inputName.isEmpty ? "Habits" : inputName)
    var assigned = 0
    for (relative, file, text) in notes {
      guard let text else {
        warnings.append(warning(ObsidianCodec.skippedNote, "the note is not UTF-8 text; not read", file: file, line: nil))
        continue
      }
      let note = ObsidianNote(text: text)
      guard let lines = note.frontmatter else {
        if note.unclosed && text.contains("entries:") {
          warnings.append(warning(ObsidianCodec.skippedNote, "the note starts with --- but no line closes its properties; not read", file: file, line: 1))
        }
        continue
      }
      let frontmatter: ObsidianFrontmatter
      do {
        frontmatter = try ObsidianFrontmatter(lines: lines)
      } catch let broken as ObsidianFrontmatter.Broken {
        guard lines.contains(where: { $0.hasPrefix("entries:") }) else {
          warnings.append(warning(ObsidianCodec.skippedNote, "the note's properties are not YAML (\(broken.message)); not read", file: file, line: broken.line))
          continue
        }
        throw CodecError(.malformedInput, "the habit note's properties are not YAML: \(broken.message)",
                         location: SourceLocation(file: file, line: broken.line),
                         note: "open the note in Obsidian's source mode and fix its properties")
      }
      guard let entries = frontmatter.entries else { continue }
      if frontmatter.sharedLines && !frontmatter.otherKeys.isEmpty {
        warnings.append(warning(ObsidianCodec.propertiesNotKept,
                                "the note's properties are on one line (JSON style): \(frontmatter.otherKeys.joined(separator: ", ")) not kept",
                                file: file, line: 2))
      }

      let folder = relative.split(separator: "/").dropLast().last.map(String.init)
      let title = folder ?? fallback
      let categoryId: String
      if let id = categoryOf[title] {
        categoryId = id
      } else {
        categoryId = StableID.uuid("obsidian-category:" + title)
        categoryOf[title] = categoryId
        dataset.categories.append(TrackerCategory(id: categoryId, title: title))
      }
      let fileName = Self.baseName(of: relative, dropping: ".md")
      let name = frontmatter.title.map { String($0.trimmingBlanks) }.flatMap { $0.isEmpty ? nil : $0 } ?? fileName
      let choice = PaletteEmoji.stableChoice(for: name)
      let color = frontmatter.color.flatMap { RGBColor(hex: String($0.trimmingBlanks)) }
      var tracker = Tracker(id: StableID.uuid("obsidian:" + relative), kind: .habit, name: name, categoryId: categoryId,
                            emoji: choice.emoji.rawValue, color: color?.hex ?? choice.color.rawValue, schedule: Weekday.allCases)
      tracker.invented = color == nil ? [.emoji, .color, .schedule] : [.emoji, .schedule]
      assigned += 1

      let days = readEntries(entries, file: file)
      for day in days.valid { dataset.records.append(TrackerRecord(trackerId: tracker.id, date: day)) }
      var kept = [JSONMember("path", .string(relative))]
      if !frontmatter.otherLines.isEmpty { kept.append(JSONMember("properties", .string(frontmatter.otherLines.joined(separator: "\n")))) }
      if !note.body.isEmpty { kept.append(JSONMember("body", .string(note.body))) }
      if let original = frontmatter.color, color?.hex != original { kept.append(JSONMember("color", .string(original))) }
      if let title = frontmatter.title, title != name { kept.append(JSONMember("title", .string(title))) }
      if !days.invalid.isEmpty { kept.append(JSONMember("invalidEntries", .array(days.invalid.map(JSONValue.string)))) }
      if note.lineEnding != "\n" { kept.append(JSONMember("lineEnding", .string("crlf"))) }
      tracker.extras[Self.namespace] = .object(kept)
      dataset.trackers.append(tracker)
    }
    dataset.records.sort { $0.date < $1.date }
    if assigned > 0 {
      warnings.append(Diagnostic(
        code: ObsidianCodec.assignedDefaults.code, severity: .warning,
        message: "Habit Tracker 21 notes have no emoji or plan: \(assigned) habit(s) given a palette emoji chosen from the name and planned every day",
        location: SourceLocation(file: input.displayName),
        note: "a note's folder is its category; notes directly in the folder given go into \"\(fallback)\" (--default-category)"))
    }
    return dataset
  }

  /// The done days of `entries` (a list of `YYYY-MM-DD`; one day alone is read too), each once,
  /// sorted, and the items that are no day, as written.
  private mutating func readEntries(_ node: Node, file: String) -> (valid: [LocalDate], invalid: [String]) {
    var days: Set<LocalDate> = []
    var invalid: [String] = []
    func take(_ item: Node) {
      if let scalar = item.scalar, scalar.style == .plain, ["", "null", "~", "Null", "NULL"].contains(scalar.string) {
        // An empty item (`- ` alone): nothing to keep.
        warnings.append(warning(ObsidianCodec.badEntry, "an empty item of entries; left out", file: file, line: item.mark.map { $0.line + 1 }))
        return
      }
      guard let text = item.scalar?.string else {
        // Never expanded or kept: a YAML alias can make a small note a huge value.
        warnings.append(warning(ObsidianCodec.badEntry, "an item of entries is \(Self.describe(item)), not a day; left out",
                                file: file, line: item.mark.map { $0.line + 1 }))
        return
      }
      if let day = LocalDate(text.trimmingBlanks) {
        days.insert(day)
      } else {
        invalid.append(text)
        warnings.append(warning(ObsidianCodec.badEntry, "entry \(text.debugDescription) is not a YYYY-MM-DD day; kept to write back, not a completion",
                                file: file, line: item.mark.map { $0.line + 1 }))
      }
    }
    switch node {
    case .sequence(let items):
      for item in items { take(item) }
    case .scalar(let scalar):
      // `entries:` with nothing after it is an empty list to the plugin.
      if !scalar.string.isEmpty && scalar.string != "null" && scalar.string != "~" {
        warnings.append(warning(ObsidianCodec.badEntry, "entries is one value, not a list (the plugin would write it back as a list of characters)",
                                file: file, line: node.mark.map { $0.line + 1 }))
        take(node)
      }
    default:
      warnings.append(warning(ObsidianCodec.badEntry, "entries is \(Self.describe(node)), not a list of days; left out",
                              file: file, line: node.mark.map { $0.line + 1 }))
    }
    return (days.sorted(), invalid)
  }

  /// What a value that is not a scalar is, in words (never its contents).
  private static func describe(_ node: Node) -> String {
    switch node {
    case .mapping: "a mapping"
    case .sequence: "a list"
    default: "an alias"
    }
  }

  /// The last part of a `/`-separated path without `suffix` (compared without case).
  static func baseName(of path: String, dropping suffix: String) -> String {
    var name = String(path.split(separator: "/").last ?? "")
    if name.lowercased().hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
    return name
  }

  private func warning(_ descriptor: DiagnosticDescriptor, _ message: String, file: String, line: Int?) -> Diagnostic {
    Diagnostic(code: descriptor.code, severity: .warning, message: message, location: SourceLocation(file: file, line: line))
  }
}
