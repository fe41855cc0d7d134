import JSONCodec
import Testing
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
    Case("truncated", "{\n  \"trackport\": 1,\n  \"trackers\": [", 3, 16, "unexpected end of input"),
    Case("bad escape", #"{"trackport": 1, "x": "a\qb"}"#, 1, 25, "invalid escape in string"),
    Case("invalid UTF-8", Array(#"{"trackport": 1, "x": "é"#.utf8) + [0xFF] + Array(#""}"#.utf8), 1, 25, "invalid UTF-8"),
    Case("overlong UTF-8", Array(#"{"trackport": 1, "x": ""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), 1, 24, "invalid UTF-8"),
    Case("invalid UTF-8 outside strings", Array(#"{"trackport": 1, "#.utf8) + [0xFE], 1, 18, "invalid UTF-8"),
    Case("wrong type", #"{"trackport": 1, "trackers": [{\#(tracker), "pinned": "yes"}]}"#, 1, 102,
         #""pinned" must be a boolean (true or false), not a string"#, pointer: "/trackers/0/pinned"),
    Case("unknown weekday", #"{"trackport": 1, "trackers": [{\#(tracker), "schedule": ["mon", "funday"]}]}"#, 1, 112,
         #""schedule" items must be weekdays (mon tue wed thu fri sat sun), not "funday""#, pointer: "/trackers/0/schedule/1"),
    Case("impossible day", #"{"trackport": 1, "records": [{"trackerId": "t", "date": "2026-02-30"}]}"#, 1, 57,
         #""date" must be a day that exists, written YYYY-MM-DD, not "2026-02-30""#, pointer: "/records/0/date"),
    Case("unknown kind", #"{"trackport": 1, "trackers": [{"id": "t", "kind": "chore", "name": "n", "categoryId": "c"}]}"#, 1, 51,
         #""kind" must be "habit" or "event", not "chore""#, pointer: "/trackers/0/kind"),
    Case("unknown version", #"{"trackport": 2}"#, 1, 15, "unsupported trackport format version 2",
         kind: .unsupportedVersion, pointer: "/trackport"),
    Case("unknown version after a shape error", #"{"records": 5, "trackport": 2}"#, 1, 29,
         "unsupported trackport format version 2", kind: .unsupportedVersion, pointer: "/trackport"),
    Case("missing version", #"{"categories": []}"#, 1, 1, #"missing "trackport": 1, the format version"#, pointer: ""),
    Case("version as a string", #"{"trackport": "1"}"#, 1, 15, #""trackport" must be the format version number 1, not a string"#,
         pointer: "/trackport"),
    Case("duplicate key", #"{"trackport": 1, "trackport": 1}"#, 1, 18, #"duplicate key "trackport" in an object"#),
    Case("duplicate unknown key", #"{"trackport": 1, "a": 1, "a": 2}"#, 1, 26, #"duplicate key "a" in an object"#, pointer: "/a"),
    Case("duplicate key in extras", #"{"trackport": 1, "extras": {"n": {"k": 1, "k": 2}}}"#, 1, 43, #"duplicate key "k" in an object"#),
    Case("missing required key", #"{"trackport": 1, "trackers": [{"id": "t", "kind": "habit", "categoryId": "c"}]}"#, 1, 31,
         #"tracker is missing the required key "name""#, pointer: "/trackers/0"),
    Case("missing comma", #"{"trackport": 1 "x": 2}"#, 1, 17, "expected ',' or '}' after object member"),
    Case("unterminated string", #"{"trackport": 1, "x": "abc"#, 1, 23, "unterminated string"),
    Case("line break in a string", "{\"trackport\": 1, \"x\": \"ab\ncd\"}", 1, 26, "unterminated string (line break inside a string)"),
    Case("content after the document", #"{"trackport": 1} x"#, 1, 18, "unexpected content after the end of the document"),
    Case("unpaired surrogate", #"{"trackport": 1, "x": "\ud800"}"#, 1, 24, "invalid \\u escape: a high surrogate must be followed by a low one"),
    Case("trailing comma", #"{"trackport": 1, "categories": [],}"#, 1, 35, "expected a string key after ','"),
    Case("columns count scalars", #"{"trackport": 1, "x": "ёёё", "y": tru}"#, 1, 35, "expected a value"),
    Case("bad number", #"{"trackport": 1, "x": 01}"#, 1, 24, "invalid number: leading zeros are not allowed"),
    Case("not an object", "[1]", 1, 1, "expected '{' at the start of a TrackerPort JSON document"),
    Case("deep nesting", #"{"trackport": 1, "deep": "# + String(repeating: "[", count: 10_000), 1, 537,
         "nesting deeper than 512 levels"),
    Case("deep nesting in extras", #"{"trackport": 1, "extras": {"a": "# + String(repeating: "{\"a\":", count: 10_000), 1,
         34 + 510 * 5, "nesting deeper than 512 levels"),
  ]

  @Test(arguments: cases)
  func malformedInputIsLocated(_ c: Case) throws {
    let error = try #require(Harness.failure(c.input))
    #expect(error.kind == c.kind)
    #expect(error.message == c.message)
    #expect(error.location.line == c.line)
    #expect(error.location.column == c.column)
    #expect(error.location.file == "test.trackport.json")
    if let pointer = c.pointer { #expect(error.location.pointer == pointer) }
  }

  @Test func unknownVersionSaysWhatThisBuildReads() throws {
    let error = try #require(Harness.failure(#"{"trackport": 2}"#))
    #expect(error.note == "this build reads version 1")
    #expect(error.description == "test.trackport.json:1:15: error: unsupported trackport format version 2\n  note: this build reads version 1")
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
    var rng = SeededGenerator(seed: 42)
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
