import Foundation
import Testing
import HabitBuilderCodec
import TrackerCodec
import TrackerModel
import TrackerTestSupport

/// What no dataset can be read from: each a ``CodecError`` naming the member of the zip, and
/// the record, column and line of the cell (docs/habitbuilder.md, "Errors").
@Suite struct HabitBuilderErrorTests {
  typealias F = HabitBuilderFixtures

  func error(_ zip: String, options: [String: String] = ["timezone": "UTC"]) -> CodecError? {
    codecError { _ = try decode(HabitBuilderCodec(), path: zip, options: options) }
  }

  @Test func aZipWithoutActionsIsRefusedNamingIt() throws {
    let zip = try F.everyday(replacing: "actions.csv", with: nil)
    let e = try #require(error(zip))
    #expect(e.kind == .malformedInput && e.message == "not a whole Habit Builder backup: no actions.csv")
    #expect(e.location == SourceLocation(file: zip) && e.note?.contains("holds habits.csv, metadata.txt") == true, "\(e)")
  }

  @Test func aBadTimestampIsLocatedInActionsCSV() throws {
    let zip = try F.everyday(replacing: "actions.csv", with: "id,habit_id,timestamp\n1,3,1704063900000\n2,3,17040639OOOOO\n")
    let e = try #require(error(zip))
    #expect(e.kind == .malformedInput && e.message == "timestamp \"17040639OOOOO\" is not a whole number [type-error]")
    #expect(e.location == SourceLocation(file: zip + "/actions.csv", line: 3, column: 5, row: 3, field: "timestamp"), "\(e.location)")
    #expect(e.description.hasPrefix(zip + "/actions.csv:3:5: error: timestamp"))
  }

  @Test func aTimestampPastTheYear9999IsLocated() throws {
    let zip = try F.everyday(replacing: "actions.csv", with: "id,habit_id,timestamp\n1,3,253402318800000\n")
    let e = try #require(error(zip))
    #expect(e.message.contains("falls outside the years 1–9999") && e.location.row == 2 && e.location.field == "timestamp")
  }

  @Test func aColourTheAppDoesNotKnowIsLocated() throws {
    let zip = try F.everyday(replacing: "habits.csv", with: "id,name,color,order,archived,notes\n3,Run,blue,0,false,\n")
    let e = try #require(error(zip))
    #expect(e.message.hasPrefix("color \"blue\" is not one of Habit Builder's colours"))
    #expect(e.location == SourceLocation(file: zip + "/habits.csv", line: 2, column: 7, row: 2, field: "color"))
  }

