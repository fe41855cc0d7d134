import Foundation
import Testing
import TrackerCodec
import TrackerModel
import ZIPFoundation

/// A codec whose files are packages holding `names.txt`.
struct NamesPackageCodec: TrackerCodec {
  static let descriptor = CodecDescriptor(id: "names", name: "Names", summary: "test package",
                                          extensions: [], sniffedExtensions: ["zip"])
  func sniffPackage(_ members: [String]) -> Bool { members.contains { $0.hasSuffix("names.txt") } }
  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let text = try input.member("names.txt").withBytes { String(decoding: $0, as: UTF8.self) }
    return TrackerDataset(categories: text.split(separator: "\n").map { TrackerCategory(id: String($0), title: String($0)) })
  }
  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.writePackage(memberSuffixes: [".txt", ".md"]) { package in
      try package.member("names.txt") { w in w.write(dataset.categories.map(\.title).joined(separator: "\n")) }
      try package.member("nested/readme.md") { w in w.write("# names") }
    }
  }
}

@Suite struct PackageTests {
  let folder: String
  let dataset = TrackerDataset(categories: [TrackerCategory(id: "a", title: "Домашний уют"), TrackerCategory(id: "b", title: "Work")])

  init() throws {
    folder = NSTemporaryDirectory() + "trackport-package-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  private func roundTrip(_ path: String) throws -> TrackerDataset {
    var context = CodecContext(fileName: path)
    try NamesPackageCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    let registry = CodecRegistry([NamesPackageCodec()])
    let codec = try registry.detect(CodecInput(path: path))
    return try codec.decode(CodecInput(path: path), context: &context)
  }

  @Test func aFolderPackageRoundTrips() throws {
    let path = folder + "/out"
    #expect(try roundTrip(path).categories.map(\.title) == ["Домашний уют", "Work"])
    #expect(try CodecInput(path: path).members() == ["names.txt", "nested/readme.md"])
    #expect(try CodecInput(path: path).packageKind() == .folder)
  }

  @Test func aZipPackageRoundTripsAndNamesItsMembers() throws {
    let path = folder + "/out.zip"
    #expect(try roundTrip(path).categories.map(\.id) == ["Домашний уют", "Work"])
    let input = CodecInput(path: path)
    #expect(try input.packageKind() == .zip)
    #expect(try input.member("readme.md").displayName == path + "/nested/readme.md")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
  }

