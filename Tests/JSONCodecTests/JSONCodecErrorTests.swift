import JSONCodec
import Testing
import TrackerTestSupport
import TrackerCodec
import TrackerModel

@Suite struct JSONCodecErrorTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var input: [UInt8]
    var kind: CodecError.Kind = .malformedInput
    var line: Int
    var column: Int
    var message: String
    var pointer: String?
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ message: String,
         kind: CodecError.Kind = .malformedInput, pointer: String? = nil) {
      self.init(name, Array(text.utf8), line, column, message, kind: kind, pointer: pointer)
    }

    init(_ name: String, _ input: [UInt8], _ line: Int, _ column: Int, _ message: String,
         kind: CodecError.Kind = .malformedInput, pointer: String? = nil) {
      self.name = name
      self.input = input
      self.kind = kind
      self.line = line
      self.column = column
      self.message = message
      self.pointer = pointer
    }
  }

  static let tracker = #""id": "t", "kind": "habit", "name": "n", "categoryId": "c""#

  static let cases: [Case] = [
    Case("empty input", "", 1, 1, "unexpected end of input"),
    Case("truncated", "{\n  \"trackport\": 1,\n  \"trackers\": [", 3, 16, "unexpected end of input", pointer: "/trackers"),
    Case("truncated record", #"{"trackport": 1, "records": [{"trackerId": "t""#, 1, 47, "unexpected end of input",
         pointer: "/records/0"),
    Case("bad escape", #"{"trackport": 1, "x": "a\qb"}"#, 1, 25, "invalid escape in string", pointer: "/x"),
    Case("bad escape deep in an unknown value", #"{"trackport": 1, "x": [0, {"a~b": "\q"}]}"#, 1, 36,
         "invalid escape in string", pointer: "/x/1/a~0b"),
    Case("invalid UTF-8", Array(#"{"trackport": 1, "x": "é"#.utf8) + [0xFF] + Array(#""}"#.utf8), 1, 25, "invalid UTF-8",
         pointer: "/x"),
    Case("overlong UTF-8", Array(#"{"trackport": 1, "x": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), 1, 24, "invalid UTF-8",
         pointer: "/x"),
    Case("invalid UTF-8 outside strings", Array(#"{"trackport": 1, "#.utf8) + [0xFE], 1, 18, "invalid UTF-8", pointer: ""),
    Case("wrong type", #"{"trackport": 1, "trackers": [{\#(tracker), "pinned": "yes"}]}"#, 1, 102,
         #""pinned" must be a boolean (true or false), not a string"#, pointer: "/trackers/0/pinned"),
    Case("unknown weekday", #"{"trackport": 1, "trackers": [{\#(tracker), "schedule": ["mon", "funday"]}]}"#, 1, 112,
         #""schedule" items must be weekdays (mon tue wed thu fri sat sun), not "funday""#, pointer: "/trackers/0/schedule/1"),
    Case("impossible day", #"{"trackport": 1, "records": [{"trackerId": "t", "date": "2026-02-30"}]}"#, 1, 57,
         #""date" must be a day that exists, written YYYY-MM-DD, not "2026-02-30""#, pointer: "/records/0/date"),
    Case("unknown kind", #"{"trackport": 1, "trackers": [{"id": "t", "kind": "chore", "name": "n", "categoryId": "c"}]}"#, 1, 51,
         #""kind" must be "habit" or "event", not "chore""#, pointer: "/trackers/0/kind"),
    Case("unknown version", #"{"trackport": 4}"#, 1, 15, "unsupported trackport format version 4",
         kind: .unsupportedVersion, pointer: "/trackport"),
    Case("unknown version after a shape error", #"{"records": 5, "trackport": 4}"#, 1, 29,
         "unsupported trackport format version 4", kind: .unsupportedVersion, pointer: "/trackport"),
    Case("missing version", #"{"categories": []}"#, 1, 1, #"missing "trackport": 1, the format version"#, pointer: ""),
    Case("version as a string", #"{"trackport": "1"}"#, 1, 15, #""trackport" must be the format version number (1, 2 or 3), not a string"#,
         pointer: "/trackport"),
    Case("duplicate key", #"{"trackport": 1, "trackport": 1}"#, 1, 18, #"duplicate key "trackport" in an object"#, pointer: ""),
    Case("duplicate known key of a tracker", #"{"trackport": 1, "trackers": [{\#(tracker), "name": "m"}]}"#, 1, 92,
         #"duplicate key "name" in an object"#, pointer: "/trackers/0"),
    Case("duplicate known key of a record", #"{"trackport": 1, "records": [{"date": "2026-01-01", "date": "2026-01-02"}]}"#,
         1, 53, #"duplicate key "date" in an object"#, pointer: "/records/0"),
    Case("duplicate unknown key", #"{"trackport": 1, "a": 1, "a": 2}"#, 1, 26, #"duplicate key "a" in an object"#, pointer: ""),
    Case("duplicate known key of a task", #"{"trackport": 1, "tasks": [{"id": "t", "title": "x", "id": "u"}]}"#, 1, 54,
         #"duplicate key "id" in an object"#, pointer: "/tasks/0"),
    Case("duplicate known key of an attachment",
         #"{"trackport": 1, "tasks": [{"id": "t", "title": "x", "attachments": [{"name": "a", "uri": "u", "name": "b"}]}]}"#,
         1, 96, #"duplicate key "name" in an object"#, pointer: "/tasks/0/attachments/0"),
    Case("duplicate unknown key of an attachment",
         #"{"trackport": 1, "tasks": [{"id": "t", "title": "x", "attachments": [{"name": "a", "z": 1, "uri": "u", "z": 2}]}]}"#,
         1, 104, #"duplicate key "z" in an object"#, pointer: "/tasks/0/attachments/0"),
    Case("duplicate unknown key of a category", #"{"trackport": 1, "categories": [{"a": 1, "a": 2}]}"#, 1, 42,
         #"duplicate key "a" in an object"#, pointer: "/categories/0"),
    Case("duplicate namespace in extras", #"{"trackport": 1, "extras": {"n": 1, "n": 2}}"#, 1, 37,
         #"duplicate key "n" in an object"#, pointer: "/extras"),
    Case("duplicate key in extras", #"{"trackport": 1, "extras": {"n": {"k": 1, "k": 2}}}"#, 1, 43, #"duplicate key "k" in an object"#,
         pointer: "/extras/n"),
    Case("duplicate key inside an unknown value", #"{"trackport": 1, "x": [{"k": 1, "k": 2}]}"#, 1, 33,
         #"duplicate key "k" in an object"#, pointer: "/x/0"),
    Case("missing required key", #"{"trackport": 1, "trackers": [{"id": "t", "kind": "habit", "categoryId": "c"}]}"#, 1, 31,
         #"tracker is missing the required key "name""#, pointer: "/trackers/0"),
    Case("missing comma", #"{"trackport": 1 "x": 2}"#, 1, 17, "expected ',' or '}' after object member", pointer: ""),
    Case("missing comma in a category", #"{"trackport": 1, "categories": [{"id": "c" "title": "t"}]}"#, 1, 44,
         "expected ',' or '}' after object member", pointer: "/categories/0"),
    Case("unterminated string", #"{"trackport": 1, "x": "abc"#, 1, 23, "unterminated string", pointer: "/x"),
    Case("line break in a string", "{\"trackport\": 1, \"x\": \"ab\ncd\"}", 1, 26, "unterminated string (line break inside a string)",
         pointer: "/x"),
    Case("content after the document", #"{"trackport": 1} x"#, 1, 18, "unexpected content after the end of the document"),
    Case("unpaired surrogate", #"{"trackport": 1, "x": "\ud800"}"#, 1, 24, "invalid \\u escape: a high surrogate must be followed by a low one",
         pointer: "/x"),
    Case("trailing comma", #"{"trackport": 1, "categories": [],}"#, 1, 35, "expected a string key after ','", pointer: ""),
    Case("columns count scalars", #"{"trackport": 1, "x": "ёёё", "y": tru}"#, 1, 35, "expected a value", pointer: "/y"),
    Case("bad number", #"{"trackport": 1, "x": 01}"#, 1, 24, "invalid number: leading zeros are not allowed", pointer: "/x"),
    Case("not an object", "[1]", 1, 1, "expected '{' at the start of a TrackerPort JSON document"),
    Case("deep nesting", #"{"trackport": 1, "deep": "# + String(repeating: "[", count: 10_000), 1, 537,
         "nesting deeper than 512 levels", pointer: "/deep" + String(repeating: "/0", count: 511)),
    Case("deep nesting in extras", #"{"trackport": 1, "extras": {"a": "# + String(repeating: "{\"a\":", count: 10_000), 1,
         34 + 510 * 5, "nesting deeper than 512 levels", pointer: "/extras/a" + String(repeating: "/a", count: 510)),
    Case("version 1.5", #"{"trackport": 1.5}"#, 1, 15, "unsupported trackport format version 1.5",
         kind: .unsupportedVersion, pointer: "/trackport"),
    Case("version -1", #"{"trackport": -1.0}"#, 1, 15, "unsupported trackport format version -1.0",
         kind: .unsupportedVersion, pointer: "/trackport"),
    Case("version 10e-2", #"{"trackport": 10e-2}"#, 1, 15, "unsupported trackport format version 10e-2",
         kind: .unsupportedVersion, pointer: "/trackport"),
    Case("version 11", #"{"trackport": 11}"#, 1, 15, "unsupported trackport format version 11",
         kind: .unsupportedVersion, pointer: "/trackport"),
    Case("version with a huge exponent", #"{"trackport": 1e99999999999999999999999}"#, 1, 15,
         "unsupported trackport format version 1e99999999999999999999999", kind: .unsupportedVersion, pointer: "/trackport"),
    Case("version 0.11e1", #"{"trackport": 0.11e1}"#, 1, 15, "unsupported trackport format version 0.11e1",
         kind: .unsupportedVersion, pointer: "/trackport"),
  ]

  @Test(arguments: cases)
  func malformedInputIsLocated(_ c: Case) throws {
    let error = try #require(Harness.failure(c.input))
    #expect(error.kind == c.kind)
    #expect(error.message == c.message)
    #expect(error.location.line == c.line)
    #expect(error.location.column == c.column)
    #expect(error.location.file == "test.trackport.json")
    // `nil` means the failure is outside the top-level object, where no pointer applies.
    #expect(error.location.pointer == c.pointer)
  }

  /// The version is a JSON number equal to 1, however written (as JSON Schema's `"const": 1`
  /// compares it); the writer always writes `1`.
  @Test(arguments: ["1", "1.0", "1e0", "1E+0", "1.000e0", "0.1e1", "10e-1", "100E-2", "0.001e3", "1000000000e-9"])
  func versionEqualToOneIsRead(_ literal: String) throws {
    let (dataset, _) = try Harness.decode(#"{"trackport": \#(literal), "categories": [{"id": "c", "title": "t"}]}"#)
    #expect(dataset.categories.count == 1)
    #expect(String(decoding: try Harness.encode(dataset), as: UTF8.self).hasPrefix("{\n  \"trackport\": 1,\n"))
  }

  @Test func unknownVersionSaysWhatThisBuildReads() throws {
    let error = try #require(Harness.failure(#"{"trackport": 4}"#))
    #expect(error.note == "this build reads versions 1, 2 and 3")
    #expect(error.description == "test.trackport.json:1:15: error: unsupported trackport format version 4 [unsupported-version]\n  note: this build reads versions 1, 2 and 3")
  }

  /// Every prefix and many corrupted copies of a real file either decode or throw a located
  /// CodecError; none crashes or hangs.
  @Test func neverCrashesOnDamagedInput() throws {
    let golden = try Harness.fixture("golden.trackport.json")
    let lastBrace = try #require(golden.lastIndex(of: UInt8(ascii: "}")))
    for end in 0...lastBrace {
      // Every prefix that stops before the closing brace is refused.
      let error = Harness.failure(Array(golden[..<end]))
      #expect(error?.kind == .malformedInput && error?.location.line != nil, "prefix of \(end) bytes")
    }
    var rng = SplitMix64(seed: 42)
    let nasty: [UInt8] = Array("{}[]\",:\\0-e.tfn \n".utf8) + [0x00, 0x80, 0xC3, 0xE2, 0xF0, 0xFF]
    for _ in 0..<3000 {
      var bytes = golden
      for _ in 0..<Int.random(in: 1...4, using: &rng) {
        bytes[Int.random(in: 0..<bytes.count, using: &rng)] = nasty[Int.random(in: 0..<nasty.count, using: &rng)]
      }
      if let error = Harness.failure(bytes) {
        #expect(error.kind == .malformedInput || error.kind == .unsupportedVersion)
        #expect(error.location.line != nil && error.location.column != nil)
      }
    }
  }
}
