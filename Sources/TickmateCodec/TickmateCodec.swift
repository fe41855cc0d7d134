import Foundation
import SQLiteCore
import TrackerCodec
import TrackerModel

/// Tickmate (`lordi/tickmate`, Android): reads its database backup (`.db`, schema versions 10
/// to 14), read-only; TrackerPort does not write Tickmate.
///
/// The mapping and the `extras["tickmate"]` keys are in `docs/tickmate.md`. Options:
/// `default-category` (default "Tickmate", for tracks in no group).
///
/// `.db` is an ending other apps use too (Loop, Rewire), so the codec claims a `.db` only when
/// its first bytes are a SQLite header and its schema (on the first pages) creates both a
/// `tracks` and a `ticks` table, and names no Loop `Habits`/`Repetitions` pair; decoding then
/// checks the tables for real.
public struct TickmateCodec: TrackerCodec {
  /// Tickmate has no schedule or emoji: the importer chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "tickmate-assigned-defaults", severity: .warning,
    summary: "Reading Tickmate, which has no schedule or emoji: tracks were planned every day with a palette emoji chosen from the name, colours mapped to the nearest palette colour, tracks in no group put in the --default-category, and tracks counting several ticks a day given the goal \"at least 1 ticks\" with each day's count as the amount.")
  /// Ticks no track owns, or on no calendar day.
  public static let skippedTicks = DiagnosticDescriptor(
    code: "tickmate-skipped-ticks", severity: .warning,
    summary: "Reading a Tickmate backup: ticks whose track is not in the tracks table, or whose year, month and day are no calendar day, were skipped, with their count; Tickmate never shows them either.")

  /// Id `tickmate`; claims `.db` files by content; reads only.
  public static let descriptor = CodecDescriptor(
    id: "tickmate", name: "Tickmate",
    summary: "Tickmate's SQLite database backup (.db, schema versions 10 to 14); read only.",
    extensions: [], sniffedExtensions: ["db"], canWrite: false,
    diagnostics: [assignedDefaults, skippedTicks, SQLiteFile.missingLog],
    options: [
      CodecOption("default-category", .text, default: TickmateDatasetBuilder.defaultCategory,
                  help: "the category of tracks not in a group", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A SQLite header, with `CREATE TABLE tracks` and `CREATE TABLE ticks` in the first 64 KiB
  /// (the schema), and not both of Loop's `Habits` and `Repetitions`.
  public func sniff(_ head: [UInt8]) -> Bool {
    guard head.starts(with: SQLiteFile.magic) else { return false }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    guard Self.createsTable("tracks", in: text), Self.createsTable("ticks", in: text) else { return false }
    return !(text.contains("repetitions") && text.contains("habits"))
  }

  /// For the note when no format recognises a SQLite file (an empty Tickmate backup, say).
  public func unrecognisedHint(_ head: [UInt8], options: [String: String]) -> String? {
    guard head.starts(with: SQLiteFile.magic) else { return nil }
    return "a SQLite database without the tables of a known app (a Tickmate backup has tracks and ticks, a Loop backup Habits and Repetitions)"
  }

  /// `create table tracks(`, `create table "tracks" (`, `create table if not exists tracks …`.
  static func createsTable(_ name: String, in text: String) -> Bool {
    for quoted in [name, "\"\(name)\"", "`\(name)`", "[\(name)]"] {
      for prefix in ["create table ", "create table if not exists "] {
        var rest = text[...]
        while let range = rest.range(of: prefix + quoted) {
          let after = rest[range.upperBound...].first
          if after == nil || after == "(" || after == " " || after == "\n" || after == "\t" { return true }
          rest = rest[range.upperBound...]
        }
      }
    }
    return false
  }

  /// Reads a Tickmate backup database.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` with the file for a file that is not a SQLite
  ///   database or has no `tracks` and `ticks` tables (an empty database);
  ///   `.unsupportedVersion` for a database newer than version 14; `.cannotReadInput` from the
  ///   input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let contents = try readDatabase(input, fileName: fileName)
    var builder = TickmateDatasetBuilder(fileName: fileName, options: context.options)
    let dataset = builder.build(contents)
    context.report(contentsOf: builder.warnings)
    if let missing = SQLiteFile.missingLogWarning(input, fileName: fileName, empty: dataset.trackers.isEmpty && dataset.records.isEmpty) {
      context.report(missing)
    }
    return dataset
  }

  /// TrackerPort reads Tickmate only.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation`, always.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "TrackerPort reads Tickmate backups but does not write them",
                     location: SourceLocation(file: output.displayName))
  }

  /// Opens the backup read-only, in place or from a private copy (``SQLiteFile``).
  private func readDatabase(_ input: CodecInput, fileName: String) throws -> TickmateDatabaseReader.Contents {
    try SQLiteFile.withReadablePath(
      input, fileName: fileName, scratchPrefix: "tickmate",
      notSQLite: CodecError(.malformedInput, "not a Tickmate backup: the file is not a SQLite database",
                            location: SourceLocation(file: fileName),
                            note: "Tickmate's backups are SQLite .db files ('tickmate-backup-YYYYMMDD.db')")) { path in
      try TickmateDatabaseReader(path: path, fileName: fileName).read()
    }
  }
}
