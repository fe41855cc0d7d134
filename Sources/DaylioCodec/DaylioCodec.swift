import CSVCore
import TrackerCodec
import TrackerModel

/// Daylio (`daylio.net`), the mood diary whose goals and activities many people use as a habit
/// log: reads its backup (`.daylio`, a zip holding the diary as Base64-encoded JSON) and its CSV
/// export. Read only: Daylio imports nothing but its own backups.
///
/// The mapping, the sources of every fact and what is kept in `extras["daylio"]` are in
/// `docs/daylio.md`. Options: `default-category` (default "Daylio", for activities outside a group),
/// `activities` (default `true`: activities become habits too; `false`: goals only).
public struct DaylioCodec: TrackerCodec {
  /// Shared by every codec that maps frequencies.
  public static let lossyFrequency = LossReport.lossyFrequency
  /// Daylio has no emoji, colours or (for activities) plans: the reader chose them.
  public static let assignedDefaults = DiagnosticDescriptor(
    code: "daylio-assigned-defaults", severity: .warning,
    summary: "Reading Daylio, which has no emoji or colours: habits were given a palette emoji and colour chosen from the name, and activities planned every day.")
  /// An entry or a goal completion whose day cannot be read, or whose fields disagree.
  public static let badDate = DiagnosticDescriptor(
    code: "daylio-bad-date", severity: .warning,
    summary: "Reading Daylio: an entry's or a goal completion's day cannot be read (its activities or the completion are left out, the entry is kept), or its day fields disagree with its time stamp.")
  /// A mood, activity or goal named by an id the backup does not define.
  public static let unknownReference = DiagnosticDescriptor(
    code: "daylio-unknown-reference", severity: .warning,
    summary: "Reading a Daylio backup: an entry names a mood or an activity, a goal an activity, or a completion a goal that the backup does not hold (or an id given twice).")

  /// What a backup holds that is not read.
  public static let notRead = DiagnosticDescriptor(
    code: "daylio-not-read", severity: .warning,
    summary: "Reading a Daylio backup: its photos and recordings (files under assets/ in the archive) are not read; their records are kept in extras[\"daylio\"].assets and the entries keep their ids.")

  /// The member of a backup archive that holds the diary.
  static let backupMember = "backup.daylio"

  /// Id `daylio`; `.daylio` backups, and `.csv` exports and zips by content.
  public static let descriptor = CodecDescriptor(
    id: "daylio", name: "Daylio",
    summary: "Daylio's backup (.daylio) and CSV export: goals and activities as habits, moods and notes kept; read only.",
    extensions: ["daylio"], sniffedExtensions: ["csv", "zip"], canWrite: false,
    // No extrasMeanings: the mood entries are nothing the model has, and a meaning without a
    // field would count them as no loss. Written to another app they stay `extras` lost.
    diagnostics: [assignedDefaults, badDate, unknownReference, notRead, lossyFrequency,
                  CSVProblem.missingLabel.descriptor, CSVProblem.unclosedQuote.descriptor, CSVProblem.strayQuote.descriptor,
                  CSVProblem.encodingError.descriptor],
    options: [
      CodecOption("default-category", .text, default: DaylioDatasetBuilder.defaultCategory,
                  help: "the category of activities outside a group", reads: true, writes: false),
      CodecOption("activities", .boolean, default: "true",
                  help: "activities become habits too (false: goals only, activities kept in the entries)", reads: true, writes: false),
    ])

  /// The codec has no state; options come through the context.
  public init() {}

  /// Daylio's CSV header.
  public func sniff(_ head: [UInt8]) -> Bool { DaylioCSVReader.sniff(head) }

  /// A zip (a renamed backup) holding `backup.daylio`.
  public func sniffPackage(_ members: [String]) -> Bool { members.contains(Self.backupMember) }

  /// For the note when no format recognises a folder.
  public var packageContents: String? { "backup.daylio (a Daylio backup)" }

  /// Reads a backup (a zip or folder holding `backup.daylio`) or a CSV export.
  ///
  /// - Throws: ``CodecError`` `.malformedInput`: for a zip without `backup.daylio`; at the line
  ///   and column of the member for text that is not Base64; for decoded bytes that are not
  ///   JSON (line and column of the decoded text) or a value of the wrong type (its pointer);
  ///   from the CSV parser, or a CSV header without `full_date` or `activities`, with file,
  ///   line and column. `.cannotReadInput` from the input.
  public func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let diary: DaylioDiary
    // Pointers are into the backup's member, where the reader's own warnings put them.
    var file = input.displayName
    if try input.packageKind() != nil {
      (diary, file) = try readBackup(input)
    } else if try input.fileExtension?.lowercased() == "csv" || DaylioCSVReader.sniff(input.head()) {
      var reader = DaylioCSVReader(file: file)
      diary = try input.withBytes { try reader.read($0) }
    } else {
      // The archive's member itself (unzipped by hand): the Base64 text.
      diary = try readMember(input, name: file)
    }
    var builder = DaylioDatasetBuilder(file: file, options: context.options)
    let dataset = builder.build(diary)
    context.report(contentsOf: builder.warnings)
    return dataset
  }

  /// Daylio cannot import what TrackerPort would write.
  public func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    throw CodecError(.unsupportedOperation, "Daylio backups can be read, not written",
                     note: "Daylio restores only backups it made itself")
  }

  /// The diary and the name of the member it came from.
  private func readBackup(_ input: CodecInput) throws -> (DaylioDiary, String) {
    let root = try input.packageRoot()
    let members = try input.members()
    guard members.contains(root + Self.backupMember) else {
      throw CodecError(.malformedInput, "not a Daylio backup: no \(Self.backupMember) in the archive",
                       location: SourceLocation(file: input.displayName),
                       note: "give the .daylio file Daylio writes from its Backup & Restore screen")
    }
    let memberName = input.displayName + "/" + root + Self.backupMember
    var read: DaylioDiary?
    try input.forEachMember(where: { $0 == root + Self.backupMember }) { _, member in read = try readMember(member, name: memberName) }
    guard var diary = read else { throw CodecError(.cannotReadInput, "no \(Self.backupMember)", location: SourceLocation(file: input.displayName)) }
    let attachments = members.count { $0.hasPrefix(root + "assets/") }
    if attachments > 0 {
      diary.warnings.append(Diagnostic(code: Self.notRead.code, severity: .warning,
                                       message: "\(attachments) photo or recording file(s) of the backup are not read; the entries keep their ids",
                                       location: SourceLocation(file: input.displayName + "/" + root + "assets")))
    }
    return (diary, memberName)
  }

  /// The diary of a `backup.daylio` member (Base64 JSON), named `name` in diagnostics.
  private func readMember(_ input: CodecInput, name memberName: String) throws -> DaylioDiary {
    let json = try input.withBytes { try DaylioBase64.decode($0, file: memberName) }
    let document: ForeignJSON
    do {
      document = try ForeignJSON(bytes: json, fileName: memberName, format: "a Daylio backup")
    } catch var error as CodecError {
      // The place is in the decoded text, which the person never sees: say so.
      if let line = error.location.line, let column = error.location.column {
        error.message += " (line \(line), column \(column) of the decoded JSON)"
      }
      error.location = SourceLocation(file: memberName)
      throw error
    }
    var reader = DaylioBackupReader(document: document)
    do {
      return try reader.read()
    } catch var error as CodecError {
      // Keep the pointer; the line and column are of the decoded text.
      error.location.line = nil
      error.location.column = nil
      throw error
    }
  }
}
