import CSVCodec
import Foundation
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

/// What the CSV codec recognises: windows-1251 text only when told, with a hint when not; a
/// package only by its own root.
@Suite struct CSVDetectionTests {
  /// `name\nПривет\n` in windows-1251: one column, not UTF-8.
  static let cp1251: [UInt8] = Array("name\n".utf8) + [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2, 0x0A]
  static let told = ["encoding": "windows-1251"]

  @Test func windows1251IsRecognisedOnlyWithTheEncoding() {
    let codec = CSVCodec()
    #expect(!codec.sniff(Self.cp1251))
    #expect(!codec.sniff(Self.cp1251, options: [:]))
    #expect(!codec.sniff(Self.cp1251, options: ["encoding": "utf-8"]))
    #expect(codec.sniff(Self.cp1251, options: Self.told), "told the encoding, one column is enough")
    #expect(codec.sniff(Self.cp1251, options: ["encoding": "CP1251"]))
    #expect(codec.sniff([0xC8, 0xEC, 0xFF, 0x3B, 0xC4, 0x0A], options: Self.told))
    // Still not JSON, markup, binary or the byte windows-1251 leaves undefined.
    #expect(!codec.sniff(Array("{\"a\": 1}".utf8), options: Self.told))
    #expect(!codec.sniff(Array("<x/>".utf8), options: Self.told))
    #expect(!codec.sniff([0x61, 0x00, 0x62], options: Self.told))
    #expect(!codec.sniff([0x61, 0x98, 0x0A], options: Self.told))
  }

  @Test func oneColumnIsATableOnlyUnderTheNameLabel() {
    let codec = CSVCodec()
    #expect(codec.sniff(Array("name\nRun\nRead\n".utf8)), "a list of tracker names")
    #expect(codec.sniff(Array("\u{FEFF}\"Name\"\r\nRun\r\n".utf8)), "quoted, any case, after a byte order mark")
    #expect(!codec.sniff(Array("just one field\nand another\n".utf8)), "one column of anything else is not claimed")
  }

  @Test func textThatIsNotUTF8GetsTheEncodingHint() {
    let codec = CSVCodec()
    #expect(codec.unrecognisedHint(Self.cp1251, options: [:])?.contains("pass --encoding windows-1251") == true)
    #expect(codec.unrecognisedHint(Self.cp1251, options: Self.told) == nil, "already told")
    #expect(codec.unrecognisedHint(Array("just one field\n".utf8), options: [:]) == nil, "UTF-8: nothing to say")
    #expect(codec.unrecognisedHint([0x00, 0xCF, 0x01], options: [:]) == nil, "binary")
  }

  @Test func theRegistryDetectsWindows1251WithTheEncodingAndHintsWithoutIt() throws {
    let registry = CodecRegistry([CSVCodec()])
    let input = CodecInput(.bytes(Self.cp1251, name: "cp.csv"))
    #expect(try registry.detect(input, options: Self.told).id == "csv")
    #expect {
      try registry.detect(input)
    } throws: { error in
      let e = error as? CodecError
      return e?.kind == .unknownFormat && e?.note?.hasPrefix("it is not UTF-8: for a CSV file in windows-1251") == true
        && e?.note?.contains("pass --encoding windows-1251") == true
    }
  }

  @Test func aPackageIsReadOnlyAtItsRootOrInItsOneTopFolder() throws {
    let folder = NSTemporaryDirectory() + "trackport-csv-detect-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let dataset = TrackerDataset(categories: [TrackerCategory(id: "c", title: "Дом")])
    func write(_ path: String) throws {
      var context = CodecContext(fileName: path)
      try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try CSVCodec().encode(dataset, to: CodecOutput(path: path), context: &context)
    }
    func read(_ path: String) throws -> TrackerDataset {
      var context = CodecContext(fileName: path)
      return try CSVCodec().decode(CodecInput(path: path), context: &context)
    }
    try write(folder + "/top/package")
    #expect(try read(folder + "/top") == dataset, "its one top folder")
    try write(folder + "/side/a")
    try write(folder + "/side/b")
    #expect { try read(folder + "/side") } throws: { error in
      let e = error as? CodecError
      return e?.message.contains("no datapackage.json at the package's root") == true && e?.note?.contains("a/ and b/") == true
    }
    try write(folder + "/deep/x/y")
    try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/deep/notes.txt"))
    #expect { try read(folder + "/deep") } throws: { error in
      let e = error as? CodecError
      return e?.message.contains("no datapackage.json at the package's root") == true && e?.note?.contains("y/") == false
    }
  }
}
