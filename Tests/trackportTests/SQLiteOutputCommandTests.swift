import Foundation
import Testing
import TrackerTestSupport

/// Every SQLite writer refuses an output with an old database's `-wal`, `-shm` or `-journal`
/// beside it (exit 73, even with `--force`), and writes once it is moved away.
@Suite struct SQLiteOutputCommandTests {
  /// The SQLite writers: the output's name and the options it needs.
  static let writers: [(name: String, options: [String])] = [
    ("backup.db", []),
    ("Tracker.sqlite", ["--option", "variant=azonaz"]),
  ]

  @Test(arguments: ["-wal", "-shm", "-journal"])
  func aSidecarBesideTheOutputExits73ForEveryWriter(_ suffix: String) throws {
    let folder = try CLI.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for writer in Self.writers {
      let output = folder.appendingPathComponent(writer.name).path
      try Data("old log".utf8).write(to: URL(fileURLWithPath: output + suffix))
      let refused = try CLI.run(["convert", CLI.demo, output, "--force"] + writer.options)
      #expect(refused.status == 73, "\(writer.name): \(refused.stderr)")
      #expect(refused.stderr.contains("\(output)\(suffix) is beside the output: SQLite would apply the old"), "\(refused.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output), "\(writer.name)")
      try FileManager.default.removeItem(atPath: output + suffix)
      let written = try CLI.run(["convert", CLI.demo, output] + writer.options)
      #expect(written.status == 0, "\(writer.name): \(written.stderr)")
      #expect(FileManager.default.fileExists(atPath: output), "\(writer.name)")
    }
  }
}
