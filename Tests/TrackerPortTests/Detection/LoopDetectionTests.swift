import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// A folder or zip is a Loop export only by its own members: `Habits.csv` at its root, or in its
/// one top folder; never one found by searching below it.
@Suite struct LoopDetectionTests {
  /// A small export's files, under `prefix`.
  static func export(_ prefix: String = "") -> [String: String] {
    [prefix + "Habits.csv": "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Meditate,,,1,1,#D32F2F\n",
     prefix + "001 Meditate/Checkmarks.csv": "2015-01-25,2\n2015-01-24,0\n"]
  }

  /// A folder holding `files`, in a fresh temporary folder; returns the folder's path.
  static func folder(_ files: [String: String]) throws -> String {
    let root = try Loop.temporaryFolder().appendingPathComponent("in")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (name, text) in files {
      let url = root.appendingPathComponent(name)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return root.path
  }

  /// `folder`'s contents zipped (by the `zip` tool) into `in.zip` beside it.
  static func zipped(_ folder: String) throws -> String {
    let zip = URL(fileURLWithPath: folder).deletingLastPathComponent().appendingPathComponent("in.zip").path
    let tool = try #require(CLI.tool("zip"), "zip is a test dependency")
    #expect(try CLI.run(["-q", "-r", zip, "."], in: URL(fileURLWithPath: folder), executable: tool).status == 0)
    return zip
  }

  static func detectionError(_ path: String) -> CodecError? {
    codecError { _ = try StandardCodecs.registry.detect(CodecInput(path: path)) }
  }

  @Test func anExportAtTheRootOrInTheOneTopFolderIsDetectedAndRead() throws {
    for files in [Self.export(), Self.export("Loop Habits CSV 2015-01-25/")] {
      let path = try Self.folder(files)
      defer { Loop.removeFolder(of: path) }
      #expect(try StandardCodecs.registry.detect(CodecInput(path: path)).id == "loop")
      #expect(try Loop.decode(path).0.trackers.map(\.name) == ["Meditate"])
      let zip = try Self.zipped(path)
      #expect(try StandardCodecs.registry.detect(CodecInput(path: zip)).id == "loop")
      #expect(try Loop.decode(zip).0.trackers.map(\.name) == ["Meditate"])
    }
  }

  @Test func anExportTwoLevelsDownIsNotALoopExport() throws {
    let path = try Self.folder(Self.export("downloads/old/").merging(["notes.txt": "x"]) { a, _ in a })
    defer { Loop.removeFolder(of: path) }
    let error = try #require(Self.detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(!error.message.contains("Loop"), "nothing two levels down is looked at")
    #expect { try Loop.decode(path) } throws: { error in
      let e = error as? CodecError
      return e?.kind == .malformedInput && e?.message.contains("no Habits.csv at its root") == true
    }
  }

  @Test func anExportBesideOtherFilesIsNamedNotRead() throws {
    let path = try Self.folder(Self.export("mine/").merging(["notes.txt": "x"]) { a, _ in a })
    defer { Loop.removeFolder(of: path) }
    let error = try #require(Self.detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("Loop Habit Tracker data below its root, in mine/"))
    #expect(error.note?.contains(path + "/mine") == true)
  }

  @Test func twoExportsSideBySideAreAnAmbiguityNamingBoth() throws {
    let path = try Self.folder(Self.export("a/").merging(Self.export("b/")) { a, _ in a })
    defer { Loop.removeFolder(of: path) }
    let error = try #require(Self.detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("a/ (Loop Habit Tracker), b/ (Loop Habit Tracker)"))
    // Named as the format, it is not read silently either.
    #expect { try Loop.decode(path) } throws: { error in
      let e = error as? CodecError
      return e?.kind == .malformedInput && e?.note?.contains("a/ and b/") == true
    }
    // Zipped, the archive has two top folders: the same.
    let zip = try Self.zipped(path)
    let zipError = try #require(Self.detectionError(zip))
    #expect(zipError.message.contains("zip archive holds 2 packages"))
    #expect(zipError.message.contains("a/ (Loop Habit Tracker), b/ (Loop Habit Tracker)"))
  }

  @Test func aFolderThatLooksLikeACSVPackageAndALoopExportIsAnAmbiguity() throws {
    let path = try Self.folder(Self.export().merging(["datapackage.json": "{}", "trackers.csv": "id,name\n"]) { a, _ in a })
    defer { Loop.removeFolder(of: path) }
    let error = try #require(Self.detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("Loop Habit Tracker") && error.message.contains("CSV"))
    #expect(error.note?.contains("--from loop or --from csv") == true)
  }
}

/// Among every built-in codec, Loop's backups are Loop's (moved from LoopExportTests).
@Suite(.enabled(if: Loop.haveFixtures, "the shared Loop fixtures are not there"))
struct LoopRegistryDetectionTests {
  @Test func detectionClaimsLoopBackupsOnly() throws {
    let registry = StandardCodecs.registry
    #expect(try registry.detect(CodecInput(path: Loop.fixture("loop.db"))).descriptor.id == "loop")
    #expect(try registry.detect(CodecInput(path: Loop.fixture("csv_export"))).descriptor.id == "loop")
    #expect(!LoopCodec().sniff(Array(try Data(contentsOf: URL(fileURLWithPath: Loop.fixture("tickmate.db"))).prefix(65_536))))
    #expect(!LoopCodec().sniff(Array(try Data(contentsOf: URL(fileURLWithPath: Loop.fixture("rewire.db"))).prefix(65_536))))
    #expect(try registry.detectOutput(CodecOutput(path: "/tmp/backup.db")).descriptor.id == "loop")
  }
}
