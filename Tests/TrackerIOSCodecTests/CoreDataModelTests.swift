import Foundation
import Testing
import TrackerTestSupport
@testable import TrackerIOSCodec
import TrackerCodec
import TrackerModel

/// The writer's Core Data layer against real stores: the model version hashes, digests and
/// checksums Core Data stored in 14 real stores of other projects, the schema it created in
/// the flat ones, and the six Tracker models as their `.xcdatamodel` files say them.
@Suite(.enabled(if: IOS.haveFixtures, "needs the shared coredata folder (beside TRACKPORT_SHARED_FIXTURES)"))
struct CoreDataModelTests {
  /// Real stores and the model each was made with (`samples/PROVENANCE.md`).
  static let storesAndModels: [(store: String, model: String)] =
    ["1.0.0", "1.1.0", "1.1.2", "1.2.0", "2.0.0"].map { ("jeffreybergier/Example_v\($0).sqlite", "jeffreybergier/v\($0).xcdatamodel.contents") } + [
      ("wibosco/CoreDataMigration_Example_1.sqlite", "wibosco/model1.xcdatamodel.contents"),
      ("wibosco/CoreDataMigration_Example_WAL.sqlite", "wibosco/model4.xcdatamodel.contents"),
      ("wibosco-revised/CoreDataMigration_Example_3.sqlite", "wibosco-revised/model3.xcdatamodel.contents"),
      ("coredataplus/SampleModel_V1.sqlite", "coredataplus/SampleModel.xcdatamodel.contents"),
      ("coredataplus/SampleModel_V2.sqlite", "coredataplus/SampleModel2.xcdatamodel.contents"),
      ("coredataplus/SampleModel3_V1.sqlite", "coredataplus/SampleModel3.xcdatamodel.contents"),
      ("easylife/EasyLife.sqlite", "easylife/EasyLife 1.3.0@a31ea73.xcdatamodel.contents"),
      ("easylife/EasyLife 1.3.0.sqlite", "easylife/EasyLife 1.3.0@a31ea73.xcdatamodel.contents"),
      ("easylife/EasyLife 1.5.0.sqlite", "easylife/EasyLife 1.5.0.xcdatamodel.contents"),
    ]