  @Test(arguments: [
    ("id,name,color,order,archived\n3,Run,Blue,0,false\n", "the header has no column notes [missing-label]", 1),
    ("id,name,color,order,archived,notes\n3,Run,Blue\n", "record 2 has 3 cell(s), the header 6: no order, archived, notes [missing-cell]", 2),
    ("id,name,color,order,archived,notes\n3,Run,Blue,first,false,\n", "order \"first\" is not a whole number [type-error]", 2),
    ("id,name,color,order,archived,notes\n3,Run,Blue,0,false,\n3,Swim,Red,1,false,\n", "habit id 3 is given twice (records 2 and 3)", 3),
    ("id,name,color,order,archived,notes\n3,Ru\"n,Blue,0,false,\n", "", 2),
    ("id,name,color,order,archived,notes\n3,\"Run,Blue,0,false,\n", "", 2),
  ])
  func habitsTheImporterRefusesAreLocated(_ text: String, _ message: String, _ line: Int) throws {
    let e = try #require(error(try F.everyday(replacing: "habits.csv", with: text)))
    #expect(e.kind == .malformedInput && e.location.file?.hasSuffix("/habits.csv") == true, "\(e)")
    if !message.isEmpty { #expect(e.message == message) }
    #expect(e.location.line == line, "\(e)")
  }

  @Test func theBackupVersionIsRead() throws {
    let none = try #require(error(try F.everyday(replacing: "metadata.txt", with: "version=1\n")))
    #expect(none.kind == .malformedInput && none.message == "metadata.txt has no backup_version line")
    #expect(none.location.file?.hasSuffix("/metadata.txt") == true && none.location.line == 1)
    let bad = try #require(error(try F.everyday(replacing: "metadata.txt", with: "# backup\nbackup_version=one\n")))
    #expect(bad.message == "backup_version \"one\" is not a whole number" && bad.location.line == 2 && bad.location.column == 16)
    // The app refuses a newer backup (BackupVersionTooHigh): so does the reader.
    let newer = try #require(error(try F.everyday(replacing: "metadata.txt", with: "backup_version=2")))
    #expect(newer.kind == .unsupportedVersion && newer.message.hasPrefix("backup version 2 is newer"))
  }

  @Test func anUnknownZoneIsRefused() throws {
    let e = try #require(error(F.folder("everyday"), options: ["timezone": "Mars/Olympus"]))
    #expect(e.kind == .unsupportedOperation && e.message == "unknown time zone \"Mars/Olympus\"")
  }

  /// The archive's members are unpacked within the input's budget (a server's
  /// `--max-unpacked`): a zip over it is refused before its bytes are in memory.
  @Test func theUnpackBudgetHolds() throws {
    let zip = try F.zipped("everyday")
    var context = CodecContext(fileName: zip)
    let input = CodecInput(.file(zip), unpackBudget: UnpackBudget(bytes: 100))
    let e = try #require(codecError { _ = try HabitBuilderCodec().decode(input, context: &context) })
    #expect(e.kind == .malformedInput && e.message.contains("past the 100 bytes its archive may unpack to"), "\(e)")
  }

  @Test func textThatIsNotUTF8IsRefused() throws {
    let zip = try F.zip(try F.members("everyday").map { $0.0 == "habits.csv" ? ($0.0, Array("id,name,color,order,archived,notes\n3,R".utf8) + [0xFF] + Array("n,Blue,0,false,\n".utf8)) : $0 })
    let e = try #require(error(zip))
    #expect(e.message.hasSuffix("[encoding-error]") && e.location.line == 2, "\(e)")
  }

  @Test func notAZipOutputIsRefused() throws {
    let folder = try temporaryFolder("trackport-habitbuilder")
    var context = CodecContext(fileName: "x")
    for output in [CodecOutput(path: folder.appendingPathComponent("backup.json").path), CodecOutput(path: "-"), CodecOutput(.memory(MemoryOutput()))] {
      let e = try #require(codecError { try HabitBuilderCodec().encode(TrackerDataset(), to: output, context: &context) })
      #expect(e.kind == .unsupportedOperation && e.message == "Habit Builder restores a backup from a .zip file")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
  }
}

/// Damaged backups, made by changing the fixture's text byte by byte: each reads, or is refused
/// with a ``CodecError``; nothing else (no crash, no other error).
@Suite struct HabitBuilderDamageTests {
  @Test(arguments: ["habits.csv", "actions.csv", "metadata.txt"])
  func everyDamageIsReadOrRefused(_ member: String) throws {
    let source = HabitBuilderFixtures.folder("everyday")
    let folder = try temporaryFolder("trackport-habitbuilder-damage")
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["habits.csv", "actions.csv", "metadata.txt"] {
      try FileManager.default.copyItem(atPath: source + "/" + name, toPath: folder.appendingPathComponent(name).path)
    }
    let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: source + "/" + member)))
    let target = folder.appendingPathComponent(member)
    let replacements: [[UInt8]] = [[], Array(",".utf8), Array("\"".utf8), [0x0A], [0x0D], [0xC3], Array("-9223372036854775808".utf8),
                                   Array("999999999999999".utf8), Array("=".utf8)]
    var read = 0, refused = 0
    for position in stride(from: 0, to: original.count, by: member == "metadata.txt" ? 1 : 3) {
      for replacement in replacements {
        var bytes = original
        bytes.replaceSubrange(position..<(position + 1), with: replacement)
        try Data(bytes).write(to: target)
        do {
          _ = try decode(HabitBuilderCodec(), path: folder.path, options: ["timezone": "Pacific/Kiritimati"])
          read += 1
        } catch is CodecError {
          refused += 1
        }
      }
    }
    #expect(read > 0 && refused > 0, "\(read) read, \(refused) refused")
  }
}
