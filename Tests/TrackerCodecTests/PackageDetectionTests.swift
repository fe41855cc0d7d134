import Foundation
import Testing
import TrackerCodec
import TrackerModel
import ZIPFoundation

/// A second package format, whose packages hold `notes.txt`, to make two formats claim one root.
struct NotesPackageCodec: TrackerCodec {
  static let descriptor = CodecDescriptor(id: "notes", name: "Notes", summary: "test package", extensions: [])
  func sniffPackage(_ members: [String]) -> Bool { members.contains("notes.txt") }
  var packageContents: String? { "notes.txt (a notes package)" }
  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset { TrackerDataset() }
  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {}
}

/// A folder or zip is a package only by its own members (at its root, or in its one top
/// folder), never by searching below; two candidates are an error naming both.
@Suite final class PackageDetectionTests {
  let folder: String
  let registry = CodecRegistry([NamesPackageCodec(), NotesPackageCodec()])

  init() throws {
    folder = NSTemporaryDirectory() + "trackport-detect-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  /// Each test has its folder; it goes when the test ends.
  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// Writes `files` (paths relative to `root`, under the test's folder) and returns `root`'s path.
  private func make(_ root: String, _ files: [String]) throws -> String {
    let base = folder + "/" + root
    try FileManager.default.createDirectory(atPath: base, withIntermediateDirectories: true)
    for file in files {
      let path = base + "/" + file
      try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try Data("x".utf8).write(to: URL(fileURLWithPath: path))
    }
    return base
  }

  /// A zip archive at `name` holding `files`.
  private func zip(_ name: String, _ files: [String]) throws -> String {
    let path = folder + "/" + name
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    let data = Data("x".utf8)
    for file in files {
      try archive.addEntry(with: file, type: .file, uncompressedSize: Int64(data.count)) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return path
  }

  private func detectionError(_ path: String) -> CodecError? {
    do {
      _ = try registry.detect(CodecInput(path: path))
      return nil
    } catch {
      return error as? CodecError
    }
  }

  @Test func theRootOrItsOneTopFolderIsThePackage() throws {
    #expect(try registry.detect(CodecInput(path: make("flat", ["names.txt", "other.md"]))).id == "names")
    let top = try make("top", ["export/names.txt", "export/nested/readme.md", ".DS_Store"])
    #expect(try CodecInput(path: top).packageRoot() == "export/")
    #expect(try registry.detect(CodecInput(path: top)).id == "names")
    let zipped = try zip("top.zip", ["export/names.txt", "__MACOSX/export/._names.txt"])
    #expect(try registry.detect(CodecInput(path: zipped)).id == "names")
  }

  @Test func entriesAreListedOneLevelOnly() throws {
    let path = try make("tree", ["a.txt", "sub/b.txt", "sub/deeper/c.txt", ".hidden/d.txt"])
    #expect(try CodecInput(path: path).packageEntries() == ["a.txt", "sub/"])
    #expect(try CodecInput(path: path).packageEntries("sub/") == ["b.txt", "deeper/"])
    #expect(try CodecInput(path: path).packageRoot() == "")
  }

  @Test func aPackageTwoLevelsDownIsNotTheFolders() throws {
    let path = try make("deep", ["readme.md", "a/b/names.txt"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.note?.contains("names.txt") != true, "nothing two levels down is named or read")
  }

  @Test func aPackageOneLevelDownIsNamedNotRead() throws {
    let path = try make("one", ["readme.md", "export/names.txt"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("Names data below its root, in export/"))
    #expect(error.note?.contains(path + "/export") == true)
  }

  @Test func twoPackagesSideBySideAreAnAmbiguityNamingBoth() throws {
    let path = try make("side", ["a/names.txt", "b/names.txt"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("2 packages"))
    #expect(error.message.contains("a/ (Names)") && error.message.contains("b/ (Names)"))
    #expect(error.note?.contains(path + "/a or " + path + "/b") == true)
  }

  @Test func aZipWithTwoTopFoldersIsAnAmbiguityNamingBoth() throws {
    let path = try zip("two.zip", ["first/names.txt", "second/notes.txt"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("zip archive holds 2 packages"))
    #expect(error.message.contains("first/ (Names)") && error.message.contains("second/ (Notes)"))
  }

  @Test func aRootTwoFormatsClaimIsAnAmbiguityNamingBoth() throws {
    let path = try make("both", ["names.txt", "notes.txt"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message.contains("Names") && error.message.contains("Notes"))
    #expect(error.note == "name the format with --from names or --from notes")
  }

  @Test func anEmptyFolderSaysSoAndWhatAPackageHolds() throws {
    let path = try make("empty", [".DS_Store"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message == "no format reads an empty folder")
    #expect(error.note?.hasPrefix("it is empty; ") == true)
    #expect(error.note?.contains("notes.txt (a notes package)") == true)
  }

  @Test func anUnknownFolderListsTheFirstEntriesAndTheirCount() throws {
    let path = try make("photos", (1...10).map { "photo\($0).jpg" } + ["album/cover.jpg"])
    let error = try #require(detectionError(path))
    #expect(error.kind == .unknownFormat)
    #expect(error.message == "no format recognises this folder")
    #expect(error.note?.hasPrefix("it holds 11 entries: album/, photo1.jpg, photo10.jpg,") == true)
    #expect(error.note?.contains(", …; ") == true)
    #expect(error.note?.contains("cover.jpg") == false)
  }
}
