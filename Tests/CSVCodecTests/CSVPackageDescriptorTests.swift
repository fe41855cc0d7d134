import Foundation
@testable import CSVCodec
@testable import CSVCore
import TrackerCodec
import TrackerModel
import Testing
import TrackerTestSupport

@Suite struct CSVPackageDescriptorTests {
  static let members = ["datapackage.json", "categories.csv", "trackers.csv", "records.csv", "tasks.csv"]

  func descriptor(_ dataset: TrackerDataset = TrackerDataset()) throws -> String {
    try MemoryPackage(dataset).descriptor
  }

  /// The descriptor of an empty dataset, byte for byte (`TRACKPORT_UPDATE_GOLDENS=1` rewrites it).
  @Test func matchesTheGolden() throws {
    if ProcessInfo.processInfo.environment["TRACKPORT_UPDATE_GOLDENS"] != nil {
      let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/datapackage.json")
      try descriptor().write(to: source, atomically: true, encoding: .utf8)
    }
    let url = try #require(Bundle.module.url(forResource: "Fixtures/datapackage.json", withExtension: nil))
    let golden = try String(contentsOf: url, encoding: .utf8)
    #expect(try descriptor() == golden)
  }

  @Test func isATabularDataPackageWithASchemaPerTable() throws {
    let dataset = try MemoryPackage(CSVPackageRoundTripTests.handMade)
    let root = try JSONText.parse(dataset.descriptor)
    #expect(root["profile"] == .string("tabular-data-package"))
    guard case .array(let resources)? = root["resources"] else { Issue.record("no resources"); return }
    #expect(resources.map { $0["name"]?.stringValue } == ["categories", "trackers", "records", "tasks"])
    for resource in resources {
      let name = try #require(resource["name"]?.stringValue)
      let table = try #require(CSVTable(rawValue: name))
      #expect(resource["path"] == .string(table.fileName))
      #expect(resource["profile"] == .string("tabular-data-resource"))
      guard case .array(let fields)? = resource["schema"]?["fields"] else { Issue.record("no fields"); continue }
      // The schema lists exactly the columns written, in order.
      #expect(fields.map { $0["name"]?.stringValue ?? "" } == dataset.tables[table]?.first)
      let types = Set(fields.compactMap { $0["type"]?.stringValue })
      #expect(types.isSubset(of: ["string", "date", "datetime", "boolean", "integer", "array", "object"]))
      guard case .array(let key)? = resource["schema"]?["primaryKey"] else { Issue.record("no key"); continue }
      #expect(key.map(\.stringValue) == table.primaryKey)
    }
    #expect(resources[1]["schema"]?["foreignKeys"] == .array([.object([
      JSONMember("fields", .string("categoryId")),
      JSONMember("reference", .object([JSONMember("resource", .string("categories")), JSONMember("fields", .string("id"))])),
    ])]))
    #expect(resources[2]["schema"]?["foreignKeys"] == .array([.object([
      JSONMember("fields", .string("trackerId")),
      JSONMember("reference", .object([JSONMember("resource", .string("trackers")), JSONMember("fields", .string("id"))])),
    ])]))
    #expect(root["trackport"]?["version"] == .number("1"))
  }

  @Test func readsBackWhatItWrites() throws {
    let text = try descriptor(CSVPackageRoundTripTests.handMade)
    let contents = try CSVPackageDescriptor.read(text, file: "d", members: Self.members)
    #expect(contents.taskCategoryOrder == ["none", "urgent", "bogus"])
    #expect(contents.extras == CSVPackageRoundTripTests.handMade.extras)
    #expect(contents.paths[.records] == "records.csv")
  }

  @Test func packagesInAFolderOfTheArchiveAreFound() throws {
    let text = try descriptor()
    let members = Self.members.map { "export/" + $0 }
    // The reader hands the descriptor the members relative to its own folder.
    #expect(try CSVPackageDescriptor.read(text, file: "d", members: Self.members).paths.count == 4)
    // Detection sees the entries of that one folder (the package root), not the paths below it.
    #expect(CSVPackageReader.isPackage(Self.members))
    #expect(!CSVPackageReader.isPackage(members))
    // A same-named table elsewhere is never taken for the one the descriptor names.
    #expect(throws: CodecError.self) {
      try CSVPackageDescriptor.read(text, file: "d", members: Self.members.map { $0 == "datapackage.json" ? $0 : "old/" + $0 })
    }
    #expect(!CSVPackageReader.isPackage(["datapackage.json", "other/trackers.csv"]))
    #expect(!CSVPackageReader.isPackage(["trackers.csv"]))
  }

  @Test func unknownVersionIsRefused() throws {
    let text = try descriptor().replacing("\"version\": 1", with: "\"version\": 4")
    #expect { try CSVPackageDescriptor.read(text, file: "d", members: Self.members) } throws: {
      ($0 as? CodecError)?.kind == .unsupportedVersion
    }
  }

  @Test func foreignDescriptorsAndMissingFilesAreMalformed() throws {
    let plain = #"{"profile": "tabular-data-package", "resources": []}"#
    #expect { try CSVPackageDescriptor.read(plain, file: "d", members: Self.members) } throws: {
      ($0 as? CodecError)?.kind == .malformedInput
    }
    #expect { try CSVPackageDescriptor.read(try descriptor(), file: "d", members: ["datapackage.json", "trackers.csv"]) } throws: {
      ($0 as? CodecError)?.kind == .malformedInput && ($0 as? CodecError)?.message.contains("categories.csv") == true
    }
    #expect { try CSVPackageDescriptor.read("{\n  \"trackport\": [}", file: "d", members: Self.members) } throws: {
      ($0 as? CodecError)?.location.line == 2 && ($0 as? CodecError)?.kind == .malformedInput
    }
  }
}

@Suite struct JSONTextTests {
  @Test func roundTripsValuesExactly() throws {
    let value = JSONValue.object([
      JSONMember("z", .array([.number("1e9"), .number("-0.50"), .bool(false), .null])),
      JSONMember("a", .string("q\"\\\n\u{1}😇 e\u{301}")),
      JSONMember("o", .object([])),
    ])
    #expect(try JSONText.parse(JSONText.compact(value)) == value)
    #expect(try JSONText.parse(JSONText.pretty(value)) == value)
    #expect(try JSONText.compact(value) == #"{"z":[1e9,-0.50,false,null],"a":"q\"\\\n\u0001😇 e\#u{301}","o":{}}"#)
  }

  @Test func refusesWhatIsNotOneValue() throws {
    for text in ["", "{", "[1,]", "01", "1.", "\"\\x\"", "{\"a\":1,\"a\":2}", "1 2", "\"\\ud800\"", "tru"] {
      #expect(throws: JSONText.Failure.self, "\(text)") { try JSONText.parse(text) }
    }
    #expect(try JSONText.parse(#""\ud83d\ude07""#) == .string("😇"))
    #expect(throws: JSONText.Failure.self) { try JSONText.compact(.number("NaN")) }
  }
}
