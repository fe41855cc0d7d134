import Foundation
import Testing
import TrackerCodec
import TrackerModel

/// `ForeignJSON(deferring:)`: arrays under the named members are checked when the document is
/// read and built only when read, and nothing a reader sees differs from reading it whole.
@Suite struct ForeignJSONDeferredTests {
  static let sample = """
    {"user": {"history": {"exp": [{"date": 1, "value": 2}]}},
     "tasks": {"habits": [
       {"id": "a", "history": [{"date": 1600000000000, "value": 1.5, "scoredUp": 1}, null, {"date": "x"}]},
       {"id": "b", "history": []},
       {"id": "c", "nested": {"history": [[1, [2, {"history": [3]}]], "s\\u00e9\\n"]}},
       {"id": "d", "history": "not an array", "other": [1]}
     ]}}
    """

  private func read(_ text: String, deferring: Set<String>) -> Result<JSONValue, CodecError> {
    Result {
      let document = try ForeignJSON(bytes: Array(text.utf8), fileName: "in.json", format: "an export", deferring: deferring)
      return try Self.built(document.top)
    }.mapError { $0 as! CodecError }
  }

  /// The value as a reader sees it through members and elements.
  static func built(_ value: ForeignJSONValue) throws -> JSONValue {
    switch value.value {
    case .object: .object(try value.members().map { JSONMember($0.key, try built($0.value)) })
    case .array: .array(try value.elements().map { try built($0) })
    default: value.value
    }
  }

  @Test func aReaderSeesTheSameValuesWithAndWithoutDeferring() throws {
    let whole = try read(Self.sample, deferring: []).get()
    let deferred = try read(Self.sample, deferring: ["history"]).get()
    #expect(deferred == whole)
    // And the tree itself holds null where an array was deferred, not where a string was.
    let document = try ForeignJSON(bytes: Array(Self.sample.utf8), fileName: "in.json", format: "x", deferring: ["history"])
    let habits = try #require(document.top.member("tasks")?.member("habits")).elements()
    #expect(habits[0].value["history"] == .null)
    #expect(habits[3].value["history"] == .string("not an array"))
    #expect(try habits[0].required("history").elements().count == 3)
    #expect(document.top.member("user")?.member("history")?.member("exp") != nil, "an object under the name is built")
  }

  @Test func aWrongValueInADeferredArrayIsPlacedAtItsPointer() throws {
    let document = try ForeignJSON(bytes: Array(Self.sample.utf8), fileName: "in.json", format: "x", deferring: ["history"])
    let history = try #require(document.top.member("tasks")?.member("habits")?.elements()[0].member("history"))
    #expect(history.pointer == "/tasks/habits/0/history")
    let date = try #require(history.elements()[2].member("date"))
    #expect(date.pointer == "/tasks/habits/0/history/2/date")
    let failure = try #require(throws: CodecError.self) { _ = try date.int() }
    #expect(failure.location.line == 3)
    #expect(failure.location.column == 97)
    #expect(failure.message.contains("/tasks/habits/0/history/2/date"))
  }

  /// Every way of breaking the sample (each byte dropped, or replaced by a character that
  /// matters to JSON) reads or fails the same with and without deferring: the same value, or
  /// the same message at the same line and column.
  @Test func brokenDocumentsFailTheSameWithAndWithoutDeferring() {
    let bytes = Array(Self.sample.utf8)
    let replacements: [UInt8] = Array("\"\\,:[]{}0-e.nu ".utf8) + [0x01]
    var variants: [[UInt8]] = []
    for index in bytes.indices {
      var dropped = bytes
      dropped.remove(at: index)
      variants.append(dropped)
      for byte in replacements where byte != bytes[index] {
        var changed = bytes
        changed[index] = byte
        variants.append(changed)
      }
    }
    var failures = 0
    for variant in variants {
      let text = String(decoding: variant, as: UTF8.self)
      let whole = read(text, deferring: [])
      let deferred = read(text, deferring: ["history"])
      switch (whole, deferred) {
      case (.success(let a), .success(let b)):
        #expect(a == b, "\(text)")
      case (.failure(let a), .failure(let b)):
        failures += 1
        #expect(a.message == b.message && a.location == b.location, "\(text): \(a.message) / \(b.message)")
      default:
        Issue.record("one read and one failed: \(text)")
      }
    }
    #expect(failures > variants.count / 2, "most variants are broken")
  }

  @Test func aRepeatedKeyOrTooDeepANestingInADeferredArrayFailsAsWhole() {
    let repeated = #"{"history": [{"a": 1, "b": 2, "a": 3}]}"#
    let many = #"{"history": [{"# + (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ") + #", "k7": 1}]}"#
    let escaped = #"{"history": [{"a": 1, "\u0061": 2}]}"#
    let deep = #"{"history": "# + String(repeating: "[", count: 600) + String(repeating: "]", count: 600) + "}"
    for text in [repeated, many, escaped, deep] {
      let whole = read(text, deferring: [])
      let deferred = read(text, deferring: ["history"])
      guard case .failure(let a) = whole, case .failure(let b) = deferred else {
        Issue.record("expected both to fail: \(text.prefix(60))")
        continue
      }
      #expect(a.message == b.message && a.location == b.location, "\(a.message) / \(b.message)")
    }
  }

  /// A mapped file of several megabytes hands its pages back as it is read (the deferred
  /// arrays, the locator's walk, the count of lines and columns): every value and every place
  /// is the same as from bytes in memory, also when asked a second time.
  @Test func aMappedFileReadsTheSameAfterItsPagesAreHandedBack() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trackport-deferred-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    // 400 tasks of 300 entries, one line of about 9 MB, and a line feed in the middle.
    let tasks = (0..<400).map { t in
      #"{"id": "t\#(t)", "history": ["# + (0..<300).map { #"{"date": \#(1_600_000_000_000 + $0 * 86_400_000), "value": \#(t).5}"# }
        .joined(separator: ", ") + "]}" + (t == 200 ? "\n" : "")
    }
    let text = #"{"tasks": ["# + tasks.joined(separator: ", ") + "]}"
    let path = folder.appendingPathComponent("big.json").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    let mapped = try ForeignJSON(CodecInput(path: path), fileName: "big.json", format: "x", deferring: ["history"])
    let inMemory = try ForeignJSON(bytes: Array(text.utf8), fileName: "big.json", format: "x")
    let pointers: Set<String> = ["/tasks/399/history/299/value", "/tasks/0/id", "/tasks/250/history/7", "/tasks/201/id"]
    let expected = inMemory.locator.locate(pointers)
    #expect(expected.count == 4)
    #expect(expected["/tasks/250/history/7"]?.line == 2)
    #expect(mapped.locator.locate(pointers) == expected)
    let read = try Self.built(mapped.top)
    #expect(read == inMemory.root)
    #expect(mapped.locator.locate(pointers) == expected, "asked again, after every page was handed back")
  }
}
