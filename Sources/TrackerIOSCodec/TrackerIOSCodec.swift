import Foundation
internal import GRDB
import SQLiteCore
import TrackerCodec
import TrackerModel

/// The iOS Tracker apps' own data: the Core Data SQLite store (`<Name>.sqlite`, its `-wal`
/// applied) of six implementations of the app (Azonaz, xcode73, teenagelove, headlinerten,
/// DmnUAll, morethendeviant): read, and written for the variant chosen with the `variant`
/// option (or `to-shape`), as a new store or into a copy of a store the app made (`template`).
///
/// Reading, the variant is identified from the store itself (its model version hashes, else
/// its entities and columns); entity numbers are looked up in `Z_PRIMARYKEY` by name. The
/// mapping, options (`timezone`, `default-category`, `variant`, `template`) and
/// `extras["tracker-ios"]` keys are in `docs/ios-tracker.md`.
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

  /// Writing into a template whose tables have columns the documented model has not.
  public static let templateColumns = DiagnosticDescriptor(
    code: "tracker-ios-template-columns", severity: .warning,
    summary: "Writing an iOS Tracker store into a template (--option template=PATH) whose tables have columns the app's documented model has not (another build of the app): they are left empty.")
  /// Which local midnights the record days were written as.
  public static let writtenDays = DiagnosticDescriptor(
    code: "tracker-ios-written-days", severity: .warning,
    summary: "Writing an iOS Tracker store: each day is stored as the phone's local midnight, so the zone matters; the message names the zone used (--timezone, else this computer's).")

  /// One shape per variant: what each app's store cannot hold.
  static let shapes: [CodecDescriptor.Shape] = TrackerIOSVariant.listed.map { variant in
    CodecDescriptor.Shape(name: variant.id, summary: "the \(variant.id) app's store (\(variant.storeFileName))",
                          cannotCarry: TrackerIOSStorePlan.lostFields(variant),
                          carriesInPart: TrackerIOSStorePlan.carriedInPart(variant))
  }

  /// Id `tracker-ios`; claims `.sqlite` files by content; writes the variant `variant` names.
  public static let descriptor = CodecDescriptor(
    id: "tracker-ios", name: "Tracker iOS store",
    summary: "The iOS Tracker apps' Core Data store (.sqlite with its -wal; Azonaz, xcode73, teenagelove, headlinerten, DmnUAll, morethendeviant); writing needs --option variant=NAME (or --to-shape NAME).",
    extensions: [], sniffedExtensions: ["sqlite"],
    cannotCarry: shapes.dropFirst().reduce(shapes[0].cannotCarry) { common, shape in common.filter(shape.cannotCarry.contains) },
    carriesInPart: shapes.dropFirst().reduce(shapes[0].carriesInPart) { common, shape in common.filter(shape.carriesInPart.contains) },
    extrasMeanings: [
      ExtrasMeaning("color", .trackerColor, "colour as the iOS store had it"),
      ExtrasMeaning("emojiIndex", .trackerEmoji, "emoji index"),
      ExtrasMeaning("schedule", .trackerSchedule, "schedule text the reader could not read"),
      ExtrasMeaning("createdOn", .trackerCreatedOn, "creation day"),
    ],
    shapes: shapes,
    diagnostics: [recoveredDays, skippedRows, nearestColors, writtenDays, templateColumns, SQLiteFile.missingLog],
    options: [
      CodecOption("timezone", .timeZone,
                  help: "the phone's zone, whose local midnights the store keeps (default: inferred when reading, this computer's when writing) (--timezone)",
                  reads: true, writes: true),
      CodecOption("default-category", .text, default: TrackerIOSDatasetBuilder.defaultCategory,
                  help: "the category of trackers the store puts in none (--default-category)", reads: true, writes: false),
      CodecOption("variant", .choice(TrackerIOSVariant.listed.map(\.id)),
                  help: "the app whose store is written (needed unless template gives it)", reads: false, writes: true),
      CodecOption("to-shape", .choice(TrackerIOSVariant.listed.map(\.id)),
                  help: "the same as variant (--to-shape)", reads: false, writes: true),
      CodecOption("template", .path,
                  help: "a store the app made: written like it (its variant, its extra columns)", reads: false, writes: true),
    ])

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
    if let missing = SQLiteFile.missingLogWarning(input, fileName: fileName, empty: dataset.trackers.isEmpty && dataset.records.isEmpty && dataset.tasks.isEmpty) {
      context.report(missing)
    }
    return dataset
  }

  /// Writes a store of the chosen variant, new or into a copy of `template`, atomically
  /// (`SQLiteOutput` in `SQLiteCore`).
  ///
  /// - Throws: ``CodecError`` `.unsupportedOperation` without a variant (or with an unknown
  ///   one, or an unknown `--timezone`); `.malformedInput` for a template that is not a store of
  ///   a known Tracker app or of another variant than the one named; `.io` when the store
  ///   cannot be built; `.cannotCreateOutput` when a `-wal`, `-shm` or `-journal` file is
  ///   beside the output path (SQLite would apply it to the new store), and from the output
  ///   with `.io`.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try SQLiteOutput.write(to: output, noun: "store") {
      let template = context.options["template"].flatMap { $0.isEmpty ? nil : $0 }
      let variant = try Self.variant(context.options, template: template)
      let zone = try Self.zone(context.options)
      let plan = TrackerIOSStorePlan(dataset, variant: variant, zone: zone, now: context.writingNow)
      var writer = TrackerIOSStoreWriter(fileName: output.displayName)
      // A present given (the same bytes for the same input) gives the store's UUID too.
      writer.storeUUID = context.now.map { StableID.uuid("tracker-ios-store:\(variant.id):\($0.timeIntervalSince1970)") }
      let bytes: [UInt8]
      if let template {
        let (written, warnings) = try writer.bytes(of: plan, variant: variant, template: template)
        context.report(contentsOf: warnings)
        bytes = written
      } else {
        bytes = try writer.bytes(of: plan, variant: variant)
      }
      if !dataset.records.isEmpty || dataset.trackers.contains(where: { $0.date != nil }) {
        context.report(Diagnostic(
          code: Self.writtenDays.code, severity: .warning,
          message: "days written as local midnights of \(zone.identifier)\(context.options["timezone"] == nil ? " (this computer's zone)" : "")",
          location: SourceLocation(file: output.displayName),
          note: "the app shows them on the right day only on a phone in that zone; give the phone's with --timezone"))
      }
      return bytes
    }
  }

  /// What the chosen variant cannot hold of `dataset`, counted as the writer plans it; without
  /// a variant, what every variant loses.
  public func losses(writing dataset: TrackerDataset, to output: CodecOutput, options: [String: String]) -> [Diagnostic] {
    let template = options["template"].flatMap { $0.isEmpty ? nil : $0 }
    guard let variant = try? Self.variant(options, template: template) else {
      return LossReport.diagnostics(writing: dataset, as: Self.descriptor, to: output.displayName)
    }
    let plan = TrackerIOSStorePlan(dataset, variant: variant, zone: (try? Self.zone(options)) ?? .current)
    return LossReport.diagnostics(ModelField.inModelOrder(plan.lost.keys).map { ($0, plan.lost[$0]!) },
                                  writer: "the \(variant.id) app's store", to: output.displayName)
  }

  /// The app whose store was read (`extras["tracker-ios"].variant`), as `variant`: a store is
  /// written for one app, and nothing else says which.
  public func optionsWritingBack(_ dataset: TrackerDataset) -> [String: String] {
    guard let name = dataset.extras[Self.extrasKey]?["variant"]?.stringValue, TrackerIOSVariant.named(name) != nil else { return [:] }
    return ["variant": name]
  }

  /// `--timezone`, else this computer's zone.
  static func zone(_ options: [String: String]) throws -> TimeZone {
    guard let name = options["timezone"] else { return .current }
    guard let zone = TimeZone(identifier: name) else {
      throw CodecError(.unsupportedOperation, "unknown time zone \"\(name)\"", note: "use an IANA name such as Europe/Moscow")
    }
    return zone
  }

  /// The variant to write: `variant` (or `to-shape`), else the template's; both given, they
  /// must agree.
  static func variant(_ options: [String: String], template: String?) throws -> TrackerIOSVariant {
    let names = TrackerIOSVariant.listed.map(\.id).joined(separator: ", ")
    var named: TrackerIOSVariant? = nil
    if let name = options["variant"] ?? options["to-shape"] {
      guard let variant = TrackerIOSVariant.named(name) else {
        throw CodecError(.unsupportedOperation, "unknown iOS Tracker app \"\(name)\"", note: "--option variant= takes one of \(names)")
      }
      named = variant
    }
    guard let template else {
      guard let named else {
        throw CodecError(.unsupportedOperation, "writing an iOS Tracker store needs the app it is for",
                         note: "add --option variant=NAME (one of \(names)), or --option template=PATH with a store the app made")
      }
      return named
    }
    let found = try SQLiteFile.withReadablePath(
      CodecInput(path: template), fileName: template, scratchPrefix: "tracker-ios",
      notSQLite: CodecError(.malformedInput, "the template is not an iOS Tracker store: not a SQLite database",
                            location: SourceLocation(file: template))) { path in
      try SQLiteFile.read(path, fileName: template, app: "iOS Tracker") { db in
        TrackerIOSVariant.identify(try CoreDataStore.read(db, fileName: template))
      }
    }
    guard let (variant, _) = found else {
      throw CodecError(.malformedInput, "the template is a Core Data store of no known Tracker app",
                       location: SourceLocation(file: template, field: "Z_PRIMARYKEY"), note: "see docs/ios-tracker.md for the known apps")
    }
    if let named, named.id != variant.id {
      throw CodecError(.malformedInput, "the template is a store of the \(variant.id) app, not of \(named.id)",
                       location: SourceLocation(file: template))
    }
    return variant
  }
}
