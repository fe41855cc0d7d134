import Foundation
import Testing
import TrackerTestSupport
import TrackerPort

/// Every file under SampleData/ read through the real codecs, as a user's `trackport validate`
/// would: the demo is valid, and each `invalid/<code>` file yields exactly its manifest's codes.
@Suite struct SampleDataTests {
  static let root = Repository.root
  static let invalid = root.appendingPathComponent("SampleData/invalid")

  struct Manifest {
    var today: LocalDate
    var expected: [String: [String]]
    var malformed: [String: Int]
  }

  static func manifest() throws -> Manifest {
    let data = try Data(contentsOf: invalid.appendingPathComponent("expected.json"))
    let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let today = try #require(LocalDate(object["today"] as? String ?? ""))
    var expected: [String: [String]] = [:]
    for (key, value) in object where key.hasSuffix(".trackport.json") {
      expected[key] = try #require(value as? [String])
    }
    let malformed = try #require(object["malformed"] as? [String: Int])
    return Manifest(today: today, expected: expected, malformed: malformed)
  }

  // An unreadable manifest yields one impossible case, so the parameterised tests fail
  // instead of silently running zero cases.
  static var datasetFiles: [String] { (try? manifest().expected.keys.sorted()) ?? ["(expected.json unreadable)"] }
  static var malformedFiles: [String] { (try? manifest().malformed.keys.sorted()) ?? ["(expected.json unreadable)"] }

  @Test func everyRuleHasASampleAndEverySampleIsListed() throws {
    let manifest = try Self.manifest()
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.invalid.path).filter { $0.hasSuffix(".trackport.json") }
    #expect(Set(files) == Set(manifest.expected.keys).union(manifest.malformed.keys))
    for rule in Validator.standardRules {
      #expect(manifest.expected["\(rule.descriptor.code).trackport.json"] != nil, "no sample for \(rule.descriptor.code)")
    }
  }

  @Test(arguments: datasetFiles)
  func sampleYieldsExactlyItsCodes(_ name: String) throws {
    let manifest = try Self.manifest()
    let file = try DatasetFile.load(Self.invalid.appendingPathComponent(name).path)
    let found = file.validate(options: ValidationOptions(today: manifest.today))
    #expect(Set(found.map(\.code)) == Set(manifest.expected[name] ?? []), "\(found.map { "\($0.location.pointer ?? "") \($0.code)" })")
    // Every finding can be jumped to: file, line and column of the offending value.
    for d in found {
      #expect(d.location.file?.hasSuffix(name) == true)
      #expect(d.location.line != nil && d.location.column != nil, "\(d.code) at \(d.location.pointer ?? "?") has no line")
    }
  }

  @Test(arguments: malformedFiles)
  func malformedSampleIsRefusedWithALocation(_ name: String) throws {
    let path = Self.invalid.appendingPathComponent(name).path
    #expect {
      try DatasetFile.load(path)
    } throws: { error in
      guard let error = error as? CodecError else { return false }
      return [.malformedInput, .unsupportedVersion].contains(error.kind) && error.location.file == path
        && error.location.line != nil
    }
  }

  @Test func theDemoDatasetIsValidAndRich() throws {
    let file = try DatasetFile.load(Self.root.appendingPathComponent("SampleData/demo.trackport.json").path)
    let found = file.validate(options: ValidationOptions(today: LocalDate("2026-11-22")))
    #expect(found.isEmpty, "\(found.map(DiagnosticSummary.init))")
    let d = file.dataset
    #expect(d.categories.count >= 3)
    #expect(d.trackers.contains { $0.pinned })
    #expect(d.trackers.contains { $0.kind == .event && $0.date != nil })
    #expect(d.trackers.contains { $0.kind == .event && $0.date == nil })
    #expect(d.trackers.contains { $0.name.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) } })
    #expect(d.trackers.contains { $0.name.unicodeScalars.allSatisfy { $0.isASCII } })
    #expect(!d.tasks.isEmpty)
    let days = Set(d.records.map(\.date))
    #expect((days.max()?.dayNumber ?? 0) - (days.min()?.dayNumber ?? 0) >= 364)
  }
}

/// A compact description for failure messages.
struct DiagnosticSummary: CustomStringConvertible {
  var d: Diagnostic
  init(_ d: Diagnostic) { self.d = d }
  var description: String { "\(d.location.pointer ?? "-") \(d.code): \(d.message)" }
}