  @Test func anExistingPackageIsReplacedOnlyWithForce() throws {
    let path = folder + "/out"
    var context = CodecContext(fileName: path)
    try NamesPackageCodec().encode(TrackerDataset(), to: CodecOutput(path: path), context: &context)
    #expect {
      try NamesPackageCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    } throws: { ($0 as? CodecError)?.kind == .cannotCreateOutput }
    try NamesPackageCodec().encode(dataset, to: CodecOutput(path: path + "/", overwrite: true), context: &context)
    #expect(try CodecInput(path: path).members() == ["names.txt", "nested/readme.md"])
    #expect(try String(contentsOfFile: path + "/names.txt", encoding: .utf8) == "Домашний уют\nWork")
    // No staging or set-aside folder is left behind.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out"])
  }

  @Test func aFolderOfTheUsersOwnIsNeverReplacedEvenWithForce() throws {
    let path = folder + "/Documents"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try "keep".write(toFile: path + "/mine.txt", atomically: true, encoding: .utf8)
    try "thesis".write(toFile: path + "/thesis.odt", atomically: true, encoding: .utf8)
    var context = CodecContext(fileName: path)
    #expect {
      try NamesPackageCodec().encode(dataset, to: CodecOutput(path: path, overwrite: true), context: &context)
    } throws: { error in
      (error as? CodecError)?.kind == .cannotCreateOutput && "\(error)".contains("thesis.odt")
    }
    #expect(FileManager.default.fileExists(atPath: path + "/thesis.odt"))
  }

  @Test func aFolderHoldingAnInputIsNeverReplaced() throws {
    let path = folder + "/out"
    var context = CodecContext(fileName: path)
    try NamesPackageCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    let input = path + "/names.txt"
    #expect {
      try NamesPackageCodec().encode(self.dataset, to: CodecOutput(path: path, overwrite: true, protectedPaths: [input]), context: &context)
    } throws: { error in
      (error as? CodecError)?.kind == .cannotCreateOutput && "\(error)".contains("holds an input")
    }
    #expect(FileManager.default.fileExists(atPath: input))
  }

  @Test func aSymbolicLinkIsNotReplacedByAFolder() throws {
    let target = folder + "/real"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: target)
    var context = CodecContext(fileName: folder + "/link")
    #expect {
      try NamesPackageCodec().encode(self.dataset, to: CodecOutput(path: self.folder + "/link", overwrite: true), context: &context)
    } throws: { ($0 as? CodecError)?.kind == .cannotCreateOutput }
  }

  @Test func archivesEscapingTheirRootOrRepeatingANameAreRefused() throws {
    let path = folder + "/evil.zip"
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    let data = Data("x".utf8)
    try archive.addEntry(with: "../escape.txt", type: .file, uncompressedSize: Int64(data.count)) { position, size in
      data.subdata(in: Int(position)..<Int(position) + size)
    }
    #expect {
      try CodecInput(path: path).members()
    } throws: { ($0 as? CodecError)?.kind == .malformedInput }
  }

  @Test func aMemberClaimingMoreThanItsCompressedBytesCanHoldIsRefusedUnread() throws {
    // Found by Fuzz/run (loop-csv): a 2 KB archive whose member claimed 2.6 GB made the reader
    // reserve that much memory before unpacking a byte.
    let path = folder + "/claims.zip"
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    let data = Data("a,b\n1,2\n".utf8)
    try archive.addEntry(with: "a.csv", type: .file, uncompressedSize: Int64(data.count)) { position, size in
      data.subdata(in: Int(position)..<Int(position) + size)
    }
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    // The uncompressed size, in the local header (offset 22) and the central directory (24).
    for (signature, offset) in [([0x50, 0x4B, 0x03, 0x04], 22), ([0x50, 0x4B, 0x01, 0x02], 24)] as [([UInt8], Int)] {
      let start = try #require((0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == signature })
      bytes.replaceSubrange(start + offset..<start + offset + 4, with: [0x00, 0x65, 0xCD, 0x1D])
    }
    #expect {
      try CodecInput(.bytes(bytes, name: "claims.zip")).member("a.csv")
    } throws: { error in
      guard let error = error as? CodecError else { return false }
      return error.kind == .malformedInput && error.message.contains("claims 500000000 bytes, more than its")
    }
  }

  /// With a budget (the server's `--max-unpacked`), the members of one archive unpack to at
  /// most that much together: the member that would pass it is refused before it is unpacked.
  @Test func membersTogetherStayWithinTheUnpackBudget() throws {
    let path = folder + "/two.zip"
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    let data = Data(repeating: UInt8(ascii: "a"), count: 600_000)
    for name in ["a.csv", "b.csv"] {
      try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(bytes.count < 10_000)
    let input = CodecInput(.bytes(bytes, name: "two.zip"), unpackBudget: UnpackBudget(bytes: 1_000_000))
    let first = try input.member("a.csv")
    guard case .bytes(let unpacked, _) = first.source else { Issue.record("a member is bytes"); return }
    #expect(unpacked.count == 600_000)
    #expect {
      try input.member("b.csv")
    } throws: { error in
      guard let error = error as? CodecError else { return false }
      return error.kind == .malformedInput && error.message.contains("b.csv claims 600000 bytes, past the 1000000 bytes")
    }
    // Without a budget, only the per-member cap applies.
    #expect(throws: Never.self) { try CodecInput(.bytes(bytes, name: "two.zip")).member("b.csv") }
  }

  @Test func anInputFolderIsNeverReplaced() throws {
    let path = folder + "/in"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    var context = CodecContext(fileName: path)
    #expect {
      try NamesPackageCodec().encode(self.dataset, to: CodecOutput(path: path + "/.", overwrite: true, protectedPaths: [path]), context: &context)
    } throws: { ($0 as? CodecError)?.kind == .cannotCreateOutput }
  }

  @Test func aPackageCannotGoToStandardOutput() {
    var context = CodecContext(fileName: "-")
    #expect {
      try NamesPackageCodec().encode(self.dataset, to: CodecOutput(path: "-"), context: &context)
    } throws: { ($0 as? CodecError)?.kind == .unsupportedOperation }
  }

  @Test func missingAndDamagedMembersAreLocatedErrors() throws {
    let path = folder + "/out.zip"
    _ = try roundTrip(path)
    #expect {
      try CodecInput(path: path).member("records.csv")
    } throws: { error in
      let e = error as? CodecError
      return e?.kind == .cannotReadInput && e?.location.file == path && (e?.note?.contains("names.txt") ?? false)
    }
    let broken = folder + "/broken.zip"
    try Data([0x50, 0x4B, 0x03, 0x04, 1, 2, 3]).write(to: URL(fileURLWithPath: broken))
    #expect {
      try CodecInput(path: broken).members()
    } throws: { ($0 as? CodecError)?.kind == .malformedInput }
  }

  @Test func anUnknownPackageIsAnUnknownFormat() throws {
    let path = folder + "/other"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    try "x".write(toFile: path + "/photo.jpg", atomically: true, encoding: .utf8)
    #expect {
      try CodecRegistry([NamesPackageCodec()]).detect(CodecInput(path: path))
    } throws: { error in
      let e = error as? CodecError
      return e?.kind == .unknownFormat && (e?.note?.contains("photo.jpg") ?? false)
    }
  }
}
