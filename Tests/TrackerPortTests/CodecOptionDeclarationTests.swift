import Foundation
import Testing
import TrackerPort

/// A codec that shows which options it was given: reading puts them in the dataset's extras,
/// writing writes them as `key=value` lines. It takes `r` when reading and `w` when writing.
struct OptionEchoCodec: TrackerCodec {
  static let descriptor = CodecDescriptor(
    id: "echo", name: "Echo", summary: "the options it was given", extensions: ["echo"],
    options: [CodecOption("r", .text, help: "read", reads: true, writes: false),
              CodecOption("w", .choice(["a", "b"]), help: "written", reads: false, writes: true)])

  func decode(_ input: CodecInput, context: inout CodecContext) throws -> TrackerDataset {
    var dataset = TrackerDataset()
    dataset.extras["echo"] = .object(context.options.sorted { $0.key < $1.key }.map { JSONMember($0.key, .string($0.value)) })
    return dataset
  }

  func encode(_ dataset: TrackerDataset, to output: CodecOutput, context: inout CodecContext) throws {
    let lines = context.options.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)\n" }
    try output.write { w in w.write(lines.joined()) }
  }
}

/// The built-in codecs' option declarations: complete, well-formed, enforced.
@Suite struct CodecOptionDeclarationTests {
  /// The source folder of each built-in codec, by id.
  static let sourceFolders = [
    "json": "JSONCodec", "xml": "XMLCodec", "ics": "ICalendarCodec", "habitbull": "HabitBullCodec",
    "loop": "LoopCodec", "tickmate": "TickmateCodec", "habo": "HaboCodec", "harsh": "HarshCodec", "daylio": "DaylioCodec", "streaks": "StreaksCodec", "obsidian": "ObsidianCodec", "org": "OrgCodec", "beaverhabits": "BeaverHabitsCodec",
    "habitica": "HabiticaCodec", "tablehabit": "TableHabitCodec", "habitkit": "HabitKitCodec", "habitbuilder": "HabitBuilderCodec", "tracker-ios": "TrackerIOSCodec", "csv": "CSVCodec",
  ]

  static var writers: [String] { StandardCodecs.all.map(\.descriptor).filter(\.canWrite).map(\.id) }

