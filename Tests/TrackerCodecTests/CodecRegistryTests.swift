import Testing
import TrackerCodec
import TrackerModel

/// A codec that stores a dataset as the line `LINES <tracker names joined by |>`, enough to
/// exercise the registry and the I/O plumbing without a real format.
struct LinesCodec: TrackerCodec {
  static let descriptor = CodecDescriptor(
    id: "lines", name: "Lines", summary: "test format", extensions: ["lines.txt"],
    sniffedExtensions: ["txt"], cannotCarry: [.records, .tasks])

  func sniff(_ head: [UInt8]) -> Bool { head.starts(with: Array("LINES ".utf8)) }

  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    let text = try input.withBytes { String(decoding: $0, as: UTF8.self) }
    guard text.hasPrefix("LINES ") else {
      throw CodecError(.malformedInput, "expected LINES", location: SourceLocation(file: context.fileName, line: 1, column: 1))
    }
    let names = text.dropFirst(6).split(separator: "|").map(String.init)
    return TrackerDataset(trackers: names.enumerated().map {
      Tracker(id: "\($0.offset)", kind: .habit, name: $0.element, categoryId: "c", emoji: nil, color: nil, schedule: [.mon])
    })
  }

  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    try output.write { $0.write("LINES " + dataset.trackers.map(\.name).joined(separator: "|")) }
  }
}

struct OtherTextCodec: TrackerCodec {
  static let descriptor = CodecDescriptor(
    id: "other", name: "Other", summary: "another test format", extensions: [], sniffedExtensions: ["txt"])
  func sniff(_ head: [UInt8]) -> Bool { head.starts(with: Array("OTHER".utf8)) }
  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset { TrackerDataset() }
  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {}
}

@Suite struct CodecRegistryTests {
  let registry = CodecRegistry([OtherTextCodec(), LinesCodec()])

  @Test func findsCodecsByIdCaseInsensitively() throws {
    #expect(try registry.codec(id: "LINES").descriptor.id == "lines")
  }

  @Test func unknownIdListsTheKnownOnes() {
    #expect {
      try registry.codec(id: "yaml")
    } throws: { error in
      let e = error as? CodecError
      return e?.kind == .unknownCodec && (e?.note?.contains("other, lines") ?? false)
    }
  }

  @Test func extensionClaimedOutrightWinsWithoutReading() throws {
    // The file does not exist: detection by a claimed ending never opens it.
    let codec = try registry.detect(CodecInput(path: "/nonexistent/me.lines.txt"))
    #expect(codec.descriptor.id == "lines")
  }

  @Test func sharedExtensionIsDecidedByContent() throws {
    let lines = CodecInput(.bytes(Array("LINES a|b".utf8), name: "x.txt"))
    let other = CodecInput(.bytes(Array("OTHER".utf8), name: "x.txt"))
    #expect(try registry.detect(lines).descriptor.id == "lines")
    #expect(try registry.detect(other).descriptor.id == "other")
  }

  @Test func unrecognisedContentIsALocatedError() {
    let input = CodecInput(.bytes(Array("hello".utf8), name: "notes.md"))
    #expect {
      try registry.detect(input)
    } throws: { error in
      let e = error as? CodecError
      return e?.kind == .unknownFormat && e?.location.file == "notes.md"
    }
  }

  @Test func aTakenIdIsRefusedNotShadowed() {
    var registry = self.registry
    #expect(throws: CodecError.self) { try registry.register(LinesCodec()) }
    #expect(registry.codecs.count == 2)
  }

  @Test func outputFormatComesFromTheName() throws {
    #expect(try registry.detectOutput(CodecOutput(path: "out.lines.txt")).descriptor.id == "lines")
    #expect(throws: CodecError.self) { try registry.detectOutput(CodecOutput(path: "out.xyz")) }
  }

  @Test func lossReportNamesEachDroppedField() {
    let dataset = TrackerDataset(
      trackers: [Tracker(id: "t", kind: .habit, name: "Run", categoryId: "c", emoji: "🙂", color: "#FD4C49", schedule: [.mon])],
      records: [TrackerRecord(trackerId: "t", date: LocalDate("2026-01-05")!),
                TrackerRecord(trackerId: "t", date: LocalDate("2026-01-12")!)])
    let losses = LossReport.diagnostics(writing: dataset, as: LinesCodec.descriptor, to: "out.lines.txt")
    #expect(losses.map(\.location.pointer) == ["/records"])
    #expect(losses.first?.message.contains("2 item(s)") == true)
    #expect(losses.first?.code == "dropped-field")
  }
}
