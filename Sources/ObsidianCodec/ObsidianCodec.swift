import Foundation
import TrackerCodec
import TrackerModel

/// Obsidian habit notes in the layout of the "Habit Tracker 21" plugin
/// (`zincplusplus/habit-tracker`): one Markdown note per habit, its done days a list of
/// `YYYY-MM-DD` under `entries` in the note's properties. Reads a vault, a folder of notes or a
/// zip of one (habit notes found at any depth); writes a folder (or a zip) of notes the plugin
/// shows, or writes the notes into an existing folder with `--force`, keeping each note's other
/// properties and text and every other file.
///
/// The mapping and what is kept in `extras["obsidian"]` are in `docs/obsidian.md`.
public struct ObsidianCodec: TrackerCodec {
  /// Habit notes have no emoji or plan: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "obsidian-assigned-defaults", severity: .warning,
    summary: "Reading Obsidian habit notes, which have no emoji or plan: habits were given a palette emoji (and, without a color property, a colour) chosen from the name and planned every day.")
  /// An item of `entries` that is no day.
  public static let badEntry = DiagnosticDescriptor(
    code: "obsidian-bad-entry", severity: .warning,
    summary: "Reading Obsidian habit notes: an item of entries is not a YYYY-MM-DD day (or entries is not a list); it is kept and written back, not read as a completion.")
  /// A note that is not read.
  public static let skippedNote = DiagnosticDescriptor(
    code: "obsidian-skipped-note", severity: .warning,
    summary: "Reading Obsidian notes: a note that is not UTF-8, whose properties are not YAML or never closed, was not read (a habit note with entries whose properties are not YAML stops the reading instead).")
  /// Properties written on one line, whose other keys cannot be kept apart.
  public static let propertiesNotKept = DiagnosticDescriptor(
    code: "obsidian-properties-not-kept", severity: .warning,
    summary: "Reading an Obsidian habit note whose properties are written on one line (JSON style): entries, title and color are read, the other properties (named) are not kept.")
  /// Days of a note already there that the dataset written does not hold.
  public static let daysReplaced = DiagnosticDescriptor(
    code: "obsidian-days-replaced", severity: .warning,
    summary: "Writing Obsidian habit notes into an existing folder: a note already there had done days the dataset does not hold (ticked in Obsidian since the export); its entries are replaced by the dataset's, and the message names the days.")

  /// Id `obsidian`; a folder or zip of Markdown notes.
  public static let descriptor = CodecDescriptor(
    id: "obsidian", name: "Obsidian habit notes",
    summary: "Habit Tracker 21's notes (one per habit, done days under entries) in an Obsidian vault or folder, or a .zip.",
    extensions: [], sniffedExtensions: ["zip"],
    cannotCarry: [.categoryIds, .categoryOrder, .categoriesWithoutTrackers, .trackerIds, .trackerEmoji, .trackerSchedule, .eventDate,
                  .trackerPinned, .trackerCreatedOn, .trackerArchived, .trackerDescription, .trackerGoal, .trackerFrequency,
                  .trackerReminders, .events, .eventRecords, .recordAmounts, .recordNotes, .entries, .tasks, .taskReminders,
                  .taskAttachments, .taskCategoryOrder],
    carriesInPart: [.categories, .trackerOrder, .trackerColor, .extras],
    diagnostics: [assignedDefaults, badEntry, skippedNote, propertiesNotKept, daysReplaced],
    options: [
      CodecOption("default-category", .text, help: "the category of notes directly in the folder read (default: the folder's name)",
                  reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A package holding Markdown notes at its root (and nothing else but folders).
  public func sniffPackage(_ members: [String]) -> Bool {
    members.contains { $0.lowercased().hasSuffix(".md") } && members.allSatisfy { $0.hasSuffix("/") || $0.lowercased().hasSuffix(".md") }
  }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "Markdown notes (.md, an Obsidian folder; --from obsidian reads a whole vault)" }

  /// Notes are a folder (or a zip).
  public func writesFolder(to output: CodecOutput, options: [String: String]) -> Bool { true }

  /// An existing folder is written into (with `--force`), anything else as a new package.
  public func checkOutput(_ output: CodecOutput, options: [String: String]) throws {
    if try output.existingFolderToUpdate() == nil { try output.checkWritablePackageFolder(memberSuffixes: [".md"]) }
  }

  /// Reads every habit note of a vault, folder or zip.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` for a habit note whose properties are not YAML,
  ///   with the note and line; `.unsupportedOperation` for an input that is no folder or zip.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    guard try input.packageKind() != nil else {
      throw CodecError(.unsupportedOperation, "Obsidian habit notes are a folder (or a .zip of one), not a single file",
                       location: SourceLocation(file: input.displayName), note: "give the vault or the folder of habit notes")
    }
    var reader = ObsidianVaultReader(input: input, options: context.options)
    let dataset = try reader.read()
    context.report(contentsOf: reader.warnings)
    return dataset
  }

  /// Writes one note per habit: a new folder or zip, or into an existing folder (`--force`),
  /// each note put in place whole; notes already there keep their other properties and text.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` for standard output; `.cannotCreateOutput`
  ///   for an existing note that is not UTF-8 or whose properties are not YAML (nothing is
  ///   written then), or a folder that cannot be written.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let writer = ObsidianNoteWriter(dataset)
    guard let folder = try output.existingFolderToUpdate() else {
      try output.writePackage(memberSuffixes: [".md"]) { package in
        for note in writer.notes {
          try package.member(note.path) { $0.write(ObsidianNoteWriter.text(of: note)) }
        }
      }
      return
    }
    // Every note's text first, so an existing note that cannot be read stops before any write.
    var texts: [(path: String, text: String)] = []
    for note in writer.notes {
      let path = folder + "/" + note.path
      var text = ObsidianNoteWriter.text(of: note)
      if FileManager.default.fileExists(atPath: path) {
        guard let data = FileManager.default.contents(atPath: path), let existing = String(data: data, encoding: .utf8) else {
          throw CodecError(.cannotCreateOutput, "the note already there cannot be read as UTF-8 text; nothing was written",
                           location: SourceLocation(file: path))
        }
        do {
          let update = try ObsidianNoteWriter.updated(existing, with: note)
          text = update.text
          if !update.dropped.isEmpty {
            context.report(Diagnostic(code: Self.daysReplaced.code, severity: .warning,
                                      message: "the note had done days the dataset does not hold, now replaced: " + update.dropped.joined(separator: ", "),
                                      location: SourceLocation(file: path)))
          }
        } catch let broken as ObsidianFrontmatter.Broken {
          throw CodecError(.cannotCreateOutput, "the note already there cannot be updated: \(broken.message); nothing was written",
                           location: SourceLocation(file: path, line: broken.line), note: "fix the note in Obsidian, or write to a new folder")
        }
      }
      texts.append((path, text))
    }
    for (path, text) in texts {
      try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try CodecOutput(path: path, overwrite: true, protectedPaths: output.protectedPaths).write { $0.write(text) }
    }
  }

  /// One `dropped-field` per field the notes cannot carry, with its count; colours are carried,
  /// and only a habit without one is counted (reading back chooses one from the name); extras
  /// of other formats are counted, the notes' own (`extras["obsidian"]`) are written back.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let foreignExtras = LossReport.itemsWithExtras(in: dataset, otherThan: ObsidianVaultReader.namespace)
    let fields = Self.descriptor.cannotCarry + Self.descriptor.carriesInPart
    return LossReport.diagnostics(fields.map { field in
      switch field {
      case .trackerColor: (field, dataset.trackers.count { $0.kind == .habit && $0.color == nil })
      case .extras: (field, foreignExtras)
      default: (field, field.count(in: dataset))
      }
    }, writer: Self.descriptor.name, to: output.displayName)
  }
}