  func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("options-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func everyDeclarationIsWellFormed() {
    for d in StandardCodecs.all.map(\.descriptor) {
      #expect(Set(d.options.map(\.key)).count == d.options.count, "\(d.id) declares a key twice")
      for o in d.options {
        #expect(CodecOption.isValidKey(o.key), "\(d.id) \(o.key)")
        #expect(o.reads || o.writes, "\(d.id) \(o.key) applies to nothing")
        #expect(!o.reads || d.canRead, "\(d.id) \(o.key) is read but the codec does not read")
        #expect(!o.writes || d.canWrite, "\(d.id) \(o.key) is written but the codec does not write")
        #expect(!o.help.isEmpty, "\(d.id) \(o.key) has no help")
        if case .choice(let words) = o.values { #expect(!words.isEmpty, "\(d.id) \(o.key)") }
        if let value = o.defaultValue { #expect(o.problem(with: value) == nil, "\(d.id) \(o.key)'s default '\(value)'") }
      }
    }
  }

  /// What the source reads is what the descriptor declares, both ways: every literal key a
  /// codec's sources look up (`options["KEY"]`, the only way codecs read options) is declared,
  /// and every declared key is looked up. Reading a key is not something a running codec can be
  /// asked about, so the sources are read; a key read through a variable would escape this,
  /// and none is (the end-to-end tests of each option would then fail: an undeclared key is
  /// refused and never given to the codec).
  @Test func sourcesReadExactlyTheDeclaredKeys() throws {
    let sources = SampleDataTests.root.appendingPathComponent("Sources")
    let pattern = try Regex(#"options\["([a-z][a-z0-9-]*)"\]"#)
    #expect(Set(Self.sourceFolders.keys) == Set(StandardCodecs.all.map(\.descriptor.id)), "a built-in codec is missing here")
    for d in StandardCodecs.all.map(\.descriptor) {
      let folder = sources.appendingPathComponent(try #require(Self.sourceFolders[d.id]))
      var read: Set<String> = []
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        for match in text.matches(of: pattern) {
          if let key = match.output[1].substring { read.insert(String(key)) }
        }
      }
      let declared = Set(d.options.map(\.key))
      #expect(read.subtracting(declared).isEmpty, "\(d.id) reads undeclared options: \(read.subtracting(declared).sorted())")
      #expect(declared.subtracting(read).isEmpty, "\(d.id) declares options it never reads: \(declared.subtracting(read).sorted())")
    }
  }

  /// A value of every declared option's kind passes the host's check for that codec.
  @Test func everyDeclaredOptionIsAccepted() throws {
    for d in StandardCodecs.all.map(\.descriptor) {
      for o in d.options {
        let value: String
        switch o.values {
        case .choice(let words): value = words[words.count - 1]
        case .boolean: value = "true"
        case .date: value = "2026-01-05"
        case .timeZone: value = "Europe/Moscow"
        case .path: value = "template.sqlite"
        case .integer(let low, _): value = String(low)
        case .text: value = "x"
        }
        #expect(throws: Never.self, "\(d.id) \(o.key)") {
          try CodecDescriptor.checkOptions([o.key: value], reading: o.reads ? [d] : [], writing: o.writes ? [d] : [])
        }
      }
    }
  }

  /// The issue's promise: for every writing codec, a key neither codec takes stops the
  /// conversion before anything is written, naming the key and both codecs.
  @Test(arguments: writers)
  func anUnknownOptionIsRefusedByEveryWriter(_ id: String) throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // Named as the format names its files: a writer may refuse another name (Habit Builder, not a .zip).
    let d = try StandardCodecs.registry.codec(id: id).descriptor
    let output = folder.appendingPathComponent("out." + (d.extensions.first ?? d.sniffedExtensions.first ?? id)).path
    let conversion = Conversion(input: SampleDataTests.root.appendingPathComponent("SampleData/demo.trackport.json").path,
                                output: output, to: id, options: ["emial": "me@example.org"])
    do {
      _ = try conversion.run()
      Issue.record("\(id) accepted an unknown option")
    } catch let error as CodecError {
      #expect(error.kind == .unknownOption, "\(id): \(error)")
      #expect(error.message == "unknown option 'emial': not an option of reading json or writing \(id)")
      #expect(error.note?.contains("writing \(id) takes") == true, "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: output))
  }

  /// Each codec is given only the options it declares for what it does.
  @Test func eachCodecIsGivenItsOwnOptions() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = folder.appendingPathComponent("in.echo").path
    try Data().write(to: URL(fileURLWithPath: input))
    var registry = StandardCodecs.registry
    try registry.register(OptionEchoCodec())

    let output = folder.appendingPathComponent("out.echo").path
    _ = try Conversion(input: input, output: output, options: ["r": "1", "w": "b"]).run(registry: registry)
    #expect(try String(contentsOfFile: output, encoding: .utf8) == "w=b\n")

    let read = try DatasetFile.load(input, registry: registry, options: ["r": "1"])
    #expect(read.dataset.extras["echo"] == .object([JSONMember("r", .string("1"))]))

    do {
      _ = try DatasetFile.load(input, registry: registry, options: ["w": "a"])
      Issue.record("a writing option was accepted for reading")
    } catch let error as CodecError {
      #expect(error.kind == .unknownOption)
      #expect(error.note?.contains("echo takes w only when writing") == true, "\(error)")
    }
    do {
      _ = try Conversion(input: input, output: folder.appendingPathComponent("again.echo").path, options: ["w": "c"]).run(registry: registry)
      Issue.record("a value outside the choice was accepted")
    } catch let error as CodecError {
      #expect(error.kind == .unsupportedOperation)
      #expect(error.message == "Echo option w: 'c' is not 'a' or 'b'")
    }
  }
}
