import Testing
@testable import TrackerCodec

@Suite struct CodecOptionTests {
  static let reader = CodecDescriptor(
    id: "r", name: "Reader", summary: "", extensions: ["r"],
    options: [CodecOption("delimiter", .choice([",", ";"]), help: "d", reads: true, writes: true, aliases: ["comma"]),
              CodecOption("day-start", .integer(0, 23), help: "h", reads: true, writes: false)])
  static let writer = CodecDescriptor(
    id: "w", name: "Writer", summary: "", extensions: ["w"],
    options: [CodecOption("email", .text, help: "e", reads: false, writes: true),
              CodecOption("history", .boolean, help: "h", reads: false, writes: true),
              CodecOption("until", .date, help: "u", reads: false, writes: true)])

  private func error(_ options: [String: String], reading: [CodecDescriptor] = [reader], writing: [CodecDescriptor] = [writer]) -> CodecError? {
    do {
      try CodecDescriptor.checkOptions(options, reading: reading, writing: writing)
      return nil
    } catch {
      return error
    }
  }

  @Test func declaredKeysAndValuesPass() {
    #expect(error(["delimiter": ";", "day-start": "23", "email": "me@example.org", "history": "yes", "until": "2026-01-05"]) == nil)
    #expect(error(["delimiter": "COMMA"]) == nil)
    #expect(error([:], reading: [], writing: []) == nil)
  }

  @Test func anUnknownKeyNamesTheCodecsAndTheNearestKey() throws {
    let refused = try #require(error(["emial": "x"]))
    #expect(refused.kind == .unknownOption)
    #expect(refused.message == "unknown option 'emial': not an option of reading r or writing w")
    #expect(refused.note == "did you mean 'email'?; reading r takes delimiter=,|;, day-start=0-23; "
              + "writing w takes email=TEXT, history=true|false, until=YYYY-MM-DD (trackport formats lists every format's options)")
    #expect(error(["colour": "x"])?.note?.hasPrefix("reading r takes") == true, "nothing near: no suggestion")
  }

  @Test func aKeyOfTheOtherDirectionSaysSo() {
    let refused = error(["email": "x"], writing: [])
    #expect(refused?.kind == .unknownOption)
    #expect(refused?.note?.contains("did you mean") == false)
    #expect(error(["email": "x"], reading: [Self.writer], writing: [])?.note?.contains("w takes email only when writing") == true)
    #expect(error(["day-start": "3"], reading: [], writing: [Self.reader])?.note?.contains("r takes day-start only when reading") == true)
  }

  @Test func valuesOutsideTheirDeclarationAreRefused() {
    let cases: [(String, String, String)] = [
      ("delimiter", "|", "Reader option delimiter: '|' is not ',' or ';'"),
      ("day-start", "24", "Reader option day-start: '24' is not a whole number from 0 to 23"),
      ("history", "maybe", "Writer option history: 'maybe' is not true or false"),
      ("until", "2026-02-30", "Writer option until: '2026-02-30' is not a day written YYYY-MM-DD"),
    ]
    for (key, value, message) in cases {
      let refused = error([key: value])
      #expect(refused?.kind == .unsupportedOperation, "\(key)")
      #expect(refused?.message == message)
    }
  }

  @Test func eachCodecIsGivenItsOwnKeys() {
    let options = ["delimiter": ";", "day-start": "3", "email": "x"]
    #expect(Self.reader.given(options, reading: true) == ["delimiter": ";", "day-start": "3"])
    #expect(Self.reader.given(options, reading: false) == ["delimiter": ";"])
    #expect(Self.writer.given(options, reading: false) == ["email": "x"])
  }

  @Test func nearKeysAreFoundFarOnesAreNot() {
    let keys = ["email", "exported-at", "default-category", "timezone"]
    #expect(CodecDescriptor.nearestKey(to: "emial", among: keys) == "email")
    #expect(CodecDescriptor.nearestKey(to: "time-zone", among: keys) == "timezone")
    #expect(CodecDescriptor.nearestKey(to: "default-categroy", among: keys) == "default-category")
    #expect(CodecDescriptor.nearestKey(to: "exported", among: keys) == nil)
    #expect(CodecDescriptor.nearestKey(to: "map", among: keys) == nil)
  }

  @Test func booleansAreSpeltAsTheHostAccepts() {
    #expect(["", "true", "YES", "1"].allSatisfy { CodecOption.boolean($0) == true })
    #expect(["false", "no", "0"].allSatisfy { CodecOption.boolean($0) == false })
    #expect(CodecOption.boolean("maybe") == nil)
  }
}
