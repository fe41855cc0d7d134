import Foundation
import Testing
import TrackerTestSupport
@testable import TrackerIOSCodec
import TrackerCodec
import TrackerModel

/// The generic Core Data layer on the 15 real stores of other projects, against `sqlite3` and
/// Python's `plistlib`; detection; errors; the input never changed.
@Suite(.enabled(if: IOS.haveFixtures, "needs the shared coredata folder (beside TRACKPORT_SHARED_FIXTURES)"))
struct CoreDataGenericTests {
  @Test(arguments: IOS.samples)
  func sampleLayerMatchesSqlite(_ sample: String) throws {
    let path = IOS.shared("samples/" + sample)
    let summary = try CoreDataStore.summary(CodecInput(path: path), fileName: path)
    let store = summary.store
    // Tables.
    let tables = try IOS.sqlite(path, "SELECT upper(name) FROM sqlite_master WHERE type = 'table' ORDER BY 1")
    #expect(store.columns.keys.sorted() == tables)
    // Entities, as Z_PRIMARYKEY lists them.
    let entities = try IOS.sqlite(path, "SELECT Z_ENT || '|' || Z_NAME || '|' || Z_SUPER || '|' || Z_MAX FROM Z_PRIMARYKEY ORDER BY Z_ENT")
    #expect(store.entities.map { "\($0.number)|\($0.name)|\($0.superNumber)|\($0.maxKey)" } == entities)
    // Rows per entity and every date, in the entity's (root) table.
    for entity in store.entities {
      let table = store.table(of: entity)
      guard store.columns[table] != nil else { continue }
      let count = try IOS.sqlite(path, "SELECT count(*) FROM \(table) WHERE Z_ENT = \(entity.number)")
      #expect([String(summary.rowCounts[entity.name] ?? -1)] == count, "\(sample) \(entity.name)")
      let dateColumns = try IOS.sqlite(path, "SELECT name FROM pragma_table_info('\(table)') WHERE upper(type) = 'TIMESTAMP'")
      for column in dateColumns {
        let expected = try IOS.sqlite(path, "SELECT printf('%.3f', \(column) + 978307200) FROM \(table) WHERE Z_ENT = \(entity.number) AND typeof(\(column)) IN ('integer', 'real') ORDER BY Z_PK")
        let read = summary.dates[entity.name + "." + column] ?? []
        let oracle = expected.compactMap(Double.init)
        #expect(read.count == oracle.count && zip(read, oracle).allSatisfy { abs($0 - $1) < 0.002 },
                "\(sample) \(entity.name).\(column)")
      }
    }
    // UUID blobs, as Python's uuid module reads them.
    for (key, values) in summary.uuids {
      let parts = key.split(separator: ".")
      guard let entity = store.entity(String(parts[0])) else { continue }
      let table = store.table(of: entity)
      let copy = try IOS.copyStore(path)
      let python = try runPython(oracle: "coredata.py", ["uuids", copy, table, String(parts[1]), "\(entity.number)"])
      #expect(python.split(separator: "\n").map(String.init) == values, "\(sample) \(key)")
    }
    // Model version hashes, as plistlib reads Z_PLIST.
    let python = try runPython(oracle: "coredata.py", ["model-hashes", try IOS.copyStore(path)])
    var expected = store.versionHashes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    expected.append("framework=\(store.frameworkVersion.map(String.init) ?? "None")")
    #expect(python.split(separator: "\n").map(String.init) == expected, "\(sample)")
    #expect(!store.versionHashes.isEmpty)
  }

  /// The sample whose rows are all in its -wal: read in full (84 posts, 84 colours).
  @Test func walOnlySampleReadsInFull() throws {
    let path = IOS.shared("samples/wibosco/CoreDataMigration_Example_WAL.sqlite")
    let before = IOS.snapshot(path)
    let summary = try CoreDataStore.summary(CodecInput(path: path), fileName: path)
    #expect(summary.rowCounts == ["Post": 84, "Color": 84])
    #expect(summary.store.entities.map(\.maxKey) == [84, 84])
    #expect(summary.dates["Post.ZDATE"]?.count == 84)
    // Without its -wal the same file has nothing: the log was applied, not ignored.
    let folder = try IOS.temporaryFolder()
    let alone = folder.appendingPathComponent("alone.sqlite").path
    try FileManager.default.copyItem(atPath: path, toPath: alone)
    let empty = try CoreDataStore.summary(CodecInput(path: alone), fileName: alone)
    #expect(empty.rowCounts == ["Post": 0, "Color": 0])
    #expect(IOS.snapshot(path) == before)
  }

  @Test func unknownModelNamesItsEntities() throws {
    let path = IOS.shared("samples/easylife/EasyLife 1.5.0.sqlite")
    let error = IOS.error { _ = try IOS.decode(path) }
    #expect(error?.kind == .malformedInput)
    #expect(error?.message.contains("no known Tracker app") == true)
    #expect(error?.message.contains("Project, TodoItem") == true)
    #expect(error?.location.file == path)
  }

  @Test func notCoreDataAndTruncated() throws {
    let tickmate = IOS.fixture("tickmate/tickmate-version14.db")
    let error = IOS.error { _ = try IOS.decode(tickmate) }
    #expect(error?.kind == .malformedInput && error?.message.contains("not a Core Data store") == true)

    let folder = try IOS.temporaryFolder()
    let text = folder.appendingPathComponent("notes.sqlite")
    try Data("hello".utf8).write(to: text)
    #expect(IOS.error { _ = try IOS.decode(text.path) }?.message.contains("not a SQLite database") == true)

    let store = try Data(contentsOf: URL(fileURLWithPath: IOS.shared("stores/azonaz/Tracker.sqlite")))
    for length in [100, 4_096, 10_000, 20_000] where length < store.count {
      let cut = folder.appendingPathComponent("cut-\(length).sqlite")
      try store.prefix(length).write(to: cut)
      let error = IOS.error { _ = try IOS.decode(cut.path) }
      #expect(error?.kind == .malformedInput, "truncated at \(length)")
      #expect(error?.location.file == cut.path)
    }
  }

  /// Values of the wrong type everywhere: read as missing or skipped, never a crash.
  @Test func wrongTypesAreSkippedNotFatal() throws {
    let copy = try IOS.copyStore(IOS.shared("stores/azonaz/Tracker.sqlite"))
    _ = try runPython(oracle: "coredata.py", ["execute", copy,
      "UPDATE ZTRACKERCD SET ZTITLE = X'00FF', ZCOLOR = 12.5, ZSCHEDULE = X'01', ZISPINNED = 'yes' WHERE Z_PK = 1",
      "UPDATE ZTRACKERCD SET ZID = 'not a uuid', ZCATEGORY = 'one', ZEMODJI = 7 WHERE Z_PK = 2",
      "UPDATE ZTRACKERRECORDCD SET ZDATE = 'yesterday' WHERE Z_PK = 1",
      "UPDATE ZTRACKERRECORDCD SET ZDATE = 1e300 WHERE Z_PK = 2",
      "UPDATE ZTRACKERCATEGORYCD SET ZTITLE = 3 WHERE Z_PK = 2",
      "INSERT INTO Z_PRIMARYKEY VALUES (9, X'41', 'a', 'b')",
      "INSERT INTO Z_PRIMARYKEY VALUES (10, 'Weird Name', 'x', 0)"])
    let (dataset, context) = try IOS.decode(copy)
    #expect(dataset.trackers.count == 2)
    #expect(dataset.trackers[0].name == "" && dataset.trackers[0].schedule == nil)
    #expect(dataset.records.count == 1)
    #expect(context.diagnostics.contains { $0.code == "tracker-ios-skipped" && $0.message.contains("2 record(s) with no readable date") })
    _ = try CoreDataStore.summary(CodecInput(path: copy), fileName: copy)
  }

  /// Damaged stores (bytes overwritten at fixed pseudo-random places): a dataset or a
  /// located error, never a crash.
  @Test func damagedStoresGiveAnErrorOrADataset() throws {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: IOS.shared("stores/xcode73/Tracker.sqlite"))))
    let original = bytes
    let folder = try IOS.temporaryFolder()
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    func next() -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int(truncatingIfNeeded: state >> 33)
    }
    for round in 0..<120 {
      bytes = original
      for _ in 0..<(1 + next() % 8) { bytes[100 + next() % (bytes.count - 100)] = UInt8(truncatingIfNeeded: next()) }
      let path = folder.appendingPathComponent("damaged-\(round).sqlite").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      do {
        _ = try IOS.decode(path)
      } catch let error as CodecError {
        #expect(error.location.file == path, "round \(round)")
      }
    }
  }

  @Test func detectionByContent() throws {
    let codec = TrackerIOSCodec()
    for (_, store) in IOS.stores {
      let path = IOS.shared("stores/" + store)
      #expect(codec.sniff(try CodecInput(path: path).head()), "\(store)")
    }
    for other in ["loop_uhabits/loop.db", "loop_uhabits/rewire.db", "loop_uhabits/tickmate.db", "tickmate/tickmate-version14.db",
                  "tickmate/empty-sqlitedb.db"] {
      let path = IOS.fixture(other)
      #expect(!codec.sniff(try CodecInput(path: path).head()), "\(other)")
    }
    for sample in IOS.samples {
      #expect(!codec.sniff(try CodecInput(path: IOS.shared("samples/" + sample)).head()), "\(sample)")
    }
  }

  @Test func inputsAndSideFilesUnchanged() throws {
    for path in [IOS.shared("stores/azonaz/Tracker.sqlite"), IOS.shared("stores/xcode73/Tracker.sqlite"),
                 IOS.shared("samples/wibosco/CoreDataMigration_Example_WAL.sqlite")] {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
      let listing = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
      let before = IOS.snapshot(path)
      _ = try? IOS.decode(path)
      _ = try CoreDataStore.summary(CodecInput(path: path), fileName: path)
      #expect(IOS.snapshot(path) == before)
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == listing)
    }
  }

  @Test func keyedArchiveWalker() throws {
    // Built by Python's plistlib through the shared blob_examples.py.
    let out = try runPython(oracle: "coredata.py", ["archives", IOS.shared("tools")]).split(separator: "\n")
    #expect(out.count == 2)
    func bytes(_ hex: Substring) -> Data {
      var data = Data()
      var index = hex.startIndex
      while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        data.append(UInt8(hex[index..<next], radix: 16)!)
        index = next
      }
      return data
    }
    #expect(KeyedArchive(bytes(out[0]))?.stringArray == ["MONDAY", "FRIDAY"])
    let color = KeyedArchive(bytes(out[1]))?.color
    #expect(color?.assetName == "typeRed" && color?.className == "UIDynamicCatalogColor" && color?.hex == "#FD4C49")
    #expect(KeyedArchive(Data("not a plist".utf8)) == nil)
  }
}
