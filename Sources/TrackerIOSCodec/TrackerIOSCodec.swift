import Foundation
import SQLiteCore
import TrackerCodec
import TrackerModel

/// The iOS Tracker apps' own data: the Core Data SQLite store (`<Name>.sqlite`, its `-wal`
/// applied) of six implementations of the app (Azonaz, xcode73, teenagelove, headlinerten,
/// DmnUAll, morethendeviant), read only for now.
///
/// The variant is identified from the store itself (its model version hashes, else its
/// entities and columns); entity numbers are looked up in `Z_PRIMARYKEY` by name. The mapping,
/// options (`timezone`, `default-category`) and `extras["tracker-ios"]` keys are in
/// `docs/ios-tracker.md`.
public struct TrackerIOSCodec: TrackerCodec {
  /// The key of this codec's extras.
  public static let extrasKey = "tracker-ios"

  /// How record days were recovered from local midnights.
  public static let recoveredDays = DiagnosticDescriptor(
    code: "tracker-ios-days", severity: .warning,
    summary: "Reading an iOS Tracker store, whose dates are the phone's local midnight without its zone: the days were recovered with --timezone, or else with the UTC offset the times of day point to; the message says which.")
  /// Records, schedules or colours the reader could not take as they are.
  public static let skippedRows = DiagnosticDescriptor(
    code: "tracker-ios-skipped", severity: .warning,
    summary: "Reading an iOS Tracker store: records of no tracker or with no readable date were skipped, a second record of one tracker on one day merged, and schedule values no app writes left out (kept in extras), with their counts.")
  /// Colours off the palette.
  public static let nearestColors = DiagnosticDescriptor(
    code: "tracker-ios-nearest-color", severity: .warning,
    summary: "Reading an iOS Tracker store: colours that are not one of the app's 18 palette colours were mapped to the nearest one; the stored value is kept in extras[\"tracker-ios\"].color.")

  /// Id `tracker-ios`; claims `.sqlite` files by content; reads only.
  public static let descriptor = CodecDescriptor(
    id: "tracker-ios", name: "Tracker iOS store",
    summary: "The iOS Tracker apps' Core Data store (.sqlite with its -wal; Azonaz, xcode73, teenagelove, headlinerten, DmnUAll, morethendeviant); read only.",
    extensions: [], sniffedExtensions: ["sqlite"], canWrite: false,
    diagnostics: [recoveredDays, skippedRows, nearestColors])

  /// The codec has no state; options come through the context.
  public init() {}

  /// A SQLite header and, in the schema on the first pages, Core Data's `Z_PRIMARYKEY` and
  /// `Z_METADATA` tables and the table of a Tracker entity (`ZTRACKERCD`, `ZTRACKERCOREDATA`).
  public func sniff(_ head: [UInt8]) -> Bool {
    guard head.starts(with: SQLiteFile.magic) else { return false }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    guard text.contains("create table z_primarykey"), text.contains("create table z_metadata") else { return false }
    return text.contains("create table ztrackercd ") || text.contains("create table ztrackercoredata ")
  }

  /// For the note when no format recognises a Core Data store of another app.
  public func unrecognisedHint(_ head: [UInt8], options: [String: String]) -> String? {
    guard head.starts(with: SQLiteFile.magic) else { return nil }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    guard text.contains("create table z_primarykey") else { return nil }
    return "a Core Data store, but of no known Tracker app (read it with --from tracker-ios to see its entities)"
  }

  /// Reads a Tracker app's Core Data store.
  ///
  /// - Throws: ``CodecError`` `.malformedInput` with the file for a file that is not a SQLite
  ///   database, not a Core Data store, or a store of no known Tracker model (the message names
  ///   its entities); `.unsupportedOperation` for an unknown `--timezone`; `.cannotReadInput`
  ///   from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let fileName = context.fileName.isEmpty ? input.displayName : context.fileName
    let contents = try SQLiteFile.withReadablePath(
      input, fileName: fileName, scratchPrefix: "tracker-ios",
      notSQLite: CodecError(.malformedInput, "not an iOS Tracker store: the file is not a SQLite database",
                            location: SourceLocation(file: fileName),
                            note: "the app keeps its data in Library/Application Support/<Name>.sqlite (with -wal and -shm beside it)")) { path in
      try TrackerIOSStoreReader(path: path, fileName: fileName).read()
    }
    var builder = TrackerIOSDatasetBuilder(fileName: fileName, options: context.options)
    let dataset = try builder.build(contents)
    context.report(contentsOf: builder.warnings)
    return dataset
  }

  /// TrackerPort reads these stores only, for now.
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation`, always.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "TrackerPort reads the iOS Tracker apps' stores but does not write them yet",
                     location: SourceLocation(file: output.displayName))
  }
}