  /// The metadata property list of a store (read with `sqlite3` and Foundation).
  static func metadata(_ path: String) throws -> [String: Any] {
    let hex = try IOS.sqlite(path, "SELECT hex(Z_PLIST) FROM Z_METADATA").first ?? ""
    var bytes: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
      let next = hex.index(index, offsetBy: 2)
      bytes.append(UInt8(hex[index..<next], radix: 16)!)
      index = next
    }
    return try PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any] ?? [:]
  }

  static func storedHashes(_ plist: [String: Any]) -> [String: [UInt8]] {
    (plist["NSStoreModelVersionHashes"] as? [String: Any] ?? [:]).compactMapValues { ($0 as? Data).map(Array.init) }
  }

  @Test(arguments: storesAndModels.map(\.store))
  func hashesOfTheModelAreWhatCoreDataStored(_ store: String) throws {
    let model = try XCDataModelFile.read(IOS.shared("samples/" + Self.storesAndModels.first { $0.store == store }!.model))
    let plist = try Self.metadata(IOS.shared("samples/" + store))
    let stored = Self.storedHashes(plist)
    #expect(!stored.isEmpty)
    #expect(model.versionHashes == stored, "\(store)")
    if let digest = plist["NSStoreModelVersionHashesDigest"] as? String {
      #expect(CoreDataModel.versionHashesDigest(stored) == digest, "\(store)")
    }
    if let checksum = plist["NSStoreModelVersionChecksumKey"] as? String {
      #expect(CoreDataModel.versionChecksum(stored) == checksum, "\(store)")
    }
  }

  @Test func digestAndChecksumOfAStoreWhoseModelIsCode() throws {
    // CoreDataPlus SampleModel2_V2: the model is built in Swift code; its stored hashes still
    // give the stored digest and checksum (framework 1344).
    let plist = try Self.metadata(IOS.shared("samples/coredataplus/SampleModel2_V2.sqlite"))
    let stored = Self.storedHashes(plist)
    #expect(stored.count == 6)
    #expect(CoreDataModel.versionHashesDigest(stored) == plist["NSStoreModelVersionHashesDigest"] as? String)
    #expect(CoreDataModel.versionChecksum(stored) == plist["NSStoreModelVersionChecksumKey"] as? String)
  }

  @Test(arguments: storesAndModels.map(\.store))
  func schemaOfAFlatModelIsWhatCoreDataCreated(_ store: String) throws {
    let model = try XCDataModelFile.read(IOS.shared("samples/" + Self.storesAndModels.first { $0.store == store }!.model))
    guard model.isFlat else { return }  // inheritance or many-to-many: not laid out by this writer
    let real = try IOS.sqlite(IOS.shared("samples/" + store), "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> 'Z_MODELCACHE'")
    #expect(Set(model.schema) == Set(real), "\(store)")
  }

  @Test func theFlatStoresAreMostOfTheSamples() throws {
    // The layout test above is not vacuous: it covers the jeffreybergier, wibosco and
    // CoreDataPlus 3 stores.
    let flat = try Self.storesAndModels.filter { try XCDataModelFile.read(IOS.shared("samples/" + $0.model)).isFlat }
    #expect(flat.count >= 9)
  }

  static let variantModels = ["azonaz": "Azonaz", "xcode73": "xcode73", "teenagelove": "teenagelove",
                              "headlinerten": "headlinerten", "DmnUAll": "DmnUAll", "morethendeviant": "morethendeviant"]

  @Test(arguments: TrackerIOSVariant.all.map(\.id))
  func declaredModelIsTheAppsModelFile(_ id: String) throws {
    let variant = try #require(TrackerIOSVariant.named(id))
    let file = try XCDataModelFile.read(IOS.shared("models/\(Self.variantModels[id]!).xcdatamodel.contents"))
    #expect(variant.model == file)
  }

  @Test(arguments: TrackerIOSVariant.all.map(\.id))
  func variantHashesAreThoseOfTheGeneratedStores(_ id: String) throws {
    let variant = try #require(TrackerIOSVariant.named(id))
    let hashes = variant.model.versionHashes
    // The hashes the reader identifies stores by are those the Python generator stored in the
    // variant's store (and the documented ones, docs/ios-tracker.md), with its digest.
    let plist = try Self.metadata(IOS.shared("stores/" + IOS.stores[id]!))
    #expect(Self.storedHashes(plist) == hashes)
    #expect(plist["NSStoreModelVersionHashesDigest"] as? String == CoreDataModel.versionHashesDigest(hashes))
  }

  @Test(arguments: TrackerIOSVariant.all.map(\.id))
  func variantSchemaIsTheReferenceDDL(_ id: String) throws {
    let variant = try #require(TrackerIOSVariant.named(id))
    let reference = try IOS.sqlite(IOS.shared("stores/" + IOS.stores[id]!),
                                   "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name <> 'Z_MODELCACHE' ORDER BY rowid")
    #expect(variant.model.schema == reference)
    // Entity numbers: by name, ignoring case (TrackerCategoryCD before TrackerCD).
    let numbers = try IOS.sqlite(IOS.shared("stores/" + IOS.stores[id]!), "SELECT Z_NAME || '=' || Z_ENT FROM Z_PRIMARYKEY ORDER BY Z_ENT")
    let ours = variant.model.entityNumbers.sorted { $0.value < $1.value }.map { "\($0.key)=\($0.value)" }
    #expect(ours == numbers)
  }

  @Test func keyedArchivesReadBackHereAndInPython() throws {
    let strings = BinaryPropertyList.archivedStrings(["MONDAY", "FRIDAY"])
    #expect(KeyedArchive(Data(strings))?.stringArray == ["MONDAY", "FRIDAY"])
    let color = BinaryPropertyList.archivedCatalogColor(name: "typeRed", red: 253 / 255, green: 76 / 255, blue: 73 / 255)
    let read = try #require(KeyedArchive(Data(color))?.color)
    #expect(read.assetName == "typeRed")
    #expect(read.hex == "#FD4C49")
    #expect(read.className == "UIDynamicCatalogColor")
    // The Python walker of tools/blob_examples.py (plistlib) decodes both.
    let folder = try IOS.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(strings).write(to: folder.appendingPathComponent("strings.bin"))
    try Data(color).write(to: folder.appendingPathComponent("color.bin"))
    let out = try runPython(oracle: "coredata.py", ["unarchive", IOS.shared("tools"), folder.appendingPathComponent("strings.bin").path,
                                                    folder.appendingPathComponent("color.bin").path])
    #expect(out == "['MONDAY', 'FRIDAY']\nUIDynamicCatalogColor typeRed 253 b'0.992 0.298 0.286\\x00'\n")
  }

  @Test func binaryPropertyListsReadBackInFoundation() throws {
    let long = String(repeating: "ж", count: 40)
    let list = BinaryPropertyList.dictionary([
      ("int", .integer(70_000)), ("big", .integer(1 << 40)), ("negative", .integer(-3)), ("real", .real(0.5)),
      ("text", .string(long)), ("bytes", .data(Array(repeating: 7, count: 20))), ("yes", .bool(true)),
      ("list", .array((0..<300).map { .integer($0) })),
    ])
    let read = try #require(try PropertyListSerialization.propertyList(from: Data(list.bytes), format: nil) as? [String: Any])
    #expect(read["int"] as? Int == 70_000)
    #expect(read["big"] as? Int == 1 << 40)
    #expect(read["negative"] as? Int == -3)
    #expect(read["real"] as? Double == 0.5)
    #expect(read["text"] as? String == long)
    #expect(read["bytes"] as? Data == Data(repeating: 7, count: 20))
    #expect(read["yes"] as? Bool == true)
    #expect((read["list"] as? [Int])?.count == 300)
  }
}
