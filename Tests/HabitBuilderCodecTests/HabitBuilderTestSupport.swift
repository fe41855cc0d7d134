import Foundation
import Testing
import TrackerCodec
import TrackerModel
import TrackerTestSupport
import ZIPFoundation

/// Fixtures and zips for the Habit Builder tests.
enum HabitBuilderFixtures {
  /// The fixture folder `name` (`Fixtures/README.md` says what each holds).
  static func folder(_ name: String) -> String {
    Bundle.module.url(forResource: "Fixtures/" + name, withExtension: nil)!.path
  }

  /// The files of the fixture folder `name`, as `(path in the archive, bytes)`, the app's three
  /// first in the app's order.
  static func members(_ name: String) throws -> [(String, [UInt8])] {
    let root = folder(name)
    let order = ["habits.csv", "actions.csv", "metadata.txt"]
    let paths = (FileManager.default.subpaths(atPath: root) ?? []).filter { path in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
    }.sorted { (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1) }
    return try paths.map { ($0, try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + $0)))) }
  }

  /// A zip at a temporary path holding `members`, deflated, as the app's `ZipOutputStream` writes.
  static func zip(_ members: [(String, [UInt8])], name: String = "HabitTracker-backup-2024-12-31.zip") throws -> String {
    let path = try temporaryFolder("trackport-habitbuilder").appendingPathComponent(name).path
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
    for (member, bytes) in members {
      let data = Data(bytes)
      try archive.addEntry(with: member, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate) { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
      }
    }
    return path
  }

  /// The fixture folder `name` zipped.
  static func zipped(_ name: String) throws -> String { try zip(try members(name)) }

  /// A backup of the `everyday` fixture with one member replaced by `text` (or left out: `nil`).
  static func everyday(replacing member: String, with text: String?) throws -> String {
    var members = try members("everyday")
    if let text {
      members = members.map { $0.0 == member ? ($0.0, Array(text.utf8)) : $0 }
    } else {
      members.removeAll { $0.0 == member }
    }
    return try zip(members)
  }

  /// The entries of the zip at `path`, in the archive's order, with their bytes.
  static func unzip(_ path: String) throws -> [(String, String)] {
    let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
    return try archive.map { entry in
      var data = Data()
      _ = try archive.extract(entry) { data.append($0) }
      return (entry.path, String(decoding: data, as: UTF8.self))
    }
  }

  static func day(_ text: String) -> LocalDate { LocalDate(text)! }

  /// Each tracker's name with its days, in the dataset's order.
  static func days(_ dataset: TrackerDataset) -> [String] {
    dataset.trackers.map { tracker in
      tracker.name + ": " + dataset.records.filter { $0.trackerId == tracker.id }.map(\.date.description).joined(separator: " ")
    }
  }
}
